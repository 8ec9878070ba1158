import type { z } from 'zod';
import {
  BooleanFilterSchema,
  SecurityLevelFilterSchema,
  SeqFilterSchema,
} from '../../ui-kit/list/filter-schemas.ts';
import { listSearchSchema } from '../../ui-kit/list/list-search.ts';

export const MemberListSearchSchema = listSearchSchema({
  sortKeys: ['regdate', 'seq', 'last_login', 'security_level'],
  filters: {
    is_denied: BooleanFilterSchema,
    is_admin: BooleanFilterSchema,
    is_alive: BooleanFilterSchema,
    security_level: SecurityLevelFilterSchema,
    group_seq: SeqFilterSchema,
  },
});
export type MemberListSearch = z.infer<typeof MemberListSearchSchema>;

export const MemberGroupListSearchSchema = listSearchSchema({
  sortKeys: ['group_seq', 'name'],
  defaultOrder: 'asc',
});
export type MemberGroupListSearch = z.infer<typeof MemberGroupListSearchSchema>;

/** The member view's list tabs (accounts, OAuth2 clients, invitees): paging and order. */
export const MemberTabSearchSchema = listSearchSchema({ sortKeys: ['regdate'] });
export type MemberTabSearch = z.infer<typeof MemberTabSearchSchema>;

/** The member view's login-history tab. */
export const MemberLoginlogSearchSchema = listSearchSchema({ sortKeys: ['attempted_at'] });
