import { z } from 'zod';
import { loginResults } from '../../ui-kit/admin/login-log.tsx';
import { SeqFilterSchema } from '../../ui-kit/list/filter-schemas.ts';
import { listSearchSchema } from '../../ui-kit/list/list-search.ts';

/** URL state of loginlog/list: period, member, result (contracts `LoginLogQuerySchema`). */
export const LoginLogListSearchSchema = listSearchSchema({
  sortKeys: ['attempted_at'],
  filters: {
    member_seq: SeqFilterSchema,
    result: z.enum(loginResults).optional().catch(undefined),
  },
});
export type LoginLogListSearch = z.infer<typeof LoginLogListSearchSchema>;

/** URL state of activity-log/list: period, member, event type, actor (`ActivityLogQuerySchema`). */
export const ActivityLogListSearchSchema = listSearchSchema({
  sortKeys: ['occurred_at'],
  filters: {
    member_seq: SeqFilterSchema,
    event_type: z
      .string()
      .regex(/^[A-Za-z]{1,64}$/)
      .optional()
      .catch(undefined),
    actor: z
      .string()
      .regex(/^(member|admin|system):[\w-]{1,64}$/)
      .optional()
      .catch(undefined),
  },
});
export type ActivityLogListSearch = z.infer<typeof ActivityLogListSearchSchema>;

/** URL state of the role list on acs/catalog (`RoleListQuerySchema`). */
export const RoleListSearchSchema = listSearchSchema({
  sortKeys: ['name', 'changed_at'],
  defaultOrder: 'asc',
});
export type RoleListSearch = z.infer<typeof RoleListSearchSchema>;
