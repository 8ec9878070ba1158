/** The value of cookie `name` in a `document.cookie` string, decoded, or undefined. */
export function readCookie(cookie: string, name: string): string | undefined {
  for (const part of cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export type CookieOptions = {
  /** Lifetime; without it the cookie ends with the browser session. */
  maxAgeSeconds?: number | undefined;
};

/** Sets a first-party cookie for the whole site; never readable cross-site (SameSite=Strict). */
export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Strict'];
  if (options.maxAgeSeconds !== undefined)
    parts.push(`max-age=${Math.floor(options.maxAgeSeconds)}`);
  if (globalThis.location?.protocol === 'https:') parts.push('Secure');
  // biome-ignore lint/suspicious/noDocumentCookie: the SPEC keeps the token and locale in cookies; Cookie Store API is not in every supported browser.
  document.cookie = parts.join('; ');
}

export function deleteCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see writeCookie.
  document.cookie = `${name}=; path=/; max-age=0; SameSite=Strict`;
}
