import { sql } from 'kysely';
import type { IdentityDb } from './tables.ts';

/** OTP seeds, encrypted by the caller, with the last accepted time step of each registration. */
export async function insertOtpSecret(
  db: IdentityDb,
  secret: { otpId: string; memberSeq: number; ciphertext: Uint8Array },
): Promise<void> {
  await db
    .insertInto('identity_otp_secrets')
    .values({
      otp_id: secret.otpId,
      member_seq: secret.memberSeq,
      secret_ciphertext: secret.ciphertext,
      last_accepted_step: null,
    })
    .execute();
}

export async function readOtpSecret(
  db: IdentityDb,
  otpId: string,
  memberSeq: number,
): Promise<{ ciphertext: Uint8Array; lastAcceptedStep: number | null } | undefined> {
  const row = await db
    .selectFrom('identity_otp_secrets')
    .select(['secret_ciphertext', 'last_accepted_step'])
    .where('otp_id', '=', otpId)
    .where('member_seq', '=', memberSeq)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    ciphertext: row.secret_ciphertext,
    lastAcceptedStep: row.last_accepted_step === null ? null : Number(row.last_accepted_step),
  };
}

/**
 * Records `step` as accepted if no step at or after it was (RFC 6238 §5.2): one conditional UPDATE,
 * so of two concurrent submissions of one code exactly one wins. Returns whether this call did.
 */
export async function acceptOtpStep(db: IdentityDb, otpId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('identity_otp_secrets')
    .set({ last_accepted_step: step })
    .where('otp_id', '=', otpId)
    .where((where) =>
      where.or([
        where('last_accepted_step', 'is', null),
        where('last_accepted_step', '<', sql<string>`${step}::bigint`),
      ]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
