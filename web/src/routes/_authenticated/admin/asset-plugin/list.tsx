import { createFileRoute } from '@tanstack/react-router';
import { assetPluginListQuery } from '../../../../features/admin-assets/admin-assets-api.ts';
import { AssetPluginListPage } from '../../../../features/admin-assets/asset-plugin-list-page.tsx';

/** SPEC §2 admin asset-plugin/list. */
export const Route = createFileRoute('/_authenticated/admin/asset-plugin/list')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(assetPluginListQuery());
  },
  component: AssetPluginListPage,
});
