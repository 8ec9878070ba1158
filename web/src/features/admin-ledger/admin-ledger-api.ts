import {
  AdjustmentSchema,
  type AdjustmentStatus,
  AdminBalanceLogEntrySchema,
  AdminWalletAccountSchema,
  AssetBookSchema,
  ledgerWriteAnswerSchema,
  ReconciliationRunAnswerSchema,
} from '@ledger/contracts';
import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, type SearchParams } from '../../lib/api-client.ts';
import { toApiFailure } from '../../lib/api-failure.ts';
import { afterLatestWrite, rememberWrite } from '../../lib/written-position.ts';
import { type ListSearch, listPageSchema, listQueryParams } from '../../ui-kit/list/list-search.ts';
import type { AdminAccountListSearch, AdminBalanceLogSearch } from './admin-ledger-search.ts';

/**
 * The administrator's ledger calls (SPEC §2 account/list, account/{seq}/view and /balance-log,
 * SPEC §4 status change, SPEC §6 forced adjustments): reads wait for the app's last write
 * (`?after=`); commands are pessimistic and carry the Idempotency-Key made on submission.
 */

export const adminLedgerKeys = {
  all: ['admin', 'ledger'] as const,
  accounts: (search: Record<string, unknown>) => ['admin', 'ledger', 'accounts', search] as const,
  account: (seq: number) => ['admin', 'ledger', 'account', seq] as const,
  balanceLog: (seq: number, search: AdminBalanceLogSearch) =>
    ['admin', 'ledger', 'account', seq, 'balance-log', search] as const,
  adjustments: (filter: AdjustmentFilter) => ['admin', 'ledger', 'adjustments', filter] as const,
  books: ['admin', 'ledger', 'books'] as const,
  reconciliation: ['admin', 'ledger', 'reconciliation'] as const,
};

async function read(client: QueryClient, path: string, signal: AbortSignal, params: SearchParams) {
  return api.get(path, { searchParams: { ...params, ...afterLatestWrite(client) }, signal });
}

const AccountAnswerSchema = z.object({ data: AdminWalletAccountSchema });
const BooksAnswerSchema = z.object({ data: z.array(AssetBookSchema) });

/** GET /admin/account: one page of member accounts (filters, sort, period in the URL). */
export function adminAccountListQuery(
  search: ListSearch & Partial<Pick<AdminAccountListSearch, 'member_seq' | 'asset' | 'status'>>,
) {
  return queryOptions({
    queryKey: adminLedgerKeys.accounts(search),
    queryFn: async ({ client, signal }) =>
      listPageSchema(AdminWalletAccountSchema).parse(
        await read(client, 'admin/account', signal, listQueryParams(search)),
      ),
  });
}

/**
 * GET /admin/member/{seq}/account: one page of a member's accounts (the member view's tab, SPEC §2
 * member/{seq}/account), under the same keys as the account list so a write refreshes both.
 */
export function adminMemberAccountListQuery(memberSeq: number, search: ListSearch) {
  return queryOptions({
    queryKey: adminLedgerKeys.accounts({ ...search, member_seq: memberSeq }),
    queryFn: async ({ client, signal }) =>
      listPageSchema(AdminWalletAccountSchema).parse(
        await read(client, `admin/member/${memberSeq}/account`, signal, listQueryParams(search)),
      ),
  });
}

/** GET /admin/account/{seq}: one account with its status reason and open holds. */
export function adminAccountQuery(seq: number) {
  return queryOptions({
    queryKey: adminLedgerKeys.account(seq),
    queryFn: async ({ client, signal }) =>
      AccountAnswerSchema.parse(await read(client, `admin/account/${seq}`, signal, {})).data,
    retry: (failures, error) => failures < 1 && toApiFailure(error).httpStatusCode >= 500,
  });
}

/** GET /admin/account/{seq}/balance-log: the account's log with actor and command. */
export function adminBalanceLogQuery(seq: number, search: AdminBalanceLogSearch) {
  return queryOptions({
    queryKey: adminLedgerKeys.balanceLog(seq, search),
    queryFn: async ({ client, signal }) =>
      listPageSchema(AdminBalanceLogEntrySchema).parse(
        await read(client, `admin/account/${seq}/balance-log`, signal, listQueryParams(search)),
      ),
  });
}

