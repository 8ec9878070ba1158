import type { z } from 'zod';
import { AssetFilterSchema } from '../../ui-kit/list/filter-schemas.ts';
import { listSearchSchema } from '../../ui-kit/list/list-search.ts';

/** The wallet's account list (GET /account): paging, order, asset filter, title search. */
export const WalletSearchSchema = listSearchSchema({
  sortKeys: ['seq', 'regdate', 'balance', 'asset'],
  defaultOrder: 'asc',
  filters: { asset: AssetFilterSchema },
});
export type WalletSearch = z.infer<typeof WalletSearchSchema>;

/** An account's balance history (GET /account/{seq}/balance-log): period, order, paging. */
export const BalanceLogSearchSchema = listSearchSchema({ sortKeys: ['occurred_at'] });
export type BalanceLogSearch = z.infer<typeof BalanceLogSearchSchema>;
