import { withdrawalStatusValues } from '@ledger/contracts';
import { z } from 'zod';
import { listSearchSchema } from '../../ui-kit/list/list-search.ts';

/** The member's request history (GET /withdraw): status, period, order, paging in the URL. */
export const WithdrawHistorySearchSchema = listSearchSchema({
  sortKeys: ['regdate'],
  filters: { status: z.enum(withdrawalStatusValues).optional().catch(undefined) },
});
export type WithdrawHistorySearch = z.infer<typeof WithdrawHistorySearchSchema>;
