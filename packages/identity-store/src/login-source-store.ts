import type { IdentityDb } from './tables.ts';

/**
 * Sources (a keyed hash of the client IP) a member has logged in from. An attacker hammering an
 * account from elsewhere trips the account-wide slowdown; the member's own sources are exempt from
 * it and keep their own budget, so the attack cannot lock the victim out (ASVS 6.1.1).
 */
export async function isKnownLoginSource(
  db: IdentityDb,
  memberSeq: number,
  sourceHash: Uint8Array,
  since: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('identity_login_sources')
    .select('member_seq')
    .where('member_seq', '=', memberSeq)
    .where('source_hash', '=', sourceHash)
    .where('last_succeeded_at', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}

export async function rememberLoginSource(
  db: IdentityDb,
  memberSeq: number,
  sourceHash: Uint8Array,
  now: Date,
): Promise<void> {
  await db
    .insertInto('identity_login_sources')
    .values({ member_seq: memberSeq, source_hash: sourceHash, last_succeeded_at: now })
    .onConflict((conflict) =>
      conflict.columns(['member_seq', 'source_hash']).doUpdateSet({ last_succeeded_at: now }),
    )
    .execute();
}
