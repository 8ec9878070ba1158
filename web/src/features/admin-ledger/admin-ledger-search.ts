import { z } from 'zod';
import { AssetFilterSchema, SeqFilterSchema } from '../../ui-kit/list/filter-schemas.ts';
import { listSearchSchema } from '../../ui-kit/list/list-search.ts';

/** SPEC §2 admin account/list (GET /admin/account): sort, member, asset, status, text, period. */
export const AdminAccountListSearchSchema = listSearchSchema({
  sortKeys: ['regdate', 'seq', 'balance', 'asset'],
  filters: {
    member_seq: SeqFilterSchema,
    asset: AssetFilterSchema,
    status: z.enum(['normal', 'fraud']).optional().catch(undefined),
  },
});
export type AdminAccountListSearch = z.infer<typeof AdminAccountListSearchSchema>;

/** account/{seq}/balance-log (GET /admin/account/{seq}/balance-log): period, order, paging. */
export const AdminBalanceLogSearchSchema = listSearchSchema({ sortKeys: ['occurred_at'] });
export type AdminBalanceLogSearch = z.infer<typeof AdminBalanceLogSearchSchema>;

/** The member view's account tab (GET /admin/member/{seq}/account): paging and order. */
export const MemberAccountSearchSchema = listSearchSchema({
  sortKeys: ['regdate', 'seq', 'balance', 'asset'],
});
export type MemberAccountSearch = z.infer<typeof MemberAccountSearchSchema>;
