import type { IdentityDb } from './tables.ts';

/**
 * Password hashes (PHC strings), one row per credential; the member stream's latest
 * MemberRegistered / PasswordChanged names the credential in force, so a row written for a change
 * that was never appended is never used.
 */
export async function insertCredential(
  db: IdentityDb,
  credential: { credentialId: string; memberSeq: number; passwordHash: string },
): Promise<void> {
  await db
    .insertInto('identity_credentials')
    .values({
      credential_id: credential.credentialId,
      member_seq: credential.memberSeq,
      password_hash: credential.passwordHash,
    })
    .execute();
}

export async function readPasswordHash(
  db: IdentityDb,
  credentialId: string,
  memberSeq: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('identity_credentials')
    .select('password_hash')
    .where('credential_id', '=', credentialId)
    .where('member_seq', '=', memberSeq)
    .executeTakeFirst();
  return row?.password_hash;
}

/** Replaces a hash in place when its parameters are upgraded at login (same credential). */
export async function rehashCredential(
  db: IdentityDb,
  credentialId: string,
  passwordHash: string,
): Promise<void> {
  await db
    .updateTable('identity_credentials')
    .set({ password_hash: passwordHash })
    .where('credential_id', '=', credentialId)
    .execute();
}
