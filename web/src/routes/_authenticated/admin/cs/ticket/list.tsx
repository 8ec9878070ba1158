import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { TicketListSearchSchema } from '../../../../../features/admin-cs/admin-cs-api.ts';
import { TicketListPage } from '../../../../../features/admin-cs/ticket-list-page.tsx';
import { listDefaults } from '../../../../../ui-kit/list/filter-schemas.ts';

export const Route = createFileRoute('/_authenticated/admin/cs/ticket/list')({
  validateSearch: TicketListSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(TicketListSearchSchema))] },
  component: function CsTicketListRoute() {
    const navigate = Route.useNavigate();
    return (
      <TicketListPage
        search={Route.useSearch()}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});