export type AdjustmentFilter = {
  status?: AdjustmentStatus | undefined;
  account_seq?: number | undefined;
  page: number;
  page_size: number;
};

/** GET /admin/adjustment: forced adjustments, newest first (the pending ones: status=proposed). */
export function adjustmentListQuery(filter: AdjustmentFilter) {
  return queryOptions({
    queryKey: adminLedgerKeys.adjustments(filter),
    queryFn: async ({ client, signal }) =>
      listPageSchema(AdjustmentSchema).parse(
        await read(client, 'admin/adjustment', signal, { ...filter }),
      ),
  });
}

/** GET /admin/book: the per-asset books (every system account, the members' total, sum = 0). */
export function booksQuery() {
  return queryOptions({
    queryKey: adminLedgerKeys.books,
    queryFn: async ({ client, signal }) =>
      BooksAnswerSchema.parse(await read(client, 'admin/book', signal, {})).data,
  });
}

/**
 * GET /admin/ledger-reconciliation: the newest run, or 404 `reconciliation_not_run` before the
 * first. Runs are stored by the projector's job, not projected from the log, so there is no
 * `?after=` to wait for (the route's strict query would refuse it); and a run is never shown
 * from the cache without asking again (`staleTime: 0`): an operator checks the books with it.
 */
export function reconciliationRunQuery() {
  return queryOptions({
    queryKey: adminLedgerKeys.reconciliation,
    queryFn: async ({ signal }) =>
      ReconciliationRunAnswerSchema.parse(await api.get('admin/ledger-reconciliation', { signal }))
        .data,
    staleTime: 0,
    // "Not run yet" is an answer, not a failure worth asking again.
    retry: (failures, error) => failures < 1 && toApiFailure(error).httpStatusCode >= 500,
  });
}

/**
 * POST /admin/ledger-reconciliation (write API): a run now, answered with its result (201); 409
 * `reconciliation_running` while one is in flight. It decides and appends nothing, so it carries
 * no Idempotency-Key, and its answer becomes the newest run at once.
 */
export function runReconciliationMutation() {
  return mutationOptions({
    mutationKey: ['admin', 'ledger', 'reconcile'],
    mutationFn: async (_: undefined, { client }) => {
      const answer = await api.post('admin/ledger-reconciliation', { json: {} });
      const run = ReconciliationRunAnswerSchema.parse(answer).data;
      client.setQueryData(adminLedgerKeys.reconciliation, run);
      return run;
    },
  });
}

type Submission<Fields> = { fields: Fields; idempotencyKey: string };

async function afterWrite(client: QueryClient, answer: Record<string, unknown>) {
  rememberWrite(client, answer);
  await client.invalidateQueries({ queryKey: adminLedgerKeys.all });
}

export type StatusChange = { seq: number; status: 'normal' | 'fraud'; reason: string };

/** PUT /admin/account/{seq}/status: normal ↔ fraud, with the reason confirmed. */
export function changeStatusMutation() {
  return mutationOptions({
    mutationKey: ['admin', 'ledger', 'status'],
    mutationFn: async ({ fields, idempotencyKey }: Submission<StatusChange>, { client }) => {
      const { seq, ...body } = fields;
      const answer = await api.put(`admin/account/${seq}/status`, { json: body, idempotencyKey });
      await afterWrite(client, answer);
    },
  });
}

export type AdjustmentProposal = {
  account_seq: number;
  direction: 'credit' | 'debit';
  amount: string;
  reason: string;
};

/** POST /admin/adjustment: proposes (and, within the single-approval threshold, executes). */
export function proposeAdjustmentMutation() {
  return mutationOptions({
    mutationKey: ['admin', 'ledger', 'propose'],
    mutationFn: async ({ fields, idempotencyKey }: Submission<AdjustmentProposal>, { client }) => {
      const answer = await api.post('admin/adjustment', { json: fields, idempotencyKey });
      const adjustment = ledgerWriteAnswerSchema(AdjustmentSchema).parse(answer).data;
      await afterWrite(client, answer);
      return adjustment;
    },
  });
}

