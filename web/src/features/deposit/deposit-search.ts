import { z } from 'zod';
import { AssetFilterSchema } from '../../ui-kit/list/filter-schemas.ts';
import { listSearchSchema } from '../../ui-kit/list/list-search.ts';

/** The member deposit screen's URL state: the chosen asset and account, and the history's page. */
export const DepositHistorySearchSchema = listSearchSchema({
  sortKeys: ['regdate'],
  filters: {
    asset: AssetFilterSchema,
    account_seq: z.coerce.number().int().min(1).optional().catch(undefined),
  },
});
export type DepositHistorySearch = z.infer<typeof DepositHistorySearchSchema>;
