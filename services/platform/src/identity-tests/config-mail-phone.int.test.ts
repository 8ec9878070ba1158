// Proves, over real HTTP to both APIs, the config/mail and config/phone effects: a secret setting
// is write-only (its answer, GET /admin/setting, the activity log and the stored row never hold it;
// the plain setting route refuses it; it can be cleared), the test mail goes through the mail
// outbox, the test SMS through the SMS port's outbox from the caller number, and an invalid sender
// or caller number is refused with its field-level reason.

import { type RunningServer, serveApp } from '@ledger/http';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
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

type Answer = { status: number; text: string; body: Record<string, unknown> };

async function call(
  server: RunningServer,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${chiefToken}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as Record<string, unknown> };
}

const secret = 'smtp-Pa55word-never-shown';

describe('secret settings', () => {
  test('a written secret is answered, listed and logged only as set, and can be cleared', async () => {
    const written = await call(write, 'PUT', '/api/v1/admin/setting-secret/mail.smtpPassword', {
      value: secret,
    });
    expect(written.status, written.text).toBe(200);
    expect(written.body.data).toEqual({ key: 'mail.smtpPassword', is_set: true });
    expect(written.text).not.toContain(secret);
    await kit.projected();
    const settings = await call(query, 'GET', '/api/v1/admin/setting');
    expect(settings.text).not.toContain(secret);
    expect(settings.body.data).toContainEqual({
      key: 'mail.smtpPassword',
      value: { isSet: true, changedAt: expect.any(String) },
    });
    const log = await call(query, 'GET', '/api/v1/admin/activity-log?event_type=SettingChanged');
    expect(log.status).toBe(200);
    expect(log.text).toContain('mail.smtpPassword');
    expect(log.text).not.toContain(secret);
    const { rows } = await sql<{ ciphertext: Uint8Array }>`
      SELECT ciphertext FROM setting_secrets WHERE key = 'mail.smtpPassword'`.execute(kit.db);
    expect(Buffer.from(rows[0]?.ciphertext ?? []).toString('utf8')).not.toContain(secret);
    const cleared = await call(write, 'PUT', '/api/v1/admin/setting-secret/mail.smtpPassword', {
      value: null,
    });
    expect(cleared.body.data).toEqual({ key: 'mail.smtpPassword', is_set: false });
    const { rows: left } = await sql`
      SELECT 1 FROM setting_secrets WHERE key = 'mail.smtpPassword'`.execute(kit.db);
    expect(left).toHaveLength(0);
  });

  test('the plain setting route refuses a secret key; the secret route refuses a plain key', async () => {
    const plain = await call(write, 'PUT', '/api/v1/admin/setting/mail.apiKey', {
      value: { isSet: true, changedAt: null },
    });
    expect(plain.status).toBe(409);
    expect(plain.body.code).toBe('setting_secret_write_only');
    const notSecret = await call(write, 'PUT', '/api/v1/admin/setting-secret/mail.domain', {
      value: 'x',
    });
    expect(notSecret.status).toBe(404);
    const twoLines = await call(write, 'PUT', '/api/v1/admin/setting-secret/mail.apiKey', {
      value: 'a\nb',
    });
    expect(twoLines.status).toBe(400);
    expect(twoLines.body.code).toBe('validation_failed');
  });
});

describe('test sends', () => {
  test('the test mail goes through the mail outbox', async () => {
    const sent = await call(write, 'POST', '/api/v1/admin/config/mail/test-send', {
      to: 'ops@example.test',
    });
    expect(sent.status, sent.text).toBe(200);
    const outbox = await call(
      query,
      'GET',
      '/api/v1/admin/mail-outbox?recipient=ops%40example.test',
    );
    expect((outbox.body.data as { subject: string }[])[0]?.subject).toBe(
      'Test mail from the exchange',
    );
  });

  test('the test SMS goes to the SMS outbox from the caller number', async () => {
    const number = await call(write, 'PUT', '/api/v1/admin/setting/phone.callerNumber', {
      value: '+8215880000',
    });
    expect(number.status, number.text).toBe(200);
    const sent = await call(write, 'POST', '/api/v1/admin/config/phone/test-send', {
      to: '+821012345678',
    });
    expect(sent.status, sent.text).toBe(200);
    const { rows } = await sql<{ sender: string; body: string }>`
      SELECT sender, body FROM sms_outbox WHERE recipient = '+821012345678'`.execute(kit.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sender).toBe('+8215880000');
  });

  test('an invalid sender or caller number is refused with its field-level reason', async () => {
    const sender = await call(write, 'PUT', '/api/v1/admin/setting/mail.defaultSender', {
      value: 'not an address',
    });
    expect(sender.status).toBe(422);
    expect(sender.body.errors).toMatchObject([{ path: 'value', code: 'invalid_format' }]);
    const caller = await call(write, 'PUT', '/api/v1/admin/setting/phone.callerNumber', {
      value: '02-1234',
    });
    expect(caller.body.errors).toMatchObject([{ path: 'value', code: 'invalid_format' }]);
  });
});
