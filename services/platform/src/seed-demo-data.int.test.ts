// Proves the demo seed goes through the real commands and is idempotent: a second run adds
// nothing; the chief administrator and the two members can log in with the printed passwords,
// their emails verified through the outbox codes, and the administrator reaches admin routes; and
// customer service gets its demo tickets (four of members, one of a guest) once.
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedDemoData } from './seed-demo-data.ts';
import {
  createIdentityPlatformTestKit,
  type IdentityPlatformTestKit,
} from './testing/identity-platform-test-kit.ts';

const database = useTestDatabase();
let kit: IdentityPlatformTestKit;

beforeAll(async () => {
  kit = await createIdentityPlatformTestKit(database());
});
afterAll(async () => {
  await kit.close();
});

test('seeds two administrators and two members once, through the API', async () => {
  const input = { db: kit.db, writeApi: kit.app, identity: kit.identity };
  const logins = await seedDemoData(input);
  const eventsAfterFirst = await kit.eventCount();
  expect(await seedDemoData(input)).toEqual(logins);
  expect(await kit.eventCount()).toBe(eventsAfterFirst);
  expect(logins.map((login) => login.role)).toEqual(['admin', 'admin', 'member', 'member']);
  await kit.projected();
  for (const login of logins) {
    const { token } = await kit.login({ userId: login.userId, password: login.password });
    const me = (await (await kit.get('/api/v1/member/me', { token })).json()) as {
      member_info: { is_admin: boolean; is_email_verified: boolean };
    };
    expect(me.member_info).toMatchObject({
      is_admin: login.role === 'admin',
      is_email_verified: true,
    });
    const admin = await kit.get('/api/v1/admin/member', { token });
    expect(admin.status).toBe(login.role === 'admin' ? 200 : 403);
  }
});

test('seeds the demo tickets once: four of members and one of a guest', async () => {
  const { rows } = await sql<{ guests: number; members: number }>`SELECT
      count(*) FILTER (WHERE member_seq IS NULL)::int AS guests,
      count(*) FILTER (WHERE member_seq IS NOT NULL)::int AS members
    FROM cs_ticket_personal_data`.execute(kit.db);
  expect(rows[0]).toEqual({ guests: 1, members: 4 });
});
