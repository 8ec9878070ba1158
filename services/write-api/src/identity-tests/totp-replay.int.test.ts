// Proves TOTP codes are single-use and bound to their step (T17, RFC 6238 §5.2): (a) the same code
// twice in one step is refused, (b) of two concurrent submissions of one code exactly one wins,
// (c) a code of step s after one of step s+1 was accepted is refused, (d) a code used to log in
// cannot then confirm a sensitive action, (e) guessing is rate-limited long before 10^6 tries.
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createIdentityWriteTestKit,
  type IdentityWriteTestKit,
  otherCode,
  type TestMember,
  totpAt,
} from '../testing/index.ts';

const database = useTestDatabase();
let kit: IdentityWriteTestKit;

beforeAll(async () => {
  kit = await createIdentityWriteTestKit(database());
});
afterAll(async () => {
  await kit.close();
});

async function memberWithOtp(): Promise<TestMember & { secret: string }> {
  const member = await kit.register('otp');
  const { secret } = await kit.enableOtp(member);
  // The next step: the activation used the current one.
  kit.clock.nowMs += 30_000;
  return { ...member, secret };
}

function loginWith(member: TestMember, otpToken: string) {
  return kit.post('/api/v1/auth/token', {
    user_id: member.userId,
    password: member.password,
    otp_token: otpToken,
  });
}

async function codeOf(response: Response): Promise<string> {
  return ((await response.json()) as { code: string }).code;
}

describe('T17 TOTP replay', () => {
  test('(a) the same valid code twice in one step: the second is refused', async () => {
    const member = await memberWithOtp();
    const code = await totpAt(member.secret, kit.clock.nowMs);
    expect((await loginWith(member, code)).status).toBe(200);
    const replay = await loginWith(member, code);
    expect(replay.status).toBe(401);
    expect(await codeOf(replay)).toBe('otp_invalid');
  });

  test('(b) two concurrent submissions of one code: exactly one is accepted', async () => {
    const member = await memberWithOtp();
    const code = await totpAt(member.secret, kit.clock.nowMs);
    const responses = await Promise.all([loginWith(member, code), loginWith(member, code)]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 401]);
  });

  test('(c) a code of step s after a code of step s+1 was accepted is refused', async () => {
    const member = await memberWithOtp();
    const older = await totpAt(member.secret, kit.clock.nowMs);
    kit.clock.nowMs += 30_000;
    const newer = await totpAt(member.secret, kit.clock.nowMs);
    expect((await loginWith(member, newer)).status).toBe(200);
    // The older code is still inside the one-step drift window, yet it comes before the last step.
    const late = await loginWith(member, older);
    expect(late.status).toBe(401);
    expect(await codeOf(late)).toBe('otp_invalid');
  });

  test('(d) a code used to log in cannot confirm a withdrawal or a password change', async () => {
    const member = await memberWithOtp();
    const code = await totpAt(member.secret, kit.clock.nowMs);
    const login = await loginWith(member, code);
    const token = ((await login.json()) as { token: string }).token;
    const before = await kit.eventCount();
    const withdrawal = await kit.post(
      '/api/v1/member/me/withdrawal',
      { password: member.password, otp_token: code },
      { token },
    );
    expect(withdrawal.status).toBe(422);
    expect(await codeOf(withdrawal)).toBe('otp_invalid');
    const passwordChange = await kit.put(
      '/api/v1/member/me/password',
      {
        current_password: member.password,
        new_password: 'a brand new passphrase',
        otp_token: code,
      },
      { token },
    );
    expect(passwordChange.status).toBe(422);
    expect(await codeOf(passwordChange)).toBe('otp_invalid');
    const withoutCode = await kit.post(
      '/api/v1/member/me/withdrawal',
      { password: member.password },
      { token },
    );
    expect(withoutCode.status).toBe(403);
    expect(await codeOf(withoutCode)).toBe('otp_token_required');
    expect(await kit.eventCount()).toBe(before);
  });

  test('(e) guessing is rate-limited: after 5 wrong codes, even the right one gets 429', async () => {
    const member = await memberWithOtp();
    // A fresh window: the activation's check counted against the same budget.
    kit.clock.nowMs += 5 * 60_000;
    const right = await totpAt(member.secret, kit.clock.nowMs);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push((await loginWith(member, otherCode(right))).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const blocked = await loginWith(member, right);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    kit.clock.nowMs += 5 * 60_000;
    expect((await loginWith(member, await totpAt(member.secret, kit.clock.nowMs))).status).toBe(
      200,
    );
  });
});
