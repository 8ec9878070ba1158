import { type MemberAccess, MemberMeAnswerSchema } from '@ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { memberMeQueryKey } from './member-info.ts';

/**
 * Under the user's key, so a logout or a token refresh (which clear or reload `memberMeQueryKey`
 * and everything under it) takes the access along with the user.
 */
export const memberAccessQueryKey = [...memberMeQueryKey, 'access'] as const;

const MemberAccessAnswerSchema = MemberMeAnswerSchema.pick({ access: true });

/** GET /member/me's `access`: which admin routes the caller may call. */
export function memberAccessQueryOptions() {
  return queryOptions({
    queryKey: memberAccessQueryKey,
    queryFn: async ({ signal }) =>
      MemberAccessAnswerSchema.parse(await api.get('member/me', { signal })).access,
    staleTime: 60_000,
    retry: false,
  });
}

/** An admin route, as a role's permission names it. */
export type AdminRoute = MemberAccess['permissions'][number];

/**
 * Whether the console offers an action: true when the caller may call its admin route (the chief
 * administrator, or a role granting that method and path), false when it may not, and false while
 * the access is loading (nothing flickers in and out). If the access cannot be read, the action is
 * offered: the API decides every call anyway and its refusal is shown localized.
 */
export function useMayCall(route: AdminRoute): boolean {
  const access = useQuery(memberAccessQueryOptions());
  if (access.isError) return true;
  if (access.data === undefined) return false;
  return (
    access.data.is_chief_administrator ||
    access.data.permissions.some(
      (permission) => permission.method === route.method && permission.path === route.path,
    )
  );
}
