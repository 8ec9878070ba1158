import { type MemberInfo, MemberMeAnswerSchema } from '@ledger/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export type { MemberInfo };

export const memberMeQueryKey = ['member', 'me'] as const;

/** The part of GET /member/me this query keeps (`access` has its own query: member-access.ts). */
export const MemberInfoAnswerSchema = MemberMeAnswerSchema.pick({ member_info: true });

/** GET /member/me: the current user (SPEC §3 `member_info`), the one source of "who is logged in". */
export function memberMeQueryOptions() {
  return queryOptions({
    queryKey: memberMeQueryKey,
    queryFn: async ({ signal }) =>
      MemberInfoAnswerSchema.parse(await api.get('member/me', { signal })).member_info,
    staleTime: 60_000,
    retry: false,
  });
}

/** How the shell names a member: the user id, or the UID when the login identifier is an email. */
export function memberLabel(member: MemberInfo): string {
  return member.user_id ?? member.uid;
}
