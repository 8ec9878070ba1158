import { type MemberInfo, MemberMeAnswerSchema } from '@ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { accessTokenCookie } from '../access-token.ts';
import { api } from '../api-client.ts';

export type { MemberInfo };

export const memberMeQueryKey = ['member', 'me'] as const;
/**
 * The answer's `access` (member-access.ts), under the user's key, so a logout or a token refresh
 * (which clear or reload `memberMeQueryKey` and everything under it) takes it along with the user.
 */
export const memberAccessQueryKey = [...memberMeQueryKey, 'access'] as const;

/** The part of GET /member/me this query keeps (`access` has its own query: member-access.ts). */
export const MemberInfoAnswerSchema = MemberMeAnswerSchema.pick({ member_info: true });
export const MemberAccessAnswerSchema = MemberMeAnswerSchema.pick({ access: true });

/**
 * GET /member/me: the current user (SPEC §3 `member_info`), the one source of "who is logged in".
 * The same answer's `access` fills the access query, so the console does not ask a second time.
 */
export function memberMeQueryOptions() {
  return queryOptions({
    queryKey: memberMeQueryKey,
    queryFn: async ({ signal, client }) => {
      const answer = await api.get('member/me', { signal });
      const access = MemberAccessAnswerSchema.safeParse(answer);
      if (access.success) client.setQueryData(memberAccessQueryKey, access.data.access);
      return MemberInfoAnswerSchema.parse(answer).member_info;
    },
    staleTime: 60_000,
    retry: false,
  });
}

/** How the shell names a member: the user id, or the UID when the login identifier is an email. */
export function memberLabel(member: MemberInfo): string {
  return member.user_id ?? member.uid;
}

/** The logged-in user, or undefined while nobody is (or it is not known yet). */
export function useSignedInMember(): MemberInfo | undefined {
  // Without a token nobody is logged in: no need to ask the server.
  return useQuery({
    ...memberMeQueryOptions(),
    enabled: accessTokenCookie.read() !== undefined,
  }).data;
}
