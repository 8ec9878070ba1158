import { z } from 'zod';
import { listSearchSchema } from '../../ui-kit/list/list-search.ts';

/** An asset code in the URL (as the API's `asset` filter); a bad one means "every asset". */
export const AssetFilterSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/)
  .optional()
  .catch(undefined);

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

/** An account seq from the path, or undefined when it is not one. */
export function parseAccountSeq(value: string): number | undefined {
  if (!/^\d{1,10}$/.test(value)) return undefined;
  const seq = Number(value);
  return seq >= 1 ? seq : undefined;
}
