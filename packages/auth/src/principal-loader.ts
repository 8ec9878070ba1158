import { permissionKey } from '@ledger/contracts';
import type { Principal } from '@ledger/identity';
import { type IdentityDb, readLiveSession } from '@ledger/identity-store';
import type { AccessClaims } from './access-tokens.ts';
import type { SessionChecker } from './session-checks.ts';

/** A member's principal has no permissions: one shared, read-only empty set for all of them. */
const noPermissions: ReadonlySet<string> = new Set<string>();

/**
 * Builds the principal of a verified token. The session is checked on every request (revocation:
 * logout, password or OTP change, deny, withdrawal end the session at once, whatever the token's
 * expiry). Administrator flags and role permissions are read from the identity read models only
 * for routes that need them; a missing row there means "not an administrator" (fail closed).
 */
export function loadPrincipal(
  db: IdentityDb,
  claims: AccessClaims,
  now: Date,
  options: {
    withAdministration: boolean;
    /** Shares the session read with the other requests of the turn (authorization's default). */
    sessions?: SessionChecker | undefined;
  },
): Promise<Principal | undefined> {
  const session =
    options.sessions === undefined
      ? readLiveSession(db, claims.sessionId, claims.memberSeq, now)
      : options.sessions.check(claims.sessionId, claims.memberSeq, now);
  // One step after the session read for a member route (the money routes' path), no async frame.
  return session.then((live) => {
    if (live === undefined) return undefined;
    const principal: Principal = {
      memberSeq: claims.memberSeq,
      sessionId: claims.sessionId,
      isAdmin: false,
      permissions: noPermissions,
      usedOtp: live.usedOtp,
    };
    return options.withAdministration ? withAdministration(db, principal) : principal;
  });
}

/** The principal with its administrator flag and role permissions from the identity read models. */
async function withAdministration(db: IdentityDb, principal: Principal): Promise<Principal> {
  const member = await db
    .selectFrom('identity_members')
    .select(['is_admin', 'role_ids', 'is_alive', 'is_denied'])
    .where('member_seq', '=', principal.memberSeq)
    .executeTakeFirst();
  if (member === undefined || !member.is_alive || member.is_denied) return principal;
  const roles =
    member.role_ids.length === 0
      ? []
      : await db
          .selectFrom('identity_roles')
          .select('permissions')
          .where('role_id', 'in', member.role_ids)
          .execute();
  const permissions = new Set<string>();
  for (const role of roles) {
    for (const permission of role.permissions) {
      permissions.add(permissionKey(permission as Parameters<typeof permissionKey>[0]));
    }
  }
  return { ...principal, isAdmin: member.is_admin, permissions };
}
