// Proves the member's own account flows: recovery by an emailed code (no account enumeration, the
// code single-use, the OTP still required after a reset), email change re-verified on the new
// address, registration with a recommender and with sign-up disabled, and the OTP rules from the
// settings (maximum count, deactivation where allowed).
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createIdentityWriteTestKit,
  type IdentityWriteTestKit,
  otherCode,
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

async function codeOf(response: Response): Promise<string> {
  return ((await response.json()) as { code: string }).code;
}

describe('recovery (/find)', () => {
  test('answers the same for unknown and known identifiers; the code resets once', async () => {
    const member = await kit.register('recover');
    const unknown = await kit.post('/api/v1/member/find', { user_id: 'nobody-at-all' });
    const known = await kit.post('/api/v1/member/find', { user_id: member.userId });
    expect(unknown.status).toBe(202);
    expect(known.status).toBe(202);
    expect(await unknown.json()).toEqual(await known.json());
    const code = await kit.latestCode(member.email);
    const wrong = await kit.post('/api/v1/member/find/reset', {
      user_id: member.userId,
      code: otherCode(code),
      new_password: 'recovered passphrase one',
    });
    expect(await codeOf(wrong)).toBe('verification_code_invalid');
    const reset = await kit.post('/api/v1/member/find/reset', {
      user_id: member.userId,
      code,
      new_password: 'recovered passphrase one',
    });
    expect(reset.status).toBe(200);
    const again = await kit.post('/api/v1/member/find/reset', {
      user_id: member.userId,
      code,
      new_password: 'recovered passphrase two',
    });
    expect(again.status).toBe(422);
    await kit.login({ userId: member.userId, password: 'recovered passphrase one' });
  });

  test('a reset does not bypass the OTP: the next login still asks for it', async () => {
    const member = await kit.register('recoverotp');
    await kit.enableOtp(member);
    await kit.post('/api/v1/member/find', { user_id: member.email });
    const reset = await kit.post('/api/v1/member/find/reset', {
      user_id: member.userId,
      code: await kit.latestCode(member.email),
      new_password: 'after reset passphrase',
    });
    expect(reset.status).toBe(200);
    const login = await kit.post('/api/v1/auth/token', {
      user_id: member.userId,
      password: 'after reset passphrase',
    });
    expect(await login.json()).toEqual({ otp_token_required: true });
  });
});

describe('email change', () => {
  test('the code goes to the new address; the email changes only when it is confirmed', async () => {
    const member = await kit.register('mover');
    const { token } = await kit.login(member);
    const wrongPassword = await kit.put(
      '/api/v1/member/me/email',
      { password: 'nope', email_address: 'new@example.test' },
      { token },
    );
    expect(wrongPassword.status).toBe(403);
    expect(await codeOf(wrongPassword)).toBe('current_password_incorrect');
    const request = await kit.put(
      '/api/v1/member/me/email',
      { password: member.password, email_address: 'moved@example.test' },
      { token },
    );
    expect(request.status).toBe(202);
    const code = await kit.latestCode('moved@example.test');
    const confirm = await kit.post(
      '/api/v1/member/me/email-verification/confirm',
      { code },
      { token },
    );
    expect(confirm.status).toBe(200);
    await kit.changeSetting('member.loginIdentifier', 'email');
    try {
      await kit.login({ userId: 'moved@example.test', password: member.password });
    } finally {
      await kit.changeSetting('member.loginIdentifier', 'user_id');
    }
  });
});

describe('registration rules', () => {
  const body = (userId: string) => ({
    user_id: userId,
    password: 'registration passphrase',
    email_address: `${userId}@example.test`,
    user_name: userId,
    consents: ['terms_of_service', 'privacy_policy'],
  });

  test('a recommender must exist; sign-up can be disabled by the settings', async () => {
    const inviter = await kit.register('inviter');
    const invited = await kit.post('/api/v1/member', {
      ...body('invited1'),
      recommender: inviter.userId,
    });
    expect(invited.status).toBe(201);
    const unknown = await kit.post('/api/v1/member', {
      ...body('invited2'),
      recommender: 'nobody-here',
    });
    expect(await codeOf(unknown)).toBe('recommender_not_eligible');
    await kit.changeSetting('member.signUpEnabled', false);
    try {
      const closed = await kit.post('/api/v1/member', body('latecomer'));
      expect(closed.status).toBe(403);
      expect(await codeOf(closed)).toBe('sign_up_disabled');
    } finally {
      await kit.changeSetting('member.signUpEnabled', true);
    }
  });
});

describe('OTP rules from the settings', () => {
  test('the maximum count holds; an active OTP cannot be cancelled where settings forbid it', async () => {
    const member = await kit.register('otprules');
    const { otpId, secret } = await kit.enableOtp(member);
    kit.clock.nowMs += 30_000;
    const { token } = await kit.login(member, await totpAt(secret, kit.clock.nowMs));
    const second = await kit.post('/api/v1/otp', {}, { token });
    expect(second.status).toBe(409);
    expect(await codeOf(second)).toBe('otp_limit_reached');
    await kit.changeSetting('otp.allowCancel', false);
    try {
      kit.clock.nowMs += 30_000;
      const refused = await kit.post(
        `/api/v1/otp/${otpId}/deactivate`,
        { otp_token: await totpAt(secret, kit.clock.nowMs) },
        { token },
      );
      expect(refused.status).toBe(403);
      expect(await codeOf(refused)).toBe('otp_cancel_not_allowed');
    } finally {
      await kit.changeSetting('otp.allowCancel', true);
    }
    kit.clock.nowMs += 30_000;
    const deactivated = await kit.post(
      `/api/v1/otp/${otpId}/deactivate`,
      { otp_token: await totpAt(secret, kit.clock.nowMs) },
      { token },
    );
    expect(deactivated.status).toBe(200);
    // Deactivating ended the session; the member logs in without an OTP again.
    const login = await kit.post('/api/v1/auth/token', {
      user_id: member.userId,
      password: member.password,
    });
    expect(((await login.json()) as { token?: string }).token).toBeDefined();
  });
});
