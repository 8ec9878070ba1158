// Proves object-level authorization (T15, BOLA/IDOR): every member route that takes an object id,
// generated from the route table, answers 404 to another member's token for A's object (even with
// a valid code for A's OTP) and writes nothing; lists and /member/me only ever show the caller's.
import { type RouteEntry, routeTable } from '@ledger/identity';
import { identityDb } from '@ledger/identity-store';
import { useTestDatabase } from '@ledger/testing';
import { type TestMember, totpAt } from '@ledger/write-api/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createIdentityPlatformTestKit,
  type IdentityPlatformTestKit,
} from '../testing/identity-platform-test-kit.ts';

const database = useTestDatabase();
let kit: IdentityPlatformTestKit;
let alice: TestMember;
let bobToken: string;
const aliceObjects: Record<string, string> = {};
let aliceOtpSecret = '';

beforeAll(async () => {
  kit = await createIdentityPlatformTestKit(database());
  alice = await kit.register('alice');
  const bob = await kit.register('bob');
  const aliceToken = (await kit.login(alice)).token;
  bobToken = (await kit.login(bob)).token;
  const otp = await kit.post('/api/v1/otp', {}, { token: aliceToken });
  const registered = (await otp.json()) as { data: { otp_id: string; secret: string } };
  aliceObjects.otp = registered.data.otp_id;
  aliceOtpSecret = registered.data.secret;
  await kit.projected();
  // Brokerage commands arrive later (SPEC §7); a row of the read model stands for Alice's.
  await sql`INSERT INTO brokerages (seq, title, owner_member_seq, brokerage_type, regdate)
    VALUES (41, 'Alice Brokerage', ${alice.seq}, 'agency', now())`.execute(identityDb(kit.db));
  aliceObjects.brokerage = '41';
  // No ledger writer here either: a row of the ledger read model stands for Alice's account.
  await sql`INSERT INTO ledger_accounts (account, seq, account_number, kind, member_id, member_seq,
      asset, decimal_point, status, balance, held, is_negative_allowed, opened_at, last_revision,
      last_position)
    VALUES ('wallet:77', 77, '1000-0000-0776', 'member', ${String(alice.seq)}, ${alice.seq}, 'KRW',
      0, 'normal', 5000, 0, false, now(), 0, '0')`.execute(kit.db);
  aliceObjects.account = '77';
});
afterAll(async () => {
  await kit.close();
});

const memberRoutesWithIds = routeTable.filter(
  (route) =>
    route.id !== undefined && (route.access === 'member' || route.access === 'brokerage_owner'),
);

async function callAsBob(route: RouteEntry): Promise<Response> {
  const id = aliceObjects[route.id?.kind ?? ''];
  if (id === undefined) throw new Error(`no object of kind ${route.id?.kind} for ${route.path}`);
  const path = route.path.replace(`:${route.id?.parameter}`, id);
  const authorization = `Bearer ${bobToken}`;
  if (route.service === 'query') return kit.queryApp.request(path, { headers: { authorization } });
  return kit.app.request(path, {
    method: route.method,
    headers: { authorization, 'content-type': 'application/json' },
    // A valid body, so only the object's owner decides the answer.
    body: JSON.stringify(
      route.id?.kind === 'account'
        ? { title: 'Mine now' }
        : { otp_token: await totpAt(aliceOtpSecret, kit.clock.nowMs) },
    ),
  });
}

test('the table has member routes with ids to check', () => {
  expect(memberRoutesWithIds.map((route) => route.path).sort()).toEqual([
    '/api/v1/account/:seq',
    '/api/v1/account/:seq',
    '/api/v1/account/:seq/balance',
    '/api/v1/account/:seq/balance-log',
    '/api/v1/account/:seq/deposit-address',
    '/api/v1/account/:seq/deposit-address',
    '/api/v1/brokerage/:seq',
    '/api/v1/otp/:otpId/activate',
    '/api/v1/otp/:otpId/deactivate',
  ]);
});

describe.each(
  memberRoutesWithIds.map((route) => ({ ...route, name: `${route.method} ${route.path}` })),
)('$name', (route) => {
  test("answers 404 to another member for Alice's object and writes nothing", async () => {
    const before = await kit.eventCount();
    const response = await callAsBob(route);
    expect(response.status).toBe(404);
    const body = await response.text();
    expect(body).not.toContain(alice.userId);
    // Nothing but the standard problem fields: no object data leaks in the error.
    const problem = JSON.parse(body) as Record<string, unknown>;
    expect(Object.keys(problem).sort()).toEqual(
      ['code', 'instance', 'requestId', 'status', 'title', 'type'].sort(),
    );
    expect(['otp_not_found', 'not_found', 'account_not_found']).toContain(problem.code);
    expect(await kit.eventCount()).toBe(before);
  });
});

test("lists and /member/me show only the caller's objects", async () => {
  const brokerages = (await (
    await kit.get('/api/v1/brokerage?no_paging=1', { token: bobToken })
  ).json()) as {
    data: unknown[];
  };
  expect(brokerages.data).toEqual([]);
  const otps = (await (await kit.get('/api/v1/otp', { token: bobToken })).json()) as {
    data: unknown[];
  };
  expect(otps.data).toEqual([]);
  const me = (await (await kit.get('/api/v1/member/me', { token: bobToken })).json()) as {
    member_info: { seq: number };
  };
  expect(me.member_info.seq).not.toBe(alice.seq);
  const aliceToken = (await kit.login(alice)).token;
  const own = (await (
    await kit.get('/api/v1/brokerage?no_paging=1', { token: aliceToken })
  ).json()) as {
    data: { seq: number }[];
  };
  expect(own.data.map((brokerage) => brokerage.seq)).toEqual([41]);
  expect((await kit.get('/api/v1/brokerage/41', { token: aliceToken })).status).toBe(200);
});
