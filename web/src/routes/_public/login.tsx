import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../../features/auth/login-page.tsx';
import { homePath } from '../../features/auth/redirect-target.ts';

export const Route = createFileRoute('/_public/login')({
  // SPEC §2: a logged-in user is sent home.
  beforeLoad: async ({ context }) => {
    if ((await context.session.ensureMember()) !== undefined) throw redirect({ href: homePath });
  },
  component: LoginPage,
});
