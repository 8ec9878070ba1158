// Proves the identity platform kit's barrier on a real database: projected() waits for the test's
// own committed write even while an older transaction (any test's, anywhere in the shared
// PostgreSQL cluster) holds back what subscribers can see, so a setting read right after it is
// the new one. (The admin-route-access OTP-setting test failed under load without this.)
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  createIdentityPlatformTestKit,
  type IdentityPlatformTestKit,
} from './identity-platform-test-kit.ts';

const database = useTestDatabase();
let kit: IdentityPlatformTestKit;

beforeAll(async () => {
  kit = await createIdentityPlatformTestKit(database());
});
afterAll(async () => {
  await kit.close();
});

test('projected() waits for a write made while an older transaction is still open', async () => {
  const chief = await kit.register('chief');
  await kit.makeChiefAdministrator(chief.seq);
  await kit.projected();
  const { token } = await kit.login(chief);
  expect((await kit.get('/api/v1/admin/member', { token })).status).toBe(200);

  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let opened = () => {};
  const isOpen = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const older = database()
    .db.transaction()
    .execute(async (trx) => {
      await sql`SELECT pg_current_xact_id()`.execute(trx);
      opened();
      await released;
    });
  await isOpen;
  await kit.changeSetting('auth.administratorOtpRequired', true);
  const timer = setTimeout(release, 300);
  try {
    await kit.projected();
    const response = await kit.get('/api/v1/admin/member', { token });
    expect(response.status, await response.clone().text()).toBe(403);
    expect(((await response.json()) as { code: string }).code).toBe('otp_session_required');
  } finally {
    clearTimeout(timer);
    release();
    await older;
  }
});
