import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import {
  listDefaults,
  MemberListSearchSchema,
} from '../../../../features/admin-members/admin-list-search.ts';
import { memberListQuery } from '../../../../features/admin-members/admin-member-queries.ts';
import { MemberListPage } from '../../../../features/admin-members/member-list-page.tsx';

export const Route = createFileRoute('/_authenticated/admin/member/list')({
  validateSearch: MemberListSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(MemberListSearchSchema))] },
  loaderDeps: ({ search }) => search,
  // Not awaited: a new page or filter keeps the rows shown until the next ones arrive.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(memberListQuery(deps));
  },
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
