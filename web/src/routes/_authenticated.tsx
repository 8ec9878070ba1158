import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_authenticated')({
  // SPEC §2: refresh the token, then validate the session; a visitor goes to login-me.
  beforeLoad: async ({ context, location }) => {
    const member = await context.session.ensureMember();
    if (member !== undefined) return { member };
    const isBrokerageConsole = location.pathname.startsWith('/brokerage-console');
    throw redirect({
      to: '/login-me',
      search: {
        redirectFrom: location.href,
        ...(isBrokerageConsole ? { dashboard_type: 'brokerage' as const } : {}),
      },
    });
  },
});
