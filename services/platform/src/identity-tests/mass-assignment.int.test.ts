// Proves request bodies are strict (T16, mass assignment): for every write route of the table, a
// valid body with extra fields (balance, is_admin, security_level, role, member_seq) is refused with
// 400 validation_failed naming the unknown keys, and nothing is written; a registration cannot make
// an administrator or choose its security level.
import { routeTable } from '@ledger/contracts';
import { useTestDatabase } from '@ledger/testing';
import type { TestMember } from '@ledger/write-api/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createIdentityPlatformTestKit,
  type IdentityPlatformTestKit,
} from '../testing/identity-platform-test-kit.ts';
import { bodilessRoutes, concretePath, keyOf, validBodies } from '../testing/route-requests.ts';

const database = useTestDatabase();
let kit: IdentityPlatformTestKit;
let member: TestMember;
let tokens: { member: string; chief: string };
/** The member's wallet account (a row of the ledger read model: no ledger writer here). */
const memberAccountSeq = 78;

const extraFields = {
  balance: '1000000',
  is_admin: true,
  security_level: 9,
  role: 'admin',
  member_seq: 1,
};

const writeRoutes = routeTable.filter(
  (route) => route.service === 'write' && route.method !== 'GET',
);

beforeAll(async () => {
  kit = await createIdentityPlatformTestKit(database());
  member = await kit.register('plain');
  const chief = await kit.register('chief');
  await kit.makeChiefAdministrator(chief.seq);
  await kit.projected();
  tokens = { member: (await kit.login(member)).token, chief: (await kit.login(chief)).token };
  await sql`INSERT INTO ledger_accounts (account, seq, account_number, kind, member_id, member_seq,
      asset, decimal_point, status, balance, held, is_negative_allowed, opened_at, last_revision,
      last_position)
    VALUES ('wallet:78', ${memberAccountSeq}, '1000-0000-0787', 'member', ${String(member.seq)},
      ${member.seq}, 'KRW', 0, 'normal', 5000, 0, false, now(), 0, '0')`.execute(kit.db);
});
afterAll(async () => {
  await kit.close();
});

test('every write route has a valid body here, or reads no body at all', () => {
  expect(writeRoutes.map(keyOf).sort()).toEqual(
    [...Object.keys(validBodies), ...bodilessRoutes].sort(),
  );
});

describe.each(
  writeRoutes
    .filter((route) => !bodilessRoutes.includes(keyOf(route)))
    .map((route) => ({ ...route, name: keyOf(route) })),
)('$name', (route) => {
  test('refuses extra fields with 400 and writes nothing', async () => {
    const path = concretePath(route, { memberSeq: member.seq, accountSeq: memberAccountSeq });
    const token =
      route.access === 'public'
        ? undefined
        : route.access === 'member'
          ? tokens.member
          : tokens.chief;
    const before = await kit.eventCount();
    const response = await kit.app.request(path, {
      method: route.method,
      headers: {
        'content-type': 'application/json',
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify({ ...(validBodies[keyOf(route)] as object), ...extraFields }),
    });
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { code: string; errors: { code: string }[] };
    expect(problem.code).toBe('validation_failed');
    expect(problem.errors.map((error) => error.code)).toContain('unrecognized_keys');
    expect(await kit.eventCount()).toBe(before);
  });
});

test('a registration cannot set is_admin or security_level: the member is plain', async () => {
  const response = await kit.post('/api/v1/member', {
    ...(validBodies['POST /api/v1/member'] as object),
    is_admin: true,
  });
  expect(response.status).toBe(400);
  const plain = await kit.register('plain');
  await kit.projected();
  const token = (await kit.login(plain)).token;
  const me = (await (await kit.get('/api/v1/member/me', { token })).json()) as {
    member_info: { is_admin: boolean; security_level: number };
  };
  expect(me.member_info).toMatchObject({ is_admin: false, security_level: 1 });
});
