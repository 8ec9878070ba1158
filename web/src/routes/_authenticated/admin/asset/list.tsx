import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { AssetListSearchSchema as AssetListSchema } from '../../../../features/admin-assets/admin-assets-search.ts';
import { AssetListPage } from '../../../../features/admin-assets/asset-list-page.tsx';
import { listDefaults } from '../../../../ui-kit/list/filter-schemas.ts';

/** SPEC §2 admin asset/list. */
export const Route = createFileRoute('/_authenticated/admin/asset/list')({
  validateSearch: AssetListSchema,
  search: { middlewares: [stripSearchParams(listDefaults(AssetListSchema))] },
  component: function AssetListRoute() {
    const navigate = Route.useNavigate();
    return (
      <AssetListPage
        search={Route.useSearch()}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});
