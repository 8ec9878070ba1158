import { MemberInfoSchema } from '@ledger/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { type ListSearch, listPageSchema, listQueryParams } from '../../ui-kit/list/list-search.ts';
import { api, type SearchParams } from '../api-client.ts';
import { toApiFailure } from '../api-failure.ts';
import { afterLatestWrite } from '../written-position.ts';

/**
 * The administrator's reads of members (SPEC §2 member/list, member/{seq}/view and its tabs,
 * member/group/list), as queryOptions factories shared by route loaders and screens. Every read
 * waits for the app's last write (`?after=`), so a screen never shows the state before a change.
 */

export const AdminMemberSchema = MemberInfoSchema.extend({
  role_ids: z.array(z.string()).optional(),
});
export type AdminMember = z.infer<typeof AdminMemberSchema>;

export const MemberGroupSchema = z.object({
  group_seq: z.number().int(),
  name: z.string(),
  member_count: z.number().int(),
  regdate: z.string(),
  updated_date: z.string(),
});
export type MemberGroup = z.infer<typeof MemberGroupSchema>;

export const RoleSchema = z.object({
  role_id: z.string(),
  name: z.string(),
  permissions: z.array(z.object({ method: z.string(), path: z.string() })),
  regdate: z.string(),
  updated_date: z.string(),
});
export type Role = z.infer<typeof RoleSchema>;

/** A row of a tab whose read model does not exist yet (accounts, OAuth2 clients): shown raw. */
export const UnknownRowSchema = z.record(z.string(), z.unknown());

const MemberDetailAnswerSchema = z.object({ data: AdminMemberSchema });
const InviteRelationAnswerSchema = listPageSchema(MemberInfoSchema).extend({
  inviter: z.object({ seq: z.number().int().nullable(), user_id: z.string().nullable() }),
});

export const adminMemberKeys = {
  all: ['admin', 'member'] as const,
  list: (search: ListSearch) => ['admin', 'member', 'list', search] as const,
  detail: (seq: number) => ['admin', 'member', 'detail', seq] as const,
  tab: (seq: number, tab: string, search: ListSearch) =>
    ['admin', 'member', 'tab', seq, tab, search] as const,
  groups: ['admin', 'member-group'] as const,
  roles: ['admin', 'acs', 'role'] as const,
};

/** GET with the list query and the read-your-writes position. */
async function read(
  path: string,
  client: Parameters<typeof afterLatestWrite>[0],
  signal: AbortSignal,
  searchParams: SearchParams = {},
) {
  return api.get(path, { searchParams: { ...searchParams, ...afterLatestWrite(client) }, signal });
}

/** GET /admin/member: the member list (server paging, sorting, filters). */
export function memberListQuery(search: ListSearch & Record<string, unknown>) {
  return queryOptions({
    queryKey: adminMemberKeys.list(search),
    queryFn: async ({ client, signal }) =>
      listPageSchema(MemberInfoSchema).parse(
        await read('admin/member', client, signal, listQueryParams(search)),
      ),
  });
}

/** GET /admin/member/{seq}: one member with its roles. */
export function memberDetailQuery(seq: number) {
  return queryOptions({
    queryKey: adminMemberKeys.detail(seq),
    queryFn: async ({ client, signal }) =>
      MemberDetailAnswerSchema.parse(await read(`admin/member/${seq}`, client, signal)).data,
    // No such member, or not allowed: asking again gives the same answer.
    retry: (failures, error) => failures < 1 && toApiFailure(error).httpStatusCode >= 500,
  });
}

/** GET /admin/member/{seq}/account or /oauth2-client: rows not modelled yet (none are served). */
export function memberUnknownTabQuery(
  seq: number,
  tab: 'account' | 'oauth2-client',
  search: ListSearch,
) {
  return queryOptions({
    queryKey: adminMemberKeys.tab(seq, tab, search),
    queryFn: async ({ client, signal }) =>
      listPageSchema(UnknownRowSchema).parse(
        await read(`admin/member/${seq}/${tab}`, client, signal, listQueryParams(search)),
      ),
  });
}

/** GET /admin/member/{seq}/invite-relation: who invited the member and whom it invited. */
export function memberInviteRelationQuery(seq: number, search: ListSearch) {
  return queryOptions({
    queryKey: adminMemberKeys.tab(seq, 'invite-relation', search),
    queryFn: async ({ client, signal }) =>
      InviteRelationAnswerSchema.parse(
        await read(`admin/member/${seq}/invite-relation`, client, signal, listQueryParams(search)),
      ),
  });
}

/** GET /admin/member-group: one page of groups (member/group/list). */
export function memberGroupListQuery(search: ListSearch & Record<string, unknown>) {
  return queryOptions({
    queryKey: [...adminMemberKeys.groups, 'list', search] as const,
    queryFn: async ({ client, signal }) =>
      listPageSchema(MemberGroupSchema).parse(
        await read('admin/member-group', client, signal, listQueryParams(search)),
      ),
  });
}

/** Every member group (no_paging=1), for filters and the member's group choice. */
export function allMemberGroupsQuery() {
  return queryOptions({
    queryKey: [...adminMemberKeys.groups, 'all'] as const,
    queryFn: async ({ client, signal }) =>
      listPageSchema(MemberGroupSchema).parse(
        await read('admin/member-group', client, signal, {
          no_paging: 1,
          sort: 'name',
          order: 'asc',
        }),
      ).data,
  });
}

/** Every access-control role (no_paging=1), for the member's role choice. */
export function allRolesQuery() {
  return queryOptions({
    queryKey: [...adminMemberKeys.roles, 'all'] as const,
    queryFn: async ({ client, signal }) =>
      listPageSchema(RoleSchema).parse(
        await read('admin/acs/role', client, signal, { no_paging: 1, sort: 'name', order: 'asc' }),
      ).data,
  });
}
