import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { ActivityLogListPage } from '../../../../features/admin-access/activity-log-list-page.tsx';
import { ActivityLogListSearchSchema } from '../../../../features/admin-access/admin-access-search.ts';
import { listDefaults } from '../../../../ui-kit/list/filter-schemas.ts';

export const Route = createFileRoute('/_authenticated/admin/activity-log/list')({
  validateSearch: ActivityLogListSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(ActivityLogListSearchSchema))] },
  component: function ActivityLogListRoute() {
    const navigate = Route.useNavigate();
    return (
      <ActivityLogListPage
        search={Route.useSearch()}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});
