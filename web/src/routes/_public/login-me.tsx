import { createFileRoute } from '@tanstack/react-router';
import { LoginMePage } from '../../features/auth/login-me-page.tsx';
import { LoginMeSearchSchema } from '../../features/auth/redirect-target.ts';

export const Route = createFileRoute('/_public/login-me')({
  validateSearch: LoginMeSearchSchema,
  component: function LoginMeRoute() {
    return <LoginMePage search={Route.useSearch()} />;
  },
});
