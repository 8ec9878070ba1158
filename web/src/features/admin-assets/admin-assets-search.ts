import { z } from 'zod';
import {
  AssetFilterSchema,
  BooleanFilterSchema,
  SeqFilterSchema,
} from '../../ui-kit/list/filter-schemas.ts';
import { listSearchSchema } from '../../ui-kit/list/list-search.ts';

/** SPEC §2 admin asset/list (GET /admin/asset): output order, paging, search. */
export const AssetListSearchSchema = listSearchSchema({
  sortKeys: ['output_order'],
  defaultOrder: 'asc',
});
export type AssetListSearch = z.infer<typeof AssetListSearchSchema>;

/** SPEC §2 admin deposit/list: chain deposits or deposit requests, with their filters. */
export const AdminDepositSearchSchema = listSearchSchema({
  sortKeys: ['regdate'],
  filters: {
    tab: z.enum(['chain', 'requests']).default('chain').catch('chain'),
    asset: AssetFilterSchema,
    status: z
      .string()
      .regex(/^[a-z]{1,20}$/)
      .optional()
      .catch(undefined),
    member_seq: SeqFilterSchema,
    suspense: BooleanFilterSchema,
  },
});
export type AdminDepositSearch = z.infer<typeof AdminDepositSearchSchema>;
