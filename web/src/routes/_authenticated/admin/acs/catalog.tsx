import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { AcsCatalogPage } from '../../../../features/admin-access/acs-catalog-page.tsx';
import { RoleListSearchSchema } from '../../../../features/admin-access/admin-access-search.ts';
import { listDefaults } from '../../../../ui-kit/list/filter-schemas.ts';

export const Route = createFileRoute('/_authenticated/admin/acs/catalog')({
  validateSearch: RoleListSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(RoleListSearchSchema))] },
  component: function AcsCatalogRoute() {
    const navigate = Route.useNavigate();
    return (
      <AcsCatalogPage
        search={Route.useSearch()}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});
