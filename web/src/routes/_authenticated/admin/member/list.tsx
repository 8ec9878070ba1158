import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { MemberListSearchSchema } from '../../../../features/admin-members/admin-list-search.ts';
import { MemberListPage } from '../../../../features/admin-members/member-list-page.tsx';
import { listDefaults } from '../../../../ui-kit/list/filter-schemas.ts';

export const Route = createFileRoute('/_authenticated/admin/member/list')({
  validateSearch: MemberListSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(MemberListSearchSchema))] },
  component: function MemberListRoute() {
    const navigate = Route.useNavigate();
    return (
      <MemberListPage
        search={Route.useSearch()}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});
