import { z } from 'zod';
import { listSearchSchema } from '../../ui-kit/list/list-search.ts';

/**
 * URL search schemas of the identity admin lists (the URL is the list's only state, named as the
 * API's list query). The router parses `?is_denied=true` into a boolean and `?group_seq=3` into a
 * number, so filters accept both forms; a bad value falls back to "no filter".
 */
export const BooleanFilterSchema = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true')
  .optional()
  .catch(undefined);

export const SeqFilterSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(Number.MAX_SAFE_INTEGER)
  .optional()
  .catch(undefined);

export const SecurityLevelFilterSchema = z.coerce
  .number()
  .int()
  .min(0)
  .max(10)
  .optional()
  .catch(undefined);

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

/**
 * A list's defaults (page 1, 20 rows, its default sort and order), for `stripSearchParams`: the URL
 * names only what differs, so a link or a login-me `redirectFrom` stays as short as it was typed.
 */
export function listDefaults<Search>(schema: { parse: (input: unknown) => Search }): Search {
  return schema.parse({});
}
