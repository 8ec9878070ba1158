import { principalOf } from '@ledger/auth';
import type { MemberAccess } from '@ledger/contracts';
import { isGrantablePermission, type Permission, permissionKey } from '@ledger/contracts';
import { ProblemError } from '@ledger/http';
import type { IdentityDb } from '@ledger/identity-store';
import { Hono } from 'hono';
import { memberInfoOf, memberInfoQuery } from '../member-info.ts';

/**
 * GET /member/me (SPEC §7: answers `member_info`, and the caller's `access` to the admin console)
 * and GET /otp (the caller's OTP list).
 */
export function memberRoutes(db: IdentityDb) {
  return new Hono()
    .get('/member/me', async (c) => {
      const { memberSeq } = principalOf(c);
      const row = await memberInfoQuery(db)
        .where('m.member_seq', '=', memberSeq)
        .executeTakeFirst();
      if (row === undefined) {
        throw new ProblemError({ status: 404, code: 'member_not_found' });
      }
      c.header('cache-control', 'no-store');
      return c.json({ member_info: memberInfoOf(row), access: await accessOf(db, row) });
    })
    .get('/otp', async (c) => {
      const { memberSeq } = principalOf(c);
      const rows = await db
        .selectFrom('identity_otps')
        .selectAll()
        .where('member_seq', '=', memberSeq)
        .where('status', '!=', 'deactivated')
        .orderBy('registered_at')
        .execute();
      c.header('cache-control', 'no-store');
      return c.json({
        data: rows.map((row) => ({
          otp_id: row.otp_id,
          status: row.status,
          regdate: row.registered_at.toISOString(),
          activated_date: row.activated_at?.toISOString() ?? null,
          deactivated_date: row.deactivated_at?.toISOString() ?? null,
        })),
      });
    });
}

/**
 * The admin routes the member may call, as the authorization decides them (principal-loader.ts):
 * none for a denied or withdrawn member; every one for the chief administrator; otherwise the
 * grantable permissions of its roles, each once, in a stable order.
 */
async function accessOf(
  db: IdentityDb,
  member: { is_admin: boolean; is_alive: boolean; is_denied: boolean; role_ids: string[] },
): Promise<MemberAccess> {
  if (!member.is_alive || member.is_denied)
    return { is_chief_administrator: false, permissions: [] };
  if (member.is_admin) return { is_chief_administrator: true, permissions: [] };
  if (member.role_ids.length === 0) return { is_chief_administrator: false, permissions: [] };
  const roles = await db
    .selectFrom('identity_roles')
    .select('permissions')
    .where('role_id', 'in', member.role_ids)
    .execute();
  const granted = new Map<string, Permission>();
  for (const role of roles) {
    for (const permission of role.permissions as Permission[]) {
      if (isGrantablePermission(permission)) granted.set(permissionKey(permission), permission);
    }
  }
  return {
    is_chief_administrator: false,
    permissions: [...granted.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, { method, path }]) => ({ method, path })),
  };
}
