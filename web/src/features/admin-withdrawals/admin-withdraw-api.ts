import {
  AccountTransferSchema,
  type ApproveAllPreview,
  ApproveAllPreviewSchema,
  WithdrawalAnswerSchema,
  WithdrawalSchema,
  WithdrawPolicySchema,
  WithdrawTransferSchema,
} from '@ledger/contracts';
import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, type SearchParams } from '../../lib/api-client.ts';
import { afterLatestWrite, rememberWrite } from '../../lib/written-position.ts';
import { listPageSchema, listQueryParams } from '../../ui-kit/list/list-search.ts';
import type { AdminWithdrawListSearch, TransferListSearch } from './admin-withdraw-search.ts';

/**
 * The administrators' withdrawal calls (SPEC §2 money movement): lists that wait for
 * the app's last write, and the decisions (approve, reject, approve all, complete, fail, re-send,
 * key in, policy), each invalidating every withdrawal list after it.
 */

export const adminWithdrawKeys = {
  all: ['admin-withdraw'] as const,
  list: (search: AdminWithdrawListSearch) => ['admin-withdraw', 'list', search] as const,
  transfers: (search: TransferListSearch) => ['admin-withdraw', 'transfers', search] as const,
  accountTransfers: (search: TransferListSearch) =>
    ['admin-withdraw', 'account-transfers', search] as const,
  policies: ['admin-withdraw', 'policies'] as const,
};

async function read(client: QueryClient, path: string, signal: AbortSignal, params: SearchParams) {
  return api.get(path, { searchParams: { ...params, ...afterLatestWrite(client) }, signal });
}

export function adminWithdrawListQuery(search: AdminWithdrawListSearch) {
  return queryOptions({
    queryKey: adminWithdrawKeys.list(search),
    queryFn: async ({ client, signal }) =>
      listPageSchema(WithdrawalSchema).parse(
        await read(client, 'admin/withdraw', signal, listQueryParams(search)),
      ),
  });
}

export function withdrawTransferListQuery(search: TransferListSearch) {
  return queryOptions({
    queryKey: adminWithdrawKeys.transfers(search),
    queryFn: async ({ client, signal }) =>
      listPageSchema(WithdrawTransferSchema).parse(
        await read(client, 'admin/withdraw-transfer', signal, listQueryParams(search)),
      ),
  });
}

export function accountTransferListQuery(search: TransferListSearch) {
  return queryOptions({
    queryKey: adminWithdrawKeys.accountTransfers(search),
    queryFn: async ({ client, signal }) =>
      listPageSchema(AccountTransferSchema).parse(
        await read(client, 'admin/account-transfer', signal, listQueryParams(search)),
      ),
  });
}

export function withdrawPoliciesQuery() {
  return queryOptions({
    queryKey: adminWithdrawKeys.policies,
    queryFn: async ({ client, signal }) =>
      z
        .object({ data: z.array(WithdrawPolicySchema) })
        .parse(await read(client, 'admin/withdraw-policy', signal, {})).data,
  });
}

async function afterWrite(client: QueryClient, answer: Record<string, unknown>) {
  rememberWrite(client, answer);
  await client.invalidateQueries({ queryKey: adminWithdrawKeys.all });
}

export type WithdrawAction =
  | { kind: 'approve'; withdrawalId: string }
  | { kind: 'reject'; withdrawalId: string; reason: string }
  | { kind: 'complete'; withdrawalId: string; txid: string }
  | { kind: 'fail'; withdrawalId: string; reason: string }
  | { kind: 'resend'; withdrawalId: string; idempotencyKey: string }
  | { kind: 'keyIn'; withdrawalId: string; txid: string; idempotencyKey: string };

/** One administrator decision on one withdrawal. */
export function withdrawActionMutation() {
  return mutationOptions({
    mutationKey: ['admin-withdraw', 'action'],
    mutationFn: async (action: WithdrawAction, { client }) => {
      const base = `admin/withdraw/${action.withdrawalId}`;
      const answer = await (() => {
        switch (action.kind) {
          case 'approve':
            return api.post(`${base}/approve`, { json: {} });
          case 'reject':
            return api.post(`${base}/reject`, { json: { reason: action.reason } });
          case 'complete':
            return api.post(`${base}/complete`, { json: { txid: action.txid } });
          case 'fail':
            return api.post(`${base}/fail`, { json: { reason: action.reason } });
          case 'resend':
            return api.post(`${base}/resend`, { json: {}, idempotencyKey: action.idempotencyKey });
          case 'keyIn':
            return api.post(`${base}/key-in`, {
              json: { txid: action.txid },
              idempotencyKey: action.idempotencyKey,
            });
        }
      })();
      const withdrawal = WithdrawalAnswerSchema.parse(answer).data;
      await afterWrite(client, answer);
      return withdrawal;
    },
  });
}

/**
 * What approving every waiting withdrawal would do (`?dry_run=true`): how many and how much per
 * asset; nothing is approved.
 */
export async function previewWithdrawApproveAll(): Promise<ApproveAllPreview> {
  const answer = await api.post('admin/withdraw/approve-all', {
    searchParams: { dry_run: true },
    json: {},
  });
  return z.object({ data: ApproveAllPreviewSchema }).parse(answer).data;
}

/** POST /admin/withdraw/approve-all: approves every waiting request; says how many. */
export function approveAllMutation() {
  return mutationOptions({
    mutationKey: ['admin-withdraw', 'approve-all'],
    mutationFn: async (_: undefined, { client }) => {
      const answer = await api.post('admin/withdraw/approve-all', { json: {} });
      const { approved } = z
        .object({ data: z.object({ approved: z.number() }) })
        .parse(answer).data;
      await client.invalidateQueries({ queryKey: adminWithdrawKeys.all });
      return approved;
    },
  });
}

export type WithdrawPolicyFields = {
  asset: string;
  one_time_limit: string | null;
  daily_limit: string | null;
  fee_type: 'deducted' | 'separate';
  fee_amount: string;
  fee_asset: string;
};

/** PUT /admin/withdraw-policy/{asset}. */
export function setWithdrawPolicyMutation() {
  return mutationOptions({
    mutationKey: ['admin-withdraw', 'policy'],
    mutationFn: async ({ asset, ...fields }: WithdrawPolicyFields, { client }) => {
      const answer = await api.put(`admin/withdraw-policy/${asset}`, { json: fields });
      await afterWrite(client, answer);
    },
  });
}
