import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { FaqListSearchSchema } from '../../../../../features/admin-cs/admin-cs-api.ts';
import { FaqListPage } from '../../../../../features/admin-cs/faq-list-page.tsx';
import { listDefaults } from '../../../../../ui-kit/list/filter-schemas.ts';

export const Route = createFileRoute('/_authenticated/admin/cs/faq/list')({
  validateSearch: FaqListSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(FaqListSearchSchema))] },
  component: function CsFaqListRoute() {
    const navigate = Route.useNavigate();
    return (
      <FaqListPage
        search={Route.useSearch()}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});
