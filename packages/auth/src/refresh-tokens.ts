import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Refresh tokens are opaque: `rt1.<session id>.<generation>.<mac>`, where mac = HMAC(refresh key,
 * family secret ‖ session ‖ generation). Nothing that could be replayed is stored: the server
 * recomputes the mac of any generation (to tell a reuse from a forgery, and to hand the current
 * token back within the grace window).
 */
export const refreshCookieName = 'refresh_token';
/** The cookie's path: sent only to the auth calls (DESIGN.md §5). */
export const refreshCookiePath = '/api/v1/auth';
/** The header the refresh and logout calls must carry: a cross-site form cannot set it. */
export const refreshRequestHeader = { name: 'X-Requested-With', value: 'XMLHttpRequest' } as const;

export type ParsedRefreshToken = { sessionId: string; generation: number; mac: Buffer };

export function newFamilySecret(): Buffer {
  return randomBytes(32);
}

function macOf(key: Buffer, familySecret: Uint8Array, sessionId: string, generation: number) {
  return createHmac('sha256', key)
    .update(familySecret)
    .update(`:${sessionId}:${generation}`)
    .digest();
}

export function makeRefreshToken(
  key: Buffer,
  familySecret: Uint8Array,
  sessionId: string,
  generation: number,
): string {
  const mac = macOf(key, familySecret, sessionId, generation).toString('base64url');
  return `rt1.${sessionId}.${generation}.${mac}`;
}

const tokenPattern = /^rt1\.([0-9a-f-]{36})\.(\d{1,9})\.([A-Za-z0-9_-]{43})$/;

export function parseRefreshToken(token: string): ParsedRefreshToken | undefined {
  const match = tokenPattern.exec(token);
  if (!match) return undefined;
  const [, sessionId = '', generation = '', mac = ''] = match;
  return { sessionId, generation: Number(generation), mac: Buffer.from(mac, 'base64url') };
}

/** Whether the token was made by this server for this family (any generation). */
export function isAuthenticRefreshToken(
  key: Buffer,
  familySecret: Uint8Array,
  token: ParsedRefreshToken,
): boolean {
  const expected = macOf(key, familySecret, token.sessionId, token.generation);
  return expected.length === token.mac.length && timingSafeEqual(expected, token.mac);
}
