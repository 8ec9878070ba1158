// Proves, over real HTTP to both APIs, that the config/member and config/otp settings take effect
// as soon as the chief administrator changes them (no restart): sign-up off refuses POST /member
// with a problem in the caller's language, the OTP maximum count refuses one more registration, an
// OTP-required action asks for the OTP until it leaves the list; an invalid value is refused with a
// field-level error in the caller's language (config/cs and config/notification keys down to the
// item); and each change is in the activity log with its old and new value.
import { fieldMessages, problemCatalogs } from '@ledger/contracts';
import { type RunningServer, serveApp } from '@ledger/http';
import { useTestDatabase } from '@ledger/testing';
import { totpAt } from '@ledger/write-api/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createIdentityPlatformTestKit,
  type IdentityPlatformTestKit,
} from '../testing/identity-platform-test-kit.ts';

const database = useTestDatabase();
let kit: IdentityPlatformTestKit;
let write: RunningServer;
let query: RunningServer;
let chiefToken: string;

beforeAll(async () => {
  kit = await createIdentityPlatformTestKit(database());
  const chief = await kit.register('chief');
  await kit.makeChiefAdministrator(chief.seq);
  chiefToken = (await kit.login(chief)).token;
  write = await serveApp(kit.app, { port: 0, hostname: '127.0.0.1' });
  query = await serveApp(kit.queryApp, { port: 0, hostname: '127.0.0.1' });
});
afterAll(async () => {
  await write?.close();
  await query?.close();
  await kit.close();
});

type Answer = { status: number; body: Record<string, unknown> };

async function call(
  server: RunningServer,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; locale?: string } = {},
): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
      ...(options.locale === undefined ? {} : { 'accept-language': options.locale }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function setSetting(key: string, value: unknown): Promise<void> {
  const answer = await call(write, 'PUT', `/api/v1/admin/setting/${key}`, {
    body: { value },
    token: chiefToken,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

const signUp = (userId: string) => ({
  user_id: userId,
  password: 'registration passphrase',
  email_address: `${userId}@example.test`,
  user_name: userId,
  consents: ['terms_of_service', 'privacy_policy'],
});

describe('config/member', () => {
  test('sign-up off refuses POST /member in the caller’s language; on again admits', async () => {
    await setSetting('member.signUpEnabled', false);
    const refused = await call(write, 'POST', '/api/v1/member', {
      body: signUp('closedday'),
      locale: 'ja-JP',
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'sign_up_disabled',
      title: problemCatalogs['ja-JP'].sign_up_disabled.title,
    });
    await setSetting('member.signUpEnabled', true);
    expect((await call(write, 'POST', '/api/v1/member', { body: signUp('openday') })).status).toBe(
      201,
    );
  });

  test('an invalid value is refused with the field and its reason in the caller’s language', async () => {
    const tooSmall = await call(write, 'PUT', '/api/v1/admin/setting/otp.maximumCount', {
      body: { value: 0 },
      token: chiefToken,
      locale: 'vi-VN',
    });
    expect(tooSmall.status).toBe(422);
    expect(tooSmall.body).toMatchObject({
      code: 'setting_value_invalid',
      key: 'otp.maximumCount',
      errors: [
        {
          path: 'value',
          code: 'too_small',
          message: fieldMessages['vi-VN'].too_small.replace('{minimum}', '1'),
        },
      ],
    });
    const twice = await call(write, 'PUT', '/api/v1/admin/setting/member.requiredConsents', {
      body: { value: ['terms_of_service', 'terms_of_service'] },
      token: chiefToken,
      locale: 'en-US',
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual([
      { path: 'value.1', code: 'duplicate_item', message: fieldMessages['en-US'].duplicate_item },
    ]);
  });
});

describe('config/otp', () => {
  test('the maximum count refuses one more registration; raising it admits one', async () => {
    const member = await kit.register('otpcount');
    const { secret } = await kit.enableOtp(member);
    kit.clock.nowMs += 30_000;
    const { token } = await kit.login(member, await totpAt(secret, kit.clock.nowMs));
    const refused = await call(write, 'POST', '/api/v1/otp', { body: {}, token, locale: 'ko-KR' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'otp_limit_reached',
      title: problemCatalogs['ko-KR'].otp_limit_reached.title,
    });
    await setSetting('otp.maximumCount', 2);
    try {
      expect((await call(write, 'POST', '/api/v1/otp', { body: {}, token })).status).toBe(201);
      expect((await call(write, 'POST', '/api/v1/otp', { body: {}, token })).status).toBe(409);
    } finally {
      await setSetting('otp.maximumCount', 1);
    }
  });

  test('an OTP-required action asks for the OTP until it leaves the list', async () => {
    const member = await kit.register('otpaction');
    const { secret } = await kit.enableOtp(member);
    kit.clock.nowMs += 30_000;
    const { token } = await kit.login(member, await totpAt(secret, kit.clock.nowMs));
    const change = (to: string) =>
      call(write, 'PUT', '/api/v1/member/me/password', {
        body: { current_password: member.password, new_password: to },
        token,
      });
    const asked = await change('a brand new passphrase');
    expect(asked.status).toBe(403);
    expect(asked.body.code).toBe('otp_token_required');
    await setSetting('otp.requiredActions', ['login', 'change_email', 'withdraw_account']);
    try {
      expect((await change('a brand new passphrase')).status).toBe(200);
    } finally {
      await setSetting('otp.requiredActions', [
        'login',
        'change_password',
        'change_email',
        'withdraw_account',
        'deactivate_otp',
      ]);
    }
  });
});

test('config/cs and config/notification keys are validated to the item and read back', async () => {
  const refused = await call(write, 'PUT', '/api/v1/admin/setting/notification.rules', {
    body: { value: { sign_up: { member: ['pigeon'], manager: [] } } },
    token: chiefToken,
    locale: 'en-US',
  });
  expect(refused.status).toBe(422);
  expect(refused.body.errors).toEqual([
    {
      path: 'value.sign_up.member.0',
      code: 'invalid_value',
      message: fieldMessages['en-US'].invalid_value,
    },
  ]);
  await setSetting('notification.rules', { sign_up: { member: ['mail'], manager: ['sms'] } });
  await setSetting('cs.guestTicketsEnabled', true);
  await kit.projected();
  const settings = await call(query, 'GET', '/api/v1/admin/setting', { token: chiefToken });
  expect(settings.body.data).toEqual(
    expect.arrayContaining([
      { key: 'cs.guestTicketsEnabled', value: true },
      { key: 'notification.rules', value: { sign_up: { member: ['mail'], manager: ['sms'] } } },
    ]),
  );
});

test('each change is in the activity log with its old and new value', async () => {
  await setSetting('member.loginIdentifier', 'email');
  await setSetting('member.loginIdentifier', 'user_id');
  await kit.projected();
  const log = await call(query, 'GET', '/api/v1/admin/activity-log?event_type=SettingChanged', {
    token: chiefToken,
  });
  expect(log.status).toBe(200);
  const changes = (log.body.data as { data: { key: string } }[])
    .map((row) => row.data)
    .filter((data) => data.key === 'member.loginIdentifier');
  expect(changes).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ value: 'email', previousValue: 'user_id' }),
      expect.objectContaining({ value: 'user_id', previousValue: 'email' }),
    ]),
  );
});
