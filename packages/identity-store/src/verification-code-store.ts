import { sql } from 'kysely';
import type { IdentityDb, VerificationCodesTable } from './tables.ts';

export type VerificationPurpose = VerificationCodesTable['purpose'];

/** Wrong guesses allowed per code; a 6-digit code then has a 5 in 10^6 chance of being guessed. */
export const verificationAttemptsMax = 5;

export async function insertVerificationCode(
  db: IdentityDb,
  code: {
    verificationId: string;
    memberSeq: number;
    purpose: VerificationPurpose;
    codeHash: Uint8Array;
    pendingEmail: { address: string; normalized: string } | null;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('identity_verification_codes')
    .values({
      verification_id: code.verificationId,
      member_seq: code.memberSeq,
      purpose: code.purpose,
      code_hash: code.codeHash,
      pending_email_address: code.pendingEmail?.address ?? null,
      pending_email_normalized: code.pendingEmail?.normalized ?? null,
      expires_at: code.expiresAt,
    })
    .execute();
}

export type OpenVerification = {
  verificationId: string;
  codeHash: Uint8Array;
  pendingEmailAddress: string | null;
};

/**
 * Spends one attempt on the member's newest open code of `purpose` (atomically, so parallel
 * guesses cannot exceed the budget) and returns it for the caller to compare; undefined when there
 * is none, it expired, or its attempts are used up.
 */
export async function spendVerificationAttempt(
  db: IdentityDb,
  memberSeq: number,
  purposes: readonly VerificationPurpose[],
  now: Date,
): Promise<OpenVerification | undefined> {
  const newest = db
    .selectFrom('identity_verification_codes')
    .select('verification_id')
    .where('member_seq', '=', memberSeq)
    .where('purpose', 'in', [...purposes])
    .orderBy('created_at', 'desc')
    .limit(1);
  const row = await db
    .updateTable('identity_verification_codes')
    .set({ attempts: sql`attempts + 1` })
    .where('verification_id', '=', (eb) =>
      eb.selectFrom(newest.as('n')).select('n.verification_id'),
    )
    .where('consumed_at', 'is', null)
    .where('expires_at', '>=', now)
    .where('attempts', '<', verificationAttemptsMax)
    .returning(['verification_id', 'code_hash', 'pending_email_address'])
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    verificationId: row.verification_id,
    codeHash: row.code_hash,
    pendingEmailAddress: row.pending_email_address,
  };
}

/** Marks a code used; false if another request used it first (single use, compare-and-set). */
export async function consumeVerification(
  db: IdentityDb,
  verificationId: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('identity_verification_codes')
    .set({ consumed_at: now })
    .where('verification_id', '=', verificationId)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
