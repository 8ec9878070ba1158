import { BrokerageSchema, listAnswerSchema } from '@ledger/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { toastFailure } from '../../ui-kit/toasts.ts';
import { api } from '../api-client.ts';
import { toApiFailure } from '../api-failure.ts';

export type Brokerage = z.infer<typeof BrokerageSchema>;

const BrokerageListAnswerSchema = listAnswerSchema(BrokerageSchema);

export const brokerageListQueryKey = ['brokerage', 'list', 'all'] as const;

/** GET /brokerage?no_paging=1: the user's brokerages; 401 means none (SPEC §8). */
export function brokerageListQueryOptions() {
  return queryOptions({
    queryKey: brokerageListQueryKey,
    queryFn: async ({ signal }): Promise<Brokerage[]> => {
      try {
        const answer = await api.get('brokerage', { searchParams: { no_paging: 1 }, signal });
        return BrokerageListAnswerSchema.parse(answer).data;
      } catch (error) {
        if (toApiFailure(error).httpStatusCode === 401) return [];
        throw error;
      }
    },
    staleTime: 60_000,
    retry: false,
  });
}

/** The brokerage list for the console's entry check; any failure but 401 is shown in a toast. */
export async function loadBrokerages(queryClient: QueryClient): Promise<Brokerage[]> {
  try {
    return await queryClient.fetchQuery(brokerageListQueryOptions());
  } catch (error) {
    toastFailure(error);
    return [];
  }
}
