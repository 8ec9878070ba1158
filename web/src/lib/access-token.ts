import { deleteCookie, readCookie, writeCookie } from './cookies.ts';

/** The cookie the client keeps the access token in (SPEC §3); sent to the API as a bearer header. */
export const accessTokenCookieName = 'access_token';

export type AccessTokenStore = {
  read(): string | undefined;
  write(token: string): void;
  clear(): void;
};

/** The access token's expiry (seconds since the epoch) from its JWT payload, if it has one. */
export function accessTokenExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const json: unknown = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/')));
    if (typeof json !== 'object' || json === null || !('exp' in json)) return undefined;
    return typeof json.exp === 'number' ? json.exp : undefined;
  } catch {
    return undefined;
  }
}

/** The token in `document.cookie`; it lives as long as the token is valid. */
export const accessTokenCookie: AccessTokenStore = {
  read: () => readCookie(globalThis.document?.cookie ?? '', accessTokenCookieName) || undefined,
  write: (token) => {
    const expiry = accessTokenExpiry(token);
    writeCookie(accessTokenCookieName, token, {
      maxAgeSeconds: expiry === undefined ? undefined : Math.max(0, expiry - Date.now() / 1000),
    });
  },
  clear: () => deleteCookie(accessTokenCookieName),
};
