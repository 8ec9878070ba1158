import { useRouter } from '@tanstack/react-router';
import { useSession } from '../../lib/session/use-session.ts';
import { showSuccessToast } from '../../ui-kit/toasts.ts';

export const myPagePath = '/my-page';

/**
 * After a change that ended every session of the member (password change, OTP activation or
 * deactivation, docs/adr/0008): the local session goes too, the message says why, and the member
 * logs in again at login-me, which brings them back to my page. A withdrawal goes home instead.
 */
export function useEndSession() {
  const session = useSession();
  const router = useRouter();
  return async (message: string, destination: 'login' | 'home' = 'login') => {
    await session.logout();
    showSuccessToast(message);
    if (destination === 'home') {
      await router.navigate({ to: '/home', replace: true });
      return;
    }
    await router.navigate({
      to: '/login-me',
      search: { redirectFrom: myPagePath },
      replace: true,
    });
  };
}
