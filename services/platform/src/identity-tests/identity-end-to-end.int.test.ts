// Proves the whole member journey over both APIs' HTTP routes with real PostgreSQL and the real
// projections: register → read the code from the development outbox (as an administrator) →
// verify → register an OTP → activate it (ending the session) → log in with the OTP → read
// /member/me after the write.
import { useTestDatabase } from '@ledger/testing';
import { refreshCookieFrom, totpAt } from '@ledger/write-api/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  createIdentityPlatformTestKit,
  type IdentityPlatformTestKit,
} from '../testing/identity-platform-test-kit.ts';

const database = useTestDatabase();
let kit: IdentityPlatformTestKit;

beforeAll(async () => {
  kit = await createIdentityPlatformTestKit(database());
});
afterAll(async () => {
  await kit.close();
});

async function json(response: Response, status: number): Promise<Record<string, unknown>> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as Record<string, unknown>;
}

test('register → verify by outbox code → OTP → login with OTP → /member/me', async () => {
  const email = 'journey@example.test';
  const registered = await json(
    await kit.post('/api/v1/member', {
      user_id: 'journey',
      password: 'a long and boring passphrase',
      email_address: email,
      user_name: 'Journey Park',
      consents: ['terms_of_service', 'privacy_policy'],
    }),
    201,
  );
  const first = await kit.login({ userId: 'journey', password: 'a long and boring passphrase' });
  const chief = await kit.register('chief');
  await kit.makeChiefAdministrator(chief.seq);
  await kit.projected();
  const chiefToken = (await kit.login(chief)).token;

  const outbox = await json(
    await kit.get(
      `/api/v1/development/mail-outbox?recipient=${encodeURIComponent(email)}&page_size=1`,
      { token: chiefToken },
    ),
    200,
  );
  const mail = (outbox.data as { body: string }[])[0];
  const code = /\b(\d{6})\b/.exec(mail?.body ?? '')?.[1];
  expect(code).toMatch(/^\d{6}$/);
  await json(
    await kit.post(
      '/api/v1/member/me/email-verification/confirm',
      { code },
      { token: first.token },
    ),
    200,
  );

  const otp = await json(await kit.post('/api/v1/otp', {}, { token: first.token }), 201);
  const { otp_id: otpId, secret, otpauth_uri: uri } = otp.data as Record<string, string>;
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  const activation = await kit.post(
    `/api/v1/otp/${otpId}/activate`,
    { otp_token: await totpAt(secret ?? '', kit.clock.nowMs) },
    { token: first.token },
  );
  const activated = await json(activation, 200);
  // Activating an OTP ended the session: the old token no longer works.
  expect((await kit.get('/api/v1/member/me', { token: first.token })).status).toBe(401);

  const password = await json(
    await kit.post('/api/v1/auth/token', {
      user_id: 'journey',
      password: 'a long and boring passphrase',
    }),
    200,
  );
  expect(password).toEqual({ otp_token_required: true });
  kit.clock.nowMs += 30_000;
  const withOtp = await kit.post('/api/v1/auth/token', {
    user_id: 'journey',
    password: 'a long and boring passphrase',
    otp_token: await totpAt(secret ?? '', kit.clock.nowMs),
  });
  const tokens = await json(withOtp, 200);
  expect(refreshCookieFrom(withOtp)).toMatch(/^rt1\./);

  const me = await json(
    await kit.get(`/api/v1/member/me?after=${String(activated.position)}`, {
      token: String(tokens.token),
    }),
    200,
  );
  // Read-your-writes: the read waited until the projection reached the activation's position.
  expect(me.member_info).toMatchObject({
    seq: (registered.data as { seq: number }).seq,
    user_id: 'journey',
    email_address: email,
    user_name: 'Journey Park',
    is_email_verified: true,
    otp_count: 1,
    is_admin: false,
  });
  const otps = await json(await kit.get('/api/v1/otp', { token: String(tokens.token) }), 200);
  expect(otps.data).toMatchObject([{ otp_id: otpId, status: 'active' }]);
});
