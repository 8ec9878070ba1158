import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import {
  listDefaults,
  MemberGroupListSearchSchema,
} from '../../../../../features/admin-members/admin-list-search.ts';
import { memberGroupListQuery } from '../../../../../features/admin-members/admin-member-queries.ts';
import { MemberGroupListPage } from '../../../../../features/admin-members/member-group-list-page.tsx';

export const Route = createFileRoute('/_authenticated/admin/member/group/list')({
  validateSearch: MemberGroupListSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(MemberGroupListSearchSchema))] },
  loaderDeps: ({ search }) => search,
  // Not awaited: a new page or filter keeps the rows shown until the next ones arrive.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(memberGroupListQuery(deps));
  },
  component: function MemberGroupListRoute() {
    const navigate = Route.useNavigate();
    return (
      <MemberGroupListPage
        search={Route.useSearch()}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});
