import { permissionKey, type RouteEntry } from '@ledger/contracts';
import type { MemberSeq } from './identity-types.ts';

/** Who is calling, as the authorization middleware loaded it for this request. */
export type Principal = {
  memberSeq: MemberSeq;
  sessionId: string;
  isAdmin: boolean;
  /** `METHOD path` keys of every permission of every role granted to the member. */
  permissions: ReadonlySet<string>;
  /** The session was opened with a one-time password as well as the password. */
  usedOtp: boolean;
};

export type AccessVerdict =
  | { kind: 'allow' }
  | { kind: 'unauthenticated' }
  | { kind: 'forbidden'; reason: 'not_administrator' | 'otp_required' };

export type AccessPolicy = {
  /** Administrator routes need a session opened with an OTP (ASVS 6.3.3, admin behind MFA). */
  administratorOtpRequired: boolean;
};

/**
 * Deny by default: a route is allowed only by the rule of its access level. `principal` is
 * undefined for a request without a valid, unrevoked access token.
 */
export function evaluateAccess(
  route: RouteEntry,
  principal: Principal | undefined,
  policy: AccessPolicy,
): AccessVerdict {
  if (route.access === 'public') return { kind: 'allow' };
  if (principal === undefined) return { kind: 'unauthenticated' };
  if (route.access === 'member' || route.access === 'brokerage_owner') return { kind: 'allow' };
  const granted =
    principal.isAdmin ||
    (route.access === 'admin' && principal.permissions.has(permissionKey(route)));
  if (!granted) return { kind: 'forbidden', reason: 'not_administrator' };
  if (policy.administratorOtpRequired && !principal.usedOtp) {
    return { kind: 'forbidden', reason: 'otp_required' };
  }
  return { kind: 'allow' };
}

/**
 * The brokerage-owner check every /brokerage handler uses on the row it loaded: only the owner
 * sees it. Callers answer 404 on false, so an id of someone else's brokerage reveals nothing.
 */
export function isBrokerageOwner(
  principal: Pick<Principal, 'memberSeq'>,
  brokerage: { ownerMemberSeq: MemberSeq | null },
): boolean {
  return brokerage.ownerMemberSeq !== null && brokerage.ownerMemberSeq === principal.memberSeq;
}
