import { deleteCookie, readCookie, writeCookie } from '../cookies.ts';

/**
 * Remembers that the user logged out, so the "refresh first" of protected routes does not bring
 * the session back through a refresh cookie the server may still honour. Cleared by a login.
 */
export type SignedOutMarker = { isSet(): boolean; set(): void; clear(): void };

const cookieName = 'signed_out';

export const signedOutCookie: SignedOutMarker = {
  isSet: () => readCookie(globalThis.document?.cookie ?? '', cookieName) === '1',
  set: () => writeCookie(cookieName, '1', { maxAgeSeconds: 30 * 24 * 60 * 60 }),
  clear: () => deleteCookie(cookieName),
};
