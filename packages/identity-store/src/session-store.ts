import type { RefreshFamily } from '@ledger/identity';
import type { Transaction } from 'kysely';
import type { IdentityDb, IdentityTables } from './tables.ts';

/** A session is one refresh-token family (packages/identity session-rules.ts). */
export type StoredSession = RefreshFamily & { familySecret: Uint8Array; usedOtp: boolean };

export async function insertSession(
  db: IdentityDb,
  session: {
    sessionId: string;
    memberSeq: number;
    familySecret: Uint8Array;
    usedOtp: boolean;
    createdAt: Date;
    absoluteExpiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('identity_sessions')
    .values({
      session_id: session.sessionId,
      member_seq: session.memberSeq,
      family_secret: session.familySecret,
      generation: 0,
      rotated_at: null,
      used_otp: session.usedOtp,
      created_at: session.createdAt,
      absolute_expires_at: session.absoluteExpiresAt,
      revoked_at: null,
      revoked_reason: null,
    })
    .execute();
}

/**
 * Runs `work` with the session row locked (SELECT ... FOR UPDATE): concurrent refreshes of one
 * family are serialized, so at most one of them rotates a generation.
 */
export function withLockedSession<Result>(
  db: IdentityDb,
  sessionId: string,
  work: (trx: Transaction<IdentityTables>, session: StoredSession | undefined) => Promise<Result>,
): Promise<Result> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('identity_sessions')
      .selectAll()
      .where('session_id', '=', sessionId)
      .forUpdate()
      .executeTakeFirst();
    const session: StoredSession | undefined =
      row === undefined
        ? undefined
        : {
            sessionId: row.session_id,
            memberSeq: Number(row.member_seq),
            generation: row.generation,
            rotatedAt: row.rotated_at?.toISOString() ?? null,
            absoluteExpiresAt: row.absolute_expires_at.toISOString(),
            revokedAt: row.revoked_at?.toISOString() ?? null,
            familySecret: row.family_secret,
            usedOtp: row.used_otp,
          };
    return work(trx, session);
  });
}

export async function rotateSession(
  trx: Transaction<IdentityTables>,
  sessionId: string,
  generation: number,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('identity_sessions')
    .set({ generation, rotated_at: now })
    .where('session_id', '=', sessionId)
    .execute();
}

export async function revokeSession(
  db: IdentityDb | Transaction<IdentityTables>,
  sessionId: string,
  now: Date,
  reason: string,
): Promise<void> {
  await db
    .updateTable('identity_sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('session_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a member (password change, OTP change, deny, withdrawal). */
export async function revokeMemberSessions(
  db: IdentityDb,
  memberSeq: number,
  now: Date,
  reason: string,
): Promise<void> {
  await db
    .updateTable('identity_sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('member_seq', '=', memberSeq)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * The revocation check made on every authenticated request: the session exists for this member,
 * is not revoked and has not reached its absolute expiry.
 */
export async function readLiveSession(
  db: IdentityDb,
  sessionId: string,
  memberSeq: number,
  now: Date,
): Promise<{ usedOtp: boolean } | undefined> {
  const row = await db
    .selectFrom('identity_sessions')
    .select('used_otp')
    .where('session_id', '=', sessionId)
    .where('member_seq', '=', memberSeq)
    .where('revoked_at', 'is', null)
    .where('absolute_expires_at', '>', now)
    .executeTakeFirst();
  return row === undefined ? undefined : { usedOtp: row.used_otp };
}
