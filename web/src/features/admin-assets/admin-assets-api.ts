import {
  type ApproveAllPreview,
  ApproveAllPreviewSchema,
  AssetPluginSchema,
  AssetSchema,
  ChainDepositSchema,
  type ChangeAssetRequest,
  type CreateAssetRequest,
  DepositRequestSchema,
} from '@ledger/contracts';
import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, type SearchParams } from '../../lib/api-client.ts';
import { afterLatestWrite, rememberWrite } from '../../lib/written-position.ts';
import { listPageSchema, listQueryParams } from '../../ui-kit/list/list-search.ts';
import type { AdminDepositSearch, AssetListSearch } from './admin-assets-search.ts';

/**
 * The administrators' asset, plug-in and deposit calls (SPEC §2 asset/list, asset-plugin/list,
 * deposit/list): lists that wait for the app's last write, and the commands, each
 * invalidating every list of this feature after it.
 */

export const adminAssetKeys = {
  all: ['admin-assets'] as const,
  assets: (search: AssetListSearch) => ['admin-assets', 'assets', search] as const,
  plugins: ['admin-assets', 'plugins'] as const,
  deposits: (search: AdminDepositSearch) => ['admin-assets', 'deposits', search] as const,
  requests: (search: AdminDepositSearch) => ['admin-assets', 'requests', search] as const,
};

async function read(client: QueryClient, path: string, signal: AbortSignal, params: SearchParams) {
  return api.get(path, { searchParams: { ...params, ...afterLatestWrite(client) }, signal });
}

export function adminAssetListQuery(search: AssetListSearch) {
  return queryOptions({
    queryKey: adminAssetKeys.assets(search),
    queryFn: async ({ client, signal }) =>
      listPageSchema(AssetSchema).parse(
        await read(client, 'admin/asset', signal, listQueryParams(search)),
      ),
  });
}

export function assetPluginListQuery() {
  return queryOptions({
    queryKey: adminAssetKeys.plugins,
    queryFn: async ({ client, signal }) =>
      z
        .object({ data: z.array(AssetPluginSchema) })
        .parse(await read(client, 'admin/asset-plugin', signal, {})).data,
  });
}

/** The list's query string: the tab is the screen's, not the API's. */
function depositParams(search: AdminDepositSearch): SearchParams {
  const { tab: _tab, ...query } = search;
  return listQueryParams(query);
}

export function adminDepositListQuery(search: AdminDepositSearch) {
  return queryOptions({
    queryKey: adminAssetKeys.deposits(search),
    queryFn: async ({ client, signal }) =>
      listPageSchema(ChainDepositSchema).parse(
        await read(client, 'admin/deposit', signal, depositParams(search)),
      ),
  });
}

export function adminDepositRequestListQuery(search: AdminDepositSearch) {
  return queryOptions({
    queryKey: adminAssetKeys.requests(search),
    queryFn: async ({ client, signal }) =>
      listPageSchema(DepositRequestSchema).parse(
        await read(client, 'admin/deposit-request', signal, {
          ...depositParams(search),
          suspense: undefined,
        }),
      ),
  });
}

async function afterWrite(client: QueryClient, answer: Record<string, unknown>) {
  rememberWrite(client, answer);
  await client.invalidateQueries({ queryKey: adminAssetKeys.all });
}

export type AssetCommand =
  | { kind: 'create'; body: CreateAssetRequest }
  | { kind: 'change'; code: string; body: ChangeAssetRequest }
  | { kind: 'freeze'; code: string; frozen: boolean; reason: string };

export function assetCommandMutation() {
  return mutationOptions({
    mutationKey: ['admin-assets', 'asset'],
    mutationFn: async (command: AssetCommand, { client }) => {
      const answer = await (() => {
        switch (command.kind) {
          case 'create':
            return api.post('admin/asset', { json: command.body });
          case 'change':
            return api.put(`admin/asset/${command.code}`, { json: command.body });
          case 'freeze':
            return api.put(`admin/asset/${command.code}/freeze`, {
              json: { frozen: command.frozen, reason: command.reason },
            });
        }
      })();
      await afterWrite(client, answer);
      return answer;
    },
  });
}

export type PluginFields = {
  plugin_id: string;
  asset: string;
  plugin: 'simulated';
  title: string;
  start_block: number;
  allow_scan: boolean;
};

export function pluginCommandMutation() {
  return mutationOptions({
    mutationKey: ['admin-assets', 'plugin'],
    mutationFn: async (
      command: { kind: 'create'; fields: PluginFields } | { kind: 'change'; fields: PluginFields },
      { client },
    ) => {
      const { plugin_id, title, start_block, allow_scan } = command.fields;
      const answer =
        command.kind === 'create'
          ? await api.post('admin/asset-plugin', { json: command.fields })
          : await api.put(`admin/asset-plugin/${plugin_id}`, {
              json: { title, start_block, allow_scan },
            });
      await afterWrite(client, answer);
      return answer;
    },
  });
}

export type DepositCommand =
  | { kind: 'approve'; requestId: string }
  | { kind: 'reject'; requestId: string; reason: string }
  | { kind: 'approveAll' }
  | { kind: 'attribute'; depositId: string; accountSeq: number }
  | { kind: 'return'; depositId: string; reason: string };

export function depositCommandMutation() {
  return mutationOptions({
    mutationKey: ['admin-assets', 'deposit'],
    mutationFn: async (command: DepositCommand, { client }) => {
      const answer = await (() => {
        switch (command.kind) {
          case 'approve':
            return api.post(`admin/deposit-request/${command.requestId}/approve`, { json: {} });
          case 'reject':
            return api.post(`admin/deposit-request/${command.requestId}/reject`, {
              json: { reason: command.reason },
            });
          case 'approveAll':
            return api.post('admin/deposit-request/approve-all', { json: {} });
          case 'attribute':
            return api.post(`admin/deposit/${encodeURIComponent(command.depositId)}/attribute`, {
              json: { account_seq: command.accountSeq },
            });
          case 'return':
            return api.post(`admin/deposit/${encodeURIComponent(command.depositId)}/return`, {
              json: { reason: command.reason },
            });
        }
      })();
      await afterWrite(client, answer);
      return answer;
    },
  });
}

/**
 * What approving every waiting deposit request would do (`?dry_run=true`, the same scope as the
 * real call): how many and how much per asset; nothing is approved.
 */
export async function previewDepositApproveAll(): Promise<ApproveAllPreview> {
  const answer = await api.post('admin/deposit-request/approve-all', {
    searchParams: { dry_run: true },
    json: {},
  });
  return z.object({ data: ApproveAllPreviewSchema }).parse(answer).data;
}
