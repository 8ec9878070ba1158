// Proves the basic identity flow over HTTP against real PostgreSQL: registration (settings rules,
// unique identifiers, nothing written on refusal), email verification with the mailed code, login
// with a login-log entry per attempt, and refresh through the HttpOnly cookie and custom header.
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createIdentityWriteTestKit,
  type IdentityWriteTestKit,
  otherCode,
  refreshCookieFrom,
} from '../testing/index.ts';

const database = useTestDatabase();
let kit: IdentityWriteTestKit;

beforeAll(async () => {
  kit = await createIdentityWriteTestKit(database());
});
afterAll(async () => {
  await kit.close();
});

async function problemCode(response: Response): Promise<string> {
  return ((await response.json()) as { code: string }).code;
}

describe('registration', () => {
  test('registers, mails a 6-digit code, and refuses the same user id again', async () => {
    const member = await kit.register();
    expect(member.seq).toBeGreaterThan(0);
    expect(await kit.latestCode(member.email)).toMatch(/^\d{6}$/);
    const again = await kit.post('/api/v1/member', {
      user_id: member.userId.toUpperCase(),
      password: 'another fine passphrase',
      email_address: `other-${member.email}`,
      user_name: 'Other',
      consents: ['terms_of_service', 'privacy_policy'],
    });
    expect(again.status).toBe(409);
    expect(await problemCode(again)).toBe('user_id_taken');
  });

  test('refuses a missing consent and a weak password, writing nothing', async () => {
    const before = await kit.eventCount();
    const base = {
      user_id: 'consentless',
      password: 'a decent passphrase',
      email_address: 'consentless@example.test',
      user_name: 'C',
      consents: ['terms_of_service', 'privacy_policy'],
    };
    const missing = await kit.post('/api/v1/member', { ...base, consents: ['terms_of_service'] });
    expect(missing.status).toBe(422);
    expect(await problemCode(missing)).toBe('consent_missing');
    const weak = await kit.post('/api/v1/member', { ...base, password: 'password' });
    expect(weak.status).toBe(422);
    expect(await problemCode(weak)).toBe('password_too_weak');
    expect(await kit.eventCount()).toBe(before);
  });
});

describe('email verification and login', () => {
  test('verifies with the mailed code; a wrong code is refused', async () => {
    const member = await kit.register();
    const { token } = await kit.login(member);
    const wrong = await kit.post(
      '/api/v1/member/me/email-verification/confirm',
      { code: otherCode(await kit.latestCode(member.email)) },
      { token },
    );
    expect(wrong.status).toBe(422);
    expect(await problemCode(wrong)).toBe('verification_code_invalid');
    const right = await kit.post(
      '/api/v1/member/me/email-verification/confirm',
      { code: await kit.latestCode(member.email) },
      { token },
    );
    expect(right.status).toBe(200);
    expect(((await right.json()) as { position: string }).position).toMatch(/^[0-9:]+$/);
  });

  test('a wrong password is 401 invalid_credentials, like an unknown user', async () => {
    const member = await kit.register();
    const wrong = await kit.post('/api/v1/auth/token', {
      user_id: member.userId,
      password: 'nope nope nope',
    });
    expect(wrong.status).toBe(401);
    expect(await problemCode(wrong)).toBe('invalid_credentials');
    const unknown = await kit.post('/api/v1/auth/token', {
      user_id: 'nobody-here',
      password: 'nope nope nope',
    });
    expect(unknown.status).toBe(401);
    expect(await problemCode(unknown)).toBe('invalid_credentials');
  });

  test('login sets a refresh cookie scoped to /api/v1/auth; refresh needs the custom header', async () => {
    const member = await kit.register();
    const response = await kit.post('/api/v1/auth/token', {
      user_id: member.userId,
      password: member.password,
    });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .find((line) => line.startsWith('refresh_token='));
    expect(cookie).toContain('Path=/api/v1/auth');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('SameSite=Strict');
    const refreshToken = refreshCookieFrom(response);
    const withoutHeader = await kit.post(
      '/api/v1/auth/token/refresh',
      {},
      {
        headers: { cookie: `refresh_token=${refreshToken}` },
      },
    );
    expect(withoutHeader.status).toBe(403);
    expect(await problemCode(withoutHeader)).toBe('refresh_header_missing');
    const refreshed = await kit.post(
      '/api/v1/auth/token/refresh',
      {},
      {
        headers: { cookie: `refresh_token=${refreshToken}`, 'x-requested-with': 'XMLHttpRequest' },
      },
    );
    expect(refreshed.status).toBe(200);
    expect(((await refreshed.json()) as { token: string }).token).toMatch(/^ey/);
    expect(refreshCookieFrom(refreshed)).not.toBe(refreshToken);
  });
});
