import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LoginLogListSearchSchema } from '../../../../features/admin-access/admin-access-search.ts';
import { LoginLogListPage } from '../../../../features/admin-access/login-log-list-page.tsx';
import { listDefaults } from '../../../../ui-kit/list/filter-schemas.ts';

export const Route = createFileRoute('/_authenticated/admin/loginlog/list')({
  validateSearch: LoginLogListSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(LoginLogListSearchSchema))] },
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
