import { ChainDepositSchema, DepositAddressSchema, DepositRequestSchema } from '@ledger/contracts';
import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, type SearchParams } from '../../lib/api-client.ts';
import { walletKeys } from '../../lib/queries/wallet-api.ts';
import { afterLatestWrite, rememberWrite } from '../../lib/written-position.ts';
import { listPageSchema, listQueryParams } from '../../ui-kit/list/list-search.ts';
import type { DepositHistorySearch } from './deposit-search.ts';

/**
 * The member's deposit calls (SPEC §2 Wallet: deposit): the active assets, an
 * account's deposit address (created on request, with its memo ID where the asset needs one),
 * the deposit history (pending deposits with their confirmations) and manual deposit requests.
 * Reads wait for the app's last write (`?after=`).
 */

export const depositKeys = {
  all: ['deposit'] as const,
  assets: ['deposit', 'assets'] as const,
  address: (seq: number) => ['deposit', 'address', seq] as const,
  history: (search: DepositHistorySearch) => ['deposit', 'history', search] as const,
  requests: (search: DepositHistorySearch) => ['deposit', 'requests', search] as const,
};

async function read(client: QueryClient, path: string, signal: AbortSignal, params: SearchParams) {
  return api.get(path, { searchParams: { ...params, ...afterLatestWrite(client) }, signal });
}

/** GET /account/{seq}/deposit-address: the address, or null before the member creates it. */
export function depositAddressQuery(seq: number) {
  return queryOptions({
    queryKey: depositKeys.address(seq),
    queryFn: async ({ client, signal }) =>
      z
        .object({ data: DepositAddressSchema.nullable() })
        .parse(await read(client, `account/${seq}/deposit-address`, signal, {})).data,
  });
}

/** GET /deposit: the member's chain deposits (pending ones with their confirmations). */
export function depositHistoryQuery(search: DepositHistorySearch) {
  return queryOptions({
    queryKey: depositKeys.history(search),
    queryFn: async ({ client, signal }) =>
      listPageSchema(ChainDepositSchema).parse(
        await read(client, 'deposit', signal, listQueryParams(search)),
      ),
    // Pending deposits gain confirmations as blocks arrive.
    refetchInterval: 5_000,
  });
}

/** GET /deposit-request: the member's manually confirmed deposit requests. */
export function depositRequestHistoryQuery(search: DepositHistorySearch) {
  return queryOptions({
    queryKey: depositKeys.requests(search),
    queryFn: async ({ client, signal }) =>
      listPageSchema(DepositRequestSchema).parse(
        await read(client, 'deposit-request', signal, listQueryParams(search)),
      ),
  });
}

async function afterWrite(client: QueryClient, answer: Record<string, unknown>) {
  rememberWrite(client, answer);
  await client.invalidateQueries({ queryKey: depositKeys.all });
}

/** POST /account/{seq}/deposit-address: creates the address (and memo ID); again: the same one. */
export function createDepositAddressMutation() {
  return mutationOptions({
    mutationKey: ['deposit', 'address'],
    mutationFn: async (seq: number, { client }) => {
      const answer = await api.post(`account/${seq}/deposit-address`, { json: {} });
      const address = z.object({ data: DepositAddressSchema }).parse(answer).data;
      await afterWrite(client, answer);
      return address;
    },
  });
}

export type DepositRequestFields = {
  accountSeq: number;
  amount: string;
  /** The asset's deposit extra form values (checked on the form and by the server). */
  extra?: Record<string, string> | undefined;
};

/** POST /deposit-request with the form's Idempotency-Key. */
export function depositRequestMutation() {
  return mutationOptions({
    mutationKey: ['deposit', 'request'],
    mutationFn: async (
      submission: { fields: DepositRequestFields; idempotencyKey: string },
      { client },
    ) => {
      const answer = await api.post('deposit-request', {
        json: {
          account_seq: submission.fields.accountSeq,
          request_amount: submission.fields.amount,
          ...(submission.fields.extra === undefined ||
          Object.keys(submission.fields.extra).length === 0
            ? {}
            : { extra: submission.fields.extra }),
        },
        idempotencyKey: submission.idempotencyKey,
      });
      await afterWrite(client, answer);
      await client.invalidateQueries({ queryKey: walletKeys.all });
      return answer;
    },
  });
}
