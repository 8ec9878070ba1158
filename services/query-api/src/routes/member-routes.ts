import { principalOf } from '@ledger/auth';
import { ProblemError } from '@ledger/http';
import type { IdentityDb } from '@ledger/identity-store';
import { Hono } from 'hono';
import { memberInfoOf, memberInfoQuery } from '../member-info.ts';

/** GET /member/me (SPEC §7: answers `member_info`) and GET /otp (the caller's OTP list). */
export function memberRoutes(db: IdentityDb) {
  return new Hono()
    .get('/member/me', async (c) => {
      const { memberSeq } = principalOf(c);
      const row = await memberInfoQuery(db)
        .where('m.member_seq', '=', memberSeq)
        .executeTakeFirst();
      if (row === undefined) {
        throw new ProblemError({ status: 404, code: 'member_not_found', title: 'No such member' });
      }
      c.header('cache-control', 'no-store');
      return c.json({ member_info: memberInfoOf(row) });
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
