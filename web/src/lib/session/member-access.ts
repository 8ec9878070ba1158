import type { MemberAccess, MemberInfo } from '@ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import {
  MemberAccessAnswerSchema,
  memberAccessQueryKey,
  useSignedInMember,
} from './member-info.ts';

/**
 * GET /member/me's `access`: which admin routes the caller may call. The user's query fills it
 * from the same answer (member-info.ts); this reads it on its own only when that has not.
 */
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
  return useMayCallAny()(route);
}

/** useMayCall as a predicate, for a list of actions or screens (the console's menu). */
export function useMayCallAny(): (route: AdminRoute) => boolean {
  const access = useQuery(memberAccessQueryOptions());
  const data = access.data;
  if (access.isError) return () => true;
  if (data === undefined) return () => false;
  return (route) =>
    data.is_chief_administrator ||
    data.permissions.some(
      (permission) => permission.method === route.method && permission.path === route.path,
    );
}

/**
 * Whether a member uses the admin console: the chief administrator (is_admin) or a holder of a
 * role that grants at least one admin route. Without the access, is_admin alone decides.
 */
export function usesConsole(member: MemberInfo, access: MemberAccess | undefined): boolean {
  if (member.is_admin || access?.is_chief_administrator === true) return true;
  return (access?.permissions.length ?? 0) > 0;
}

/** The admin console's index, or the member home (the public home page). */
export function homePathOf(
  member: MemberInfo,
  access: MemberAccess | undefined,
): '/admin' | '/home' {
  return usesConsole(member, access) ? '/admin' : '/home';
}

/**
 * Where "home" is for whoever is looking: a member's home, the console for an administrator, and
 * the root path (SPEC §2) for a visitor or while the user is not known yet.
 */
export function useHomePath(): string {
  const member = useSignedInMember();
  const access = useQuery({ ...memberAccessQueryOptions(), enabled: member !== undefined });
  return member === undefined ? '/' : homePathOf(member, access.data);
}
