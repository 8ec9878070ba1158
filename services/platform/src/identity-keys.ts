import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { generateKeyMaterial } from '@ledger/auth';

export type IdentityKeys = { signingKey: string; verificationKey: string; identitySecret: string };

/**
 * The identity keys of the embedded default: kept in a file beside the embedded database (mode
 * 0600), so OTP seeds stay readable and sessions survive a restart; generated on first start.
 * Without a file (the e2e tests), fresh keys for this process only. A deployment passes its keys
 * through the environment instead (TOKEN_SIGNING_KEY, TOKEN_VERIFICATION_KEY, IDENTITY_SECRET).
 */
export function loadOrCreateIdentityKeys(path: string | undefined): IdentityKeys {
  if (path === undefined) return generateKeyMaterial();
  if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as IdentityKeys;
  const keys = generateKeyMaterial();
  writeFileSync(path, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}
