import { AssetSchema } from '@ledger/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { listPageSchema } from '../../ui-kit/list/list-search.ts';
import { api } from '../api-client.ts';
import { afterLatestWrite } from '../written-position.ts';

/**
 * The asset catalogs several screens choose from: every asset (the administrator's forms; under
 * the admin-assets key, so the asset commands' invalidation refreshes it) and the active assets
 * (the member's deposit and withdraw forms). Both wait for the app's last write (`?after=`).
 */

async function read(client: QueryClient, path: string, signal: AbortSignal) {
  return api.get(path, { searchParams: { no_paging: 1, ...afterLatestWrite(client) }, signal });
}

/** Every asset (the plug-in form's and the fee form's choices). */
export function allAssetsQuery() {
  return queryOptions({
    queryKey: ['admin-assets', 'every-asset'] as const,
    queryFn: async ({ client, signal }) =>
      listPageSchema(AssetSchema).parse(await read(client, 'admin/asset', signal)).data,
  });
}

/** GET /asset: the active assets, in output order. */
export function depositAssetsQuery() {
  return queryOptions({
    queryKey: ['deposit', 'assets'] as const,
    queryFn: async ({ client, signal }) =>
      listPageSchema(AssetSchema).parse(await read(client, 'asset', signal)).data,
  });
}
