import { useRouter } from '@tanstack/react-router';
import type { Session } from './session.ts';

/** The app's session (created once with the router and handed to it as context). */
export function useSession(): Session {
  return useRouter().options.context.session;
}