/** POST /admin/adjustment/{id}/approve: by another administrator; executes the adjustment. */
export function approveAdjustmentMutation() {
  return mutationOptions({
    mutationKey: ['admin', 'ledger', 'approve'],
    mutationFn: async ({ fields, idempotencyKey }: Submission<{ id: string }>, { client }) => {
      const answer = await api.post(`admin/adjustment/${fields.id}/approve`, {
        json: {},
        idempotencyKey,
      });
      const adjustment = ledgerWriteAnswerSchema(AdjustmentSchema).parse(answer).data;
      await afterWrite(client, answer);
      return adjustment;
    },
  });
}

/** POST /admin/adjustment/{id}/reject: closes a proposal, with a reason. */
export function rejectAdjustmentMutation() {
  return mutationOptions({
    mutationKey: ['admin', 'ledger', 'reject'],
    mutationFn: async (
      { fields, idempotencyKey }: Submission<{ id: string; reason: string }>,
      { client },
    ) => {
      const answer = await api.post(`admin/adjustment/${fields.id}/reject`, {
        json: { reason: fields.reason },
        idempotencyKey,
      });
      await afterWrite(client, answer);
    },
  });
}

const BalanceAtAnswerSchema = z.object({
  data: z.object({
    at: z.string(),
    balance: z.string(),
    holding_balance: z.string(),
    available_balance: z.string(),
    entry: z.string().nullable(),
  }),
});

/** GET /admin/account/{seq}/balance?at=: the account's balances at an instant (from its log). */
export function adminBalanceAtQuery(seq: number, at: string) {
  return queryOptions({
    queryKey: [...adminLedgerKeys.account(seq), 'balance-at', at] as const,
    queryFn: async ({ client, signal }) =>
      BalanceAtAnswerSchema.parse(
        await read(client, `admin/account/${seq}/balance`, signal, { at }),
      ).data,
  });
}

/** The ledger policy keys of the settings catalogue (ADR 0011 addendum). */
export const ledgerSettingKeys = [
  'ledger.accountsPerAssetMax',
  'ledger.memberTransferScope',
  'ledger.memberTransferFee',
  'ledger.adjustmentSingleApprovalMax',
] as const;
export type LedgerSettingKey = (typeof ledgerSettingKeys)[number];

const AmountPerAssetSchema = z.record(z.string(), z.string());
const LedgerSettingsSchema = z.object({
  'ledger.accountsPerAssetMax': z.number().int(),
  'ledger.memberTransferScope': z.enum(['own_accounts', 'any_member']),
  'ledger.memberTransferFee': AmountPerAssetSchema,
  'ledger.adjustmentSingleApprovalMax': AmountPerAssetSchema,
});
export type LedgerSettings = z.infer<typeof LedgerSettingsSchema>;

const ledgerSettingsKey = ['admin', 'ledger', 'settings'] as const;

/** GET /admin/setting, the ledger policy part. */
export function ledgerSettingsQuery() {
  return queryOptions({
    queryKey: ledgerSettingsKey,
    queryFn: async ({ client, signal }): Promise<LedgerSettings> => {
      const { data } = z
        .object({ data: z.array(z.object({ key: z.string(), value: z.unknown() })) })
        .parse(await read(client, 'admin/setting', signal, {}));
      return LedgerSettingsSchema.parse(
        Object.fromEntries(
          data
            .filter((row) => (ledgerSettingKeys as readonly string[]).includes(row.key))
            .map((row) => [row.key, row.value]),
        ),
      );
    },
  });
}

/** PUT /admin/setting/{key} (chief administrator): one SettingChanged event. */
export function ledgerSettingMutation() {
  return mutationOptions({
    mutationKey: ['admin', 'ledger', 'setting'],
    mutationFn: async ({ key, value }: { key: LedgerSettingKey; value: unknown }, { client }) => {
      rememberWrite(client, await api.put(`admin/setting/${key}`, { json: { value } }));
      await client.invalidateQueries({ queryKey: ledgerSettingsKey });
    },
  });
}
