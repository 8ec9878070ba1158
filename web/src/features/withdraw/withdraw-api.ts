import {
  WithdrawalAnswerSchema,
  WithdrawalDetailSchema,
  WithdrawalSchema,
} from '@ledger/contracts';
import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { afterLatestWrite, rememberWrite } from '../../lib/written-position.ts';
import { listPageSchema, listQueryParams } from '../../ui-kit/list/list-search.ts';
import { walletQueryRoot } from './withdraw-accounts.ts';
import type { WithdrawHistorySearch } from './withdraw-search.ts';

/**
 * The member's withdrawal calls (SPEC §2 Wallet: withdrawal application, request history with
 * inquiry and cancel). Reads wait for the app's last write; the request carries the
 * Idempotency-Key made when the member submitted the form, and the OTP code (step-up).
 */

export const withdrawKeys = {
  all: ['withdraw'] as const,
  history: (search: WithdrawHistorySearch) => ['withdraw', 'history', search] as const,
  one: (withdrawalId: string) => ['withdraw', 'one', withdrawalId] as const,
};

/** GET /withdraw: one page of the member's withdrawals. */
export function withdrawHistoryQuery(search: WithdrawHistorySearch) {
  return queryOptions({
    queryKey: withdrawKeys.history(search),
    queryFn: async ({ client, signal }) =>
      listPageSchema(WithdrawalSchema).parse(
        await api.get('withdraw', {
          searchParams: { ...listQueryParams(search), ...afterLatestWrite(client) },
          signal,
        }),
      ),
  });
}

/** GET /withdraw/{id}: one of the member's withdrawals with its transfers (inquiry). */
export function withdrawalQuery(withdrawalId: string) {
  return queryOptions({
    queryKey: withdrawKeys.one(withdrawalId),
    queryFn: async ({ client, signal }) =>
      z.object({ data: WithdrawalDetailSchema }).parse(
        await api.get(`withdraw/${withdrawalId}`, {
          searchParams: afterLatestWrite(client),
          signal,
        }),
      ).data,
  });
}

/** The application: always to one of the member's certified addresses. */
export type WithdrawFields = {
  account_seq: number;
  amount: string;
  withdraw_address_certification_seq: number;
  memo?: string | undefined;
  /** The asset's withdraw extra form values (checked on the form and by the server). */
  extra?: Record<string, string> | undefined;
  fee_type: 'deducted' | 'separate';
  otp_token: string;
};

async function afterWrite(client: QueryClient, answer: Record<string, unknown>) {
  rememberWrite(client, answer);
  await Promise.all([
    client.invalidateQueries({ queryKey: withdrawKeys.all }),
    client.invalidateQueries({ queryKey: walletQueryRoot }),
    client.invalidateQueries({ queryKey: ['withdraw', 'accounts'] }),
  ]);
}

/** POST /withdraw: the application; the answer says requested (held) or refused (and why). */
export function requestWithdrawalMutation() {
  return mutationOptions({
    mutationKey: ['withdraw', 'request'],
    mutationFn: async (
      { fields, idempotencyKey }: { fields: WithdrawFields; idempotencyKey: string },
      { client },
    ) => {
      const answer = await api.post('withdraw', { json: fields, idempotencyKey });
      const withdrawal = WithdrawalAnswerSchema.parse(answer).data;
      await afterWrite(client, answer);
      return withdrawal;
    },
  });
}

/** POST /withdraw/{id}/cancel: before it is sent, the holds go back. */
export function cancelWithdrawalMutation() {
  return mutationOptions({
    mutationKey: ['withdraw', 'cancel'],
    mutationFn: async (withdrawalId: string, { client }) => {
      const answer = await api.post(`withdraw/${withdrawalId}/cancel`, { json: {} });
      await afterWrite(client, answer);
    },
  });
}
