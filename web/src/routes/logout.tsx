import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { LogoutPage } from '../features/auth/logout-page.tsx';

export const Route = createFileRoute('/logout')({
  validateSearch: z.object({ from: z.string().max(2_000).optional().catch(undefined) }),
  component: function LogoutRoute() {
    return <LogoutPage from={Route.useSearch().from} />;
  },
});
