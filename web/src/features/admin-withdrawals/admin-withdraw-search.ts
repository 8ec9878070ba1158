import { withdrawalStatusValues } from '@ledger/contracts';
import { z } from 'zod';
import { SeqFilterSchema } from '../../ui-kit/list/filter-schemas.ts';
import { listSearchSchema } from '../../ui-kit/list/list-search.ts';

/** An asset code in the URL; a bad one means "every asset". */
const AssetFilterSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/)
  .optional()
  .catch(undefined);

/** SPEC §2 admin withdraw/list (GET /admin/withdraw): status, asset, member, period. */
export const AdminWithdrawListSearchSchema = listSearchSchema({
  sortKeys: ['regdate'],
  filters: {
    status: z.enum(withdrawalStatusValues).optional().catch(undefined),
    asset: AssetFilterSchema,
    member_seq: SeqFilterSchema,
  },
});
export type AdminWithdrawListSearch = z.infer<typeof AdminWithdrawListSearchSchema>;

/** withdraw-transfer/list (GET /admin/withdraw-transfer) and account-transfer/list: asset, period. */
export const TransferListSearchSchema = listSearchSchema({
  sortKeys: ['regdate'],
  filters: { asset: AssetFilterSchema },
});
export type TransferListSearch = z.infer<typeof TransferListSearchSchema>;
