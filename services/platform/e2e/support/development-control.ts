import { expect } from 'vitest';
import type { Platform } from '../../src/index.ts';

/**
 * The development routes as the e2e tests call them: as the demo administrator (they answer
 * administrators only), the simulated chain's control through the write API and the mail outbox
 * through the web app's origin.
 */
export const demoAdministrator = { userId: 'admin', password: 'ledger-demo-chief-2025' };

const tokens = new WeakMap<Platform, Promise<string>>();

/** The demo administrator's access token on this platform (one login per platform). */
export function administratorToken(platform: Platform): Promise<string> {
  let token = tokens.get(platform);
  if (token === undefined) {
    token = logIn(platform);
    tokens.set(platform, token);
  }
  return token;
}

async function logIn(platform: Platform): Promise<string> {
  const response = await fetch(`${platform.urls.writeApi}/api/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      user_id: demoAdministrator.userId,
      password: demoAdministrator.password,
    }),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return (JSON.parse(text) as { token: string }).token;
}

/** POST /api/v1/development/chain/{path} as the demo administrator; the answer's body. */
export async function chainControl(
  platform: Platform,
  path: 'send' | 'mine' | 'reorg',
  body: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${platform.urls.writeApi}/api/v1/development/chain/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await administratorToken(platform)}`,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return JSON.parse(text) as Record<string, unknown>;
}

/** The newest mail the development outbox holds for `recipient`, and its 6-digit code. */
export async function mailedCode(platform: Platform, recipient: string): Promise<string> {
  const url = new URL('/api/v1/development/mail-outbox', platform.urls.web);
  url.searchParams.set('recipient', recipient);
  url.searchParams.set('page_size', '1');
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${await administratorToken(platform)}` },
  });
  expect(response.status).toBe(200);
  const { data } = (await response.json()) as { data: { body: string }[] };
  const code = /\b(\d{6})\b/.exec(data[0]?.body ?? '')?.[1];
  if (code === undefined) throw new Error(`no code mailed to ${recipient}`);
  return code;
}
