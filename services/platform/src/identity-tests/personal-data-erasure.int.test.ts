// Proves personal data is erasable without rewriting an event (DESIGN.md §4): event payloads and
// metadata never hold the user id, email, name, IP or user agent in clear; a withdrawal erases
// them (and every secret) from their tables; every earlier event is byte-for-byte unchanged; the
// member stream still folds; and a rebuild of the identity read models equals the live ones.
import { type MemberEvent, memberStateFrom, memberStream } from '@ledger/identity';
import { identityDb, identityProjection } from '@ledger/identity-store';
import { startProjector } from '@ledger/projector';
import { silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { totpAt } from '@ledger/write-api/testing';
import { type Kysely, sql } from 'kysely';
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

const personal = {
  userId: 'erasable-user',
  email: 'erasable.person@example.test',
  name: 'Erasable Person-Name',
  address: '203.0.113.99',
  userAgent: 'ErasureTestAgent/1.0',
};

type EventRow = { event_id: string; content_hash: Uint8Array; text: string };

async function allEvents(): Promise<EventRow[]> {
  const { rows } = await sql<EventRow>`SELECT event_id, content_hash,
      data::text || metadata::text AS text FROM es_events ORDER BY transaction_id, global_seq`.execute(
    kit.db,
  );
  return rows;
}

async function rowsOf(table: string): Promise<unknown[]> {
  const { rows } = await sql`SELECT * FROM ${sql.table(table)} ORDER BY 1`.execute(kit.db);
  return rows;
}

async function seedMemberWithHistory() {
  const password = 'erase me entirely please';
  const registered = await kit.post('/api/v1/member', {
    user_id: personal.userId,
    password,
    email_address: personal.email,
    user_name: personal.name,
    consents: ['terms_of_service', 'privacy_policy'],
  });
  const seq = ((await registered.json()) as { data: { seq: number } }).data.seq;
  const headers = { 'user-agent': personal.userAgent };
  const login = async () =>
    (
      await kit.post(
        '/api/v1/auth/token',
        { user_id: personal.userId, password },
        { address: personal.address, headers },
      )
    ).json() as Promise<{ token: string }>;
  let { token } = await login();
  await kit.post(
    '/api/v1/member/me/email-verification/confirm',
    { code: await kit.latestCode(personal.email) },
    { token },
  );
  await kit.post(
    '/api/v1/auth/token',
    { user_id: personal.userId, password: 'wrong guess here' },
    { address: personal.address },
  );
  const otp = (await (await kit.post('/api/v1/otp', {}, { token })).json()) as {
    data: { otp_id: string; secret: string };
  };
  await kit.post(
    `/api/v1/otp/${otp.data.otp_id}/activate`,
    { otp_token: await totpAt(otp.data.secret, kit.clock.nowMs) },
    { token },
  );
  kit.clock.nowMs += 30_000;
  const withOtp = await kit.post(
    '/api/v1/auth/token',
    {
      user_id: personal.userId,
      password,
      otp_token: await totpAt(otp.data.secret, kit.clock.nowMs),
    },
    { address: personal.address, headers },
  );
  token = ((await withOtp.json()) as { token: string }).token;
  return { seq, password, token, secret: otp.data.secret, headers };
}

test('a withdrawal erases personal data and secrets; events are untouched and still replay', async () => {
  const member = await seedMemberWithHistory();
  const seq = member.seq;
  const eventsBefore = await allEvents();
  for (const event of eventsBefore) {
    for (const value of Object.values(personal)) expect(event.text).not.toContain(value);
  }
  kit.clock.nowMs += 30_000;
  const withdrawal = await kit.post(
    '/api/v1/member/me/withdrawal',
    { password: member.password, otp_token: await totpAt(member.secret, kit.clock.nowMs) },
    { token: member.token, address: personal.address, headers: member.headers },
  );
  expect(withdrawal.status).toBe(200);
  for (const event of await allEvents()) {
    for (const value of Object.values(personal)) expect(event.text).not.toContain(value);
  }

  const db = identityDb(kit.db);
  const row = await db
    .selectFrom('identity_personal_data')
    .selectAll()
    .where('member_seq', '=', seq)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({
    user_id: null,
    email_address: null,
    user_name: null,
    email_normalized: null,
  });
  expect(row.erased_at).not.toBeNull();
  for (const table of [
    'identity_credentials',
    'identity_otp_secrets',
    'identity_verification_codes',
    'identity_mail_outbox',
    'identity_request_metadata',
    'identity_login_sources',
  ] as const) {
    const left = await db
      .selectFrom(table)
      .select('member_seq')
      .where('member_seq', '=', seq)
      .execute();
    expect(left, table).toEqual([]);
  }
  const liveSessions = await db
    .selectFrom('identity_sessions')
    .select('session_id')
    .where('member_seq', '=', seq)
    .where('revoked_at', 'is', null)
    .execute();
  expect(liveSessions).toEqual([]);

  // The stream folds to a withdrawn member; nothing personal was needed to replay it.
  const events: MemberEvent[] = [];
  for await (const event of kit.eventStore.readStream(memberStream(seq))) {
    events.push({ type: event.type, data: event.data } as MemberEvent);
  }
  expect(memberStateFrom(events).status).toBe('withdrawn');

  // The admin view still shows the member, with its personal data gone.
  const chief = await kit.register('chief');
  await kit.makeChiefAdministrator(chief.seq);
  await kit.projected();
  const chiefToken = (await kit.login(chief)).token;
  const view = (await (
    await kit.get(`/api/v1/admin/member/${seq}`, { token: chiefToken })
  ).json()) as {
    data: Record<string, unknown>;
  };
  expect(view.data).toMatchObject({
    seq,
    user_id: null,
    email_address: null,
    user_name: null,
    is_alive: false,
  });
  const log = (await (
    await kit.get(`/api/v1/admin/member/${seq}/loginlog`, { token: chiefToken })
  ).json()) as {
    data: { ip_address: string | null; result: string }[];
  };
  expect(log.data.length).toBeGreaterThanOrEqual(3);
  expect(log.data.every((entry) => entry.ip_address === null)).toBe(true);

  // Every event from before is still there, byte for byte, in the same order.
  const eventsAfter = await allEvents();
  expect(eventsAfter.slice(0, eventsBefore.length)).toEqual(eventsBefore);
});

test('a rebuild of the identity read models after the erasure equals the live ones', async () => {
  await kit.projected();
  const stopping = new AbortController();
  const rebuild = startProjector({
    db: kit.db as unknown as Kysely<unknown>,
    eventStore: kit.eventStore,
    projections: [{ ...identityProjection, version: 2 }],
    logger: silentLogger,
    signal: stopping.signal,
  });
  try {
    await expect
      .poll(
        async () =>
          (
            await sql<{ status: string }>`SELECT status FROM projection_registry
              WHERE projection = 'identity' AND version = 2`.execute(kit.db)
          ).rows[0]?.status,
        { timeout: 20_000, interval: 50 },
      )
      .toBe('live');
    for (const table of [
      'identity_members',
      'identity_otps',
      'identity_login_log',
      'identity_activity_log',
    ]) {
      expect(await rowsOf(`${table}_v2`), table).toEqual(await rowsOf(`${table}_v1`));
    }
  } finally {
    stopping.abort();
    await rebuild.done;
  }
});
