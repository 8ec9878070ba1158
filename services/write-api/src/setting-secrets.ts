import { openOtpSeed, sealOtpSeed } from '@ledger/auth';
import type { SecretSettingKey } from '@ledger/identity';
import type { IdentityDb } from '@ledger/identity-store';
import { sql } from 'kysely';

/**
 * The secret settings at rest (migration 0040): AES-256-GCM under the identity secret's
 * setting-secret key, the setting's key as associated data (a row moved to another key does not
 * open). The sealing is the OTP seeds' (a generic AES-GCM with associated data). Only the write
 * API reads a secret back, to use it; no route answers one.
 */
export async function storeSettingSecret(
  db: IdentityDb,
  sealKey: Buffer,
  key: SecretSettingKey,
  secret: string | null,
  now: Date,
): Promise<void> {
  if (secret === null) {
    await sql`DELETE FROM setting_secrets WHERE key = ${key}`.execute(db);
    return;
  }
  const ciphertext = Buffer.from(sealOtpSeed(sealKey, `setting:${key}`, secret));
  await sql`INSERT INTO setting_secrets (key, ciphertext, changed_at)
    VALUES (${key}, ${ciphertext}, ${now})
    ON CONFLICT (key) DO UPDATE SET ciphertext = EXCLUDED.ciphertext,
      changed_at = EXCLUDED.changed_at`.execute(db);
}

/** The secret in force for `key`, or undefined when none is stored. */
export async function readSettingSecret(
  db: IdentityDb,
  sealKey: Buffer,
  key: SecretSettingKey,
): Promise<string | undefined> {
  const { rows } = await sql<{ ciphertext: Uint8Array }>`
    SELECT ciphertext FROM setting_secrets WHERE key = ${key}`.execute(db);
  const row = rows[0];
  return row === undefined ? undefined : openOtpSeed(sealKey, `setting:${key}`, row.ciphertext);
}
