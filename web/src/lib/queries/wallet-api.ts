import {
  AccountTransferAnswerSchema,
  BalanceLogEntrySchema,
  ledgerWriteAnswerSchema,
  WalletAccountSchema,
  WalletAssetSchema,
} from '@ledger/contracts';
import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { listPageSchema, listQueryParams } from '../../ui-kit/list/list-search.ts';
import { api, type SearchParams } from '../api-client.ts';
import { toApiFailure } from '../api-failure.ts';
import { afterLatestWrite, rememberWrite } from '../written-position.ts';
import type { BalanceLogSearch, WalletSearch } from './wallet-search.ts';

/**
 * The member wallet's calls (SPEC §2 Wallet): reads as queryOptions factories shared by
 * route loaders and screens, each waiting for the app's last write (`?after=`); commands are
 * pessimistic, with the Idempotency-Key the form made when the member submitted it.
 */

export const walletKeys = {
  all: ['wallet'] as const,
  assets: ['wallet', 'assets'] as const,
  accounts: (search: WalletSearch) => ['wallet', 'accounts', search] as const,
  allAccounts: ['wallet', 'accounts', 'all'] as const,
  account: (seq: number) => ['wallet', 'account', seq] as const,
  balanceLog: (seq: number, search: BalanceLogSearch) =>
    ['wallet', 'account', seq, 'balance-log', search] as const,
};

async function read(client: QueryClient, path: string, signal: AbortSignal, params: SearchParams) {
  return api.get(path, { searchParams: { ...params, ...afterLatestWrite(client) }, signal });
}

const AssetListAnswerSchema = z.object({ data: z.array(WalletAssetSchema) });
const AccountAnswerSchema = z.object({ data: WalletAccountSchema });

/** A "no such account" answer is final: asking again gives the same answer. */
const retryUnlessClientError = (failures: number, error: unknown) =>
  failures < 1 && toApiFailure(error).httpStatusCode >= 500;

/** GET /account-asset: every asset the ledger knows, with the member's totals in it. */
export function walletAssetsQuery() {
  return queryOptions({
    queryKey: walletKeys.assets,
    queryFn: async ({ client, signal }) =>
      AssetListAnswerSchema.parse(await read(client, 'account-asset', signal, {})).data,
  });
}

/** GET /account: one page of the member's accounts (server paging, sorting, asset filter). */
export function walletAccountsQuery(search: WalletSearch) {
  return queryOptions({
    queryKey: walletKeys.accounts(search),
    queryFn: async ({ client, signal }) =>
      listPageSchema(WalletAccountSchema).parse(
        await read(client, 'account', signal, listQueryParams(search)),
      ),
  });
}

/** Every account of the member (no_paging=1), for the transfer form's choices. */
export function allWalletAccountsQuery() {
  return queryOptions({
    queryKey: walletKeys.allAccounts,
    queryFn: async ({ client, signal }) =>
      listPageSchema(WalletAccountSchema).parse(
        await read(client, 'account', signal, { no_paging: 1, sort: 'seq', order: 'asc' }),
      ).data,
  });
}

/** GET /account/{seq}: one of the member's accounts (another member's is a 404). */
export function walletAccountQuery(seq: number) {
  return queryOptions({
    queryKey: walletKeys.account(seq),
    queryFn: async ({ client, signal }) =>
      AccountAnswerSchema.parse(await read(client, `account/${seq}`, signal, {})).data,
    retry: retryUnlessClientError,
  });
}

/** GET /account/{seq}/balance-log: the account's balance changes (paged, period, order). */
export function balanceLogQuery(seq: number, search: BalanceLogSearch) {
  return queryOptions({
    queryKey: walletKeys.balanceLog(seq, search),
    queryFn: async ({ client, signal }) =>
      listPageSchema(BalanceLogEntrySchema).parse(
        await read(client, `account/${seq}/balance-log`, signal, listQueryParams(search)),
      ),
  });
}

/** A form's submission: its fields, and the Idempotency-Key made when the member submitted it. */
export type Submission<Fields> = { fields: Fields; idempotencyKey: string };

export type OpenAccountFields = { asset: string; title: string };
export type TitleFields = { seq: number; title: string };
export type TransferFields = {
  source_account_seq: number;
  amount: string;
} & ({ target_account_seq: number } | { target_account_number: string });

/** After a write: remember its position, then read every wallet query again (after it). */
async function afterWrite(client: QueryClient, answer: Record<string, unknown>) {
  rememberWrite(client, answer);
  await client.invalidateQueries({ queryKey: walletKeys.all });
}

/** POST /account: opens an account in an asset, with its title. */
export function openAccountMutation() {
  return mutationOptions({
    mutationKey: ['wallet', 'open-account'],
    mutationFn: async ({ fields, idempotencyKey }: Submission<OpenAccountFields>, { client }) => {
      const answer = await api.post('account', { json: fields, idempotencyKey });
      const opened = ledgerWriteAnswerSchema(WalletAccountSchema).parse(answer).data;
      await afterWrite(client, answer);
      return opened;
    },
  });
}

/** PUT /account/{seq}: the account's new title. */
export function changeTitleMutation() {
  return mutationOptions({
    mutationKey: ['wallet', 'title'],
    mutationFn: async ({ fields, idempotencyKey }: Submission<TitleFields>, { client }) => {
      const answer = await api.put(`account/${fields.seq}`, {
        json: { title: fields.title },
        idempotencyKey,
      });
      await afterWrite(client, answer);
    },
  });
}

/** POST /account-transfer: money from one of the member's accounts to another account. */
export function transferMutation() {
  return mutationOptions({
    mutationKey: ['wallet', 'transfer'],
    mutationFn: async ({ fields, idempotencyKey }: Submission<TransferFields>, { client }) => {
      const answer = await api.post('account-transfer', { json: fields, idempotencyKey });
      const transfer = AccountTransferAnswerSchema.parse(answer).data;
      await afterWrite(client, answer);
      return transfer;
    },
  });
}
