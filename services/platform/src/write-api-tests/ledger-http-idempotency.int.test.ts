// Proves idempotency over HTTP for money-moving writes (T5, DESIGN.md §5): the same key and body
// get the same status and data (a replay says so in a header) and move money once, also when 20
// copies race; a rejection replays identically; the same key with another body is 409 and writes
// nothing; keys are scoped per member; and a money write without a key is refused.
import { systemAccountId } from '@ledger/ledger';
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createLedgerTestKit,
  type LedgerTestKit,
  type LedgerTestMember,
} from '../testing/ledger-test-kit.ts';

const database = useTestDatabase();
let kit: LedgerTestKit;
let alice: LedgerTestMember;
let bob: LedgerTestMember;
const seqs: Record<string, number> = {};

async function open(member: LedgerTestMember, name: string): Promise<void> {
  const response = await kit.write(
    'POST',
    '/api/v1/account',
    { asset: 'KRW', title: name },
    { token: member.token, key: kit.freshKey() },
  );
  seqs[name] = ((await response.json()) as { data: { seq: number } }).data.seq;
}

beforeAll(async () => {
  kit = await createLedgerTestKit(database());
  alice = await kit.member('alice');
  bob = await kit.member('bob');
  await open(alice, 'a1');
  await open(alice, 'a2');
  await open(bob, 'b1');
  await open(bob, 'b2');
  for (const name of ['a1', 'b1']) {
    await kit.writer.submit({
      commandId: `fund-${name}`,
      actor: 'system:test',
      command: {
        type: 'PostTransfer',
        data: {
          transferId: `fund-${name}`,
          legs: [
            {
              debit: systemAccountId('chainClearing', 'KRW'),
              credit: `wallet:${seqs[name]}`,
              asset: 'KRW',
              amount: '1000',
            },
          ],
          cause: 'deposit',
        },
      },
    });
  }
});
afterAll(async () => {
  await kit.close();
});

const transfer = (source: string, target: string, amount: string) => ({
  source_account_seq: seqs[source],
  target_account_seq: seqs[target],
  amount,
});

async function transferCount(): Promise<number> {
  await kit.projected();
  const response = await kit.read(`/api/v1/account/${seqs.a1}/balance-log?no_paging=1`, {
    token: alice.token,
  });
  return ((await response.json()) as { data: unknown[] }).data.length;
}

describe('the same key', () => {
  test('with the same body: the same answer, money moved once', async () => {
    const key = kit.freshKey();
    const before = await transferCount();
    const first = await kit.write('POST', '/api/v1/account-transfer', transfer('a1', 'a2', '10'), {
      token: alice.token,
      key,
    });
    const second = await kit.write('POST', '/api/v1/account-transfer', transfer('a1', 'a2', '10'), {
      token: alice.token,
      key,
    });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const [one, two] = [
      (await first.json()) as { data: unknown },
      (await second.json()) as { data: unknown },
    ];
    expect(two.data).toEqual(one.data);
    expect(await transferCount()).toBe(before + 1);
  });

  test('20 concurrent copies: one transfer, 20 identical answers', async () => {
    const key = kit.freshKey();
    const before = await transferCount();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        kit.write('POST', '/api/v1/account-transfer', transfer('a1', 'a2', '7'), {
          token: alice.token,
          key,
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
    const bodies = await Promise.all(
      responses.map(async (response) => ((await response.json()) as { data: unknown }).data),
    );
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(await transferCount()).toBe(before + 1);
  });

  test('a rejection is replayed identically', async () => {
    const key = kit.freshKey();
    const first = await kit.write(
      'POST',
      '/api/v1/account-transfer',
      transfer('a2', 'a1', '999999'),
      { token: alice.token, key },
    );
    const second = await kit.write(
      'POST',
      '/api/v1/account-transfer',
      transfer('a2', 'a1', '999999'),
      { token: alice.token, key },
    );
    expect([first.status, second.status]).toEqual([422, 422]);
    const [one, two] = [
      (await first.json()) as Record<string, unknown>,
      (await second.json()) as Record<string, unknown>,
    ];
    expect(one.code).toBe('insufficient_funds');
    expect({ ...two, requestId: undefined }).toEqual({ ...one, requestId: undefined });
    expect(second.headers.get('idempotent-replayed')).toBe('true');
  });

  test('with another body: 409 and nothing written', async () => {
    const key = kit.freshKey();
    await kit.write('POST', '/api/v1/account-transfer', transfer('a1', 'a2', '1'), {
      token: alice.token,
      key,
    });
    const events = await kit.eventCount();
    const other = await kit.write('POST', '/api/v1/account-transfer', transfer('a1', 'a2', '2'), {
      token: alice.token,
      key,
    });
    expect(other.status).toBe(409);
    expect(((await other.json()) as { code: string }).code).toBe('idempotency_key_reused');
    expect(await kit.eventCount()).toBe(events);
  });

  test('from another member: an independent command', async () => {
    const key = kit.freshKey();
    const fromAlice = await kit.write(
      'POST',
      '/api/v1/account-transfer',
      transfer('a1', 'a2', '3'),
      { token: alice.token, key },
    );
    const fromBob = await kit.write('POST', '/api/v1/account-transfer', transfer('b1', 'b2', '3'), {
      token: bob.token,
      key,
    });
    expect([fromAlice.status, fromBob.status]).toEqual([201, 201]);
    expect(fromBob.headers.get('idempotent-replayed')).toBeNull();
    await kit.projected();
    const bobAccount = await kit.read(`/api/v1/account/${seqs.b2}`, { token: bob.token });
    expect(((await bobAccount.json()) as { data: { balance: string } }).data.balance).toBe('3');
  });

  test('an account opened twice with one key is one account', async () => {
    const key = kit.freshKey();
    const first = await kit.write(
      'POST',
      '/api/v1/account',
      { asset: 'BTC', title: 'Once' },
      { token: alice.token, key },
    );
    const second = await kit.write(
      'POST',
      '/api/v1/account',
      { asset: 'BTC', title: 'Once' },
      { token: alice.token, key },
    );
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(((await second.json()) as { data: unknown }).data).toEqual(
      ((await first.json()) as { data: unknown }).data,
    );
  });
});

test('a money write without an Idempotency-Key is refused and writes nothing', async () => {
  const events = await kit.eventCount();
  const response = await kit.write('POST', '/api/v1/account-transfer', transfer('a1', 'a2', '1'), {
    token: alice.token,
  });
  expect(response.status).toBe(400);
  expect(((await response.json()) as { code: string }).code).toBe('idempotency_key_required');
  expect(await kit.eventCount()).toBe(events);
});
