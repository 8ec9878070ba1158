import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LoginLogListSearchSchema } from '../../../../features/admin-access/admin-access-search.ts';
import { loginLogQuery } from '../../../../features/admin-access/login-log.tsx';
import { LoginLogListPage } from '../../../../features/admin-access/login-log-list-page.tsx';
import { listDefaults } from '../../../../features/admin-members/admin-list-search.ts';

export const Route = createFileRoute('/_authenticated/admin/loginlog/list')({
  validateSearch: LoginLogListSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(LoginLogListSearchSchema))] },
  loaderDeps: ({ search }) => search,
  // Not awaited: a new page or filter keeps the rows shown until the next ones arrive.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(loginLogQuery(deps));
  },
  component: function LoginLogListRoute() {
    const navigate = Route.useNavigate();
    return (
      <LoginLogListPage
        search={Route.useSearch()}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});
