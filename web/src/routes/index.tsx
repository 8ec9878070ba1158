import { createFileRoute, redirect } from '@tanstack/react-router';

// SPEC §2: the root path opens the admin console.
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin', replace: true });
  },
});
