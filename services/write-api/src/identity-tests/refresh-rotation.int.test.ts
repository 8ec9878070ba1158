// Proves refresh-token rotation (T19): each refresh rotates; the previous token within the grace
// window gets the current one back (two tabs), after it a reuse revokes the whole family and its
// access tokens; concurrent refreshes yield at most one new token; refresh tokens have an absolute
// expiry; logout and a password change end the session.
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createIdentityWriteTestKit,
  type IdentityWriteTestKit,
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

function refresh(refreshToken: string) {
  return kit.post(
    '/api/v1/auth/token/refresh',
    {},
    {
      headers: { cookie: `refresh_token=${refreshToken}`, 'x-requested-with': 'XMLHttpRequest' },
    },
  );
}

/** A write route that needs a live session: 201 while it lives, 401 once it is revoked. */
async function sessionIsLive(token: string): Promise<boolean> {
  const response = await kit.post('/api/v1/member/me/email-verification', {}, { token });
  return response.status !== 401;
}

async function codeOf(response: Response): Promise<string> {
  return ((await response.json()) as { code: string }).code;
}

describe('T19 refresh rotation and reuse detection', () => {
  test('rotation, then a reuse after the grace window revokes the whole family', async () => {
    const member = await kit.register('rotate');
    const first = await kit.login(member);
    const second = await refresh(first.refreshCookie);
    expect(second.status).toBe(200);
    const rt2 = refreshCookieFrom(second) ?? '';
    expect(rt2).not.toBe(first.refreshCookie);
    kit.clock.nowMs += 10_000;
    const reuse = await refresh(first.refreshCookie);
    expect(reuse.status).toBe(401);
    expect(await codeOf(reuse)).toBe('refresh_token_reused');
    // The family is gone: the newest refresh token and the access token die with it.
    const afterReuse = await refresh(rt2);
    expect(afterReuse.status).toBe(401);
    expect(await codeOf(afterReuse)).toBe('refresh_token_invalid');
    expect(await sessionIsLive(first.token)).toBe(false);
  });

  test('within the grace window the previous token gets the current one back', async () => {
    const member = await kit.register('grace');
    const first = await kit.login(member);
    const rt1 = refreshCookieFrom(await refresh(first.refreshCookie)) ?? '';
    kit.clock.nowMs += 2_000;
    const secondTab = await refresh(first.refreshCookie);
    expect(secondTab.status).toBe(200);
    expect(refreshCookieFrom(secondTab)).toBe(rt1);
    expect((await refresh(rt1)).status).toBe(200);
  });

  test('concurrent refreshes with one token give at most one new token', async () => {
    const member = await kit.register('concurrent');
    const { refreshCookie } = await kit.login(member);
    const responses = await Promise.all(Array.from({ length: 8 }, () => refresh(refreshCookie)));
    const issued = new Set(
      responses
        .filter((response) => response.status === 200)
        .map((response) => refreshCookieFrom(response)),
    );
    expect(issued.size).toBe(1);
  });

  test('without a grace window, concurrent refreshes: one wins, the rest revoke the family', async () => {
    await kit.changeSetting('auth.refreshGraceSeconds', 0);
    try {
      const member = await kit.register('nograce');
      const { refreshCookie } = await kit.login(member);
      const responses = await Promise.all(Array.from({ length: 4 }, () => refresh(refreshCookie)));
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([200, 401, 401, 401]);
      const winner = responses.find((response) => response.status === 200);
      expect((await refresh(refreshCookieFrom(winner as Response) ?? '')).status).toBe(401);
    } finally {
      await kit.changeSetting('auth.refreshGraceSeconds', 5);
    }
  });

  test('a refresh token has an absolute expiry', async () => {
    const member = await kit.register('expiry');
    const { refreshCookie } = await kit.login(member);
    kit.clock.nowMs += 14 * 24 * 3_600_000 + 1_000;
    const expired = await refresh(refreshCookie);
    expect(expired.status).toBe(401);
    expect(await codeOf(expired)).toBe('refresh_token_invalid');
  });

  test('a forged or malformed refresh token is refused without touching the family', async () => {
    const member = await kit.register('forged');
    const { refreshCookie } = await kit.login(member);
    const forged = `${refreshCookie.slice(0, -4)}AAAA`;
    expect((await refresh(forged)).status).toBe(401);
    expect((await refresh('not-a-token')).status).toBe(401);
    expect((await refresh(refreshCookie)).status).toBe(200);
  });

  test('logout ends the session; a password change ends every session', async () => {
    const member = await kit.register('logout');
    const one = await kit.login(member);
    const two = await kit.login(member);
    const logout = await kit.post('/api/v1/auth/logout', {}, { token: one.token });
    expect(logout.status).toBe(204);
    expect(await sessionIsLive(one.token)).toBe(false);
    expect((await refresh(one.refreshCookie)).status).toBe(401);
    expect(await sessionIsLive(two.token)).toBe(true);
    const change = await kit.put(
      '/api/v1/member/me/password',
      { current_password: member.password, new_password: 'an entirely new passphrase' },
      { token: two.token },
    );
    expect(change.status).toBe(200);
    expect(await sessionIsLive(two.token)).toBe(false);
    expect((await refresh(two.refreshCookie)).status).toBe(401);
    await kit.login({ userId: member.userId, password: 'an entirely new passphrase' });
  });

  test('a refused refresh clears the cookie; logout by cookie alone ends that session', async () => {
    const member = await kit.register('cookie');
    const session = await kit.login(member);
    const refused = await refresh(
      'rt1.00000000-0000-4000-8000-000000000000.0.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    );
    expect(refused.status).toBe(401);
    expect(refused.headers.getSetCookie().join()).toMatch(/refresh_token=;.*Max-Age=0/);
    const logout = await kit.post(
      '/api/v1/auth/logout',
      {},
      {
        headers: { cookie: `refresh_token=${session.refreshCookie}` },
      },
    );
    expect(logout.status).toBe(204);
    expect(await sessionIsLive(session.token)).toBe(false);
  });
});
