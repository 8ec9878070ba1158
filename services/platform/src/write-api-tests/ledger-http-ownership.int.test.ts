// Proves object-level authorization on the ledger routes (T15): with Bob's token, every route that
// takes Alice's account (as path id, transfer source or target) answers 404 and writes nothing; a
// transfer to another member's account by number is refused while the policy allows own accounts
// only; and lists show only the caller's accounts.
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
let aliceAccount: { seq: number; account_number: string };
let bobAccount: { seq: number; account_number: string };

async function open(member: LedgerTestMember) {
  const response = await kit.write(
    'POST',
    '/api/v1/account',
    { asset: 'KRW', title: 'Main' },
    { token: member.token, key: kit.freshKey() },
  );
  return ((await response.json()) as { data: { seq: number; account_number: string } }).data;
}

beforeAll(async () => {
  kit = await createLedgerTestKit(database());
  alice = await kit.member('alice');
  bob = await kit.member('bob');
  aliceAccount = await open(alice);
  bobAccount = await open(bob);
  await kit.projected();
});
afterAll(async () => {
  await kit.close();
});

async function expectNotFoundAndNothingWritten(request: () => Response | Promise<Response>) {
  const events = await kit.eventCount();
  const response = await request();
  expect(response.status).toBe(404);
  expect(((await response.json()) as { code: string }).code).toBe('account_not_found');
  expect(await kit.eventCount()).toBe(events);
}

describe("Bob and Alice's account", () => {
  test('reads: view, balance log, balance at an instant', async () => {
    for (const path of ['', '/balance-log', '/balance']) {
      await expectNotFoundAndNothingWritten(() =>
        kit.read(`/api/v1/account/${aliceAccount.seq}${path}`, { token: bob.token }),
      );
    }
  });

  test('writes: title, transfer from it, transfer to it by seq', async () => {
    await expectNotFoundAndNothingWritten(() =>
      kit.write(
        'PUT',
        `/api/v1/account/${aliceAccount.seq}`,
        { title: 'Mine now' },
        { token: bob.token },
      ),
    );
    await expectNotFoundAndNothingWritten(() =>
      kit.write(
        'POST',
        '/api/v1/account-transfer',
        { source_account_seq: aliceAccount.seq, target_account_seq: bobAccount.seq, amount: '1' },
        { token: bob.token, key: kit.freshKey() },
      ),
    );
    await expectNotFoundAndNothingWritten(() =>
      kit.write(
        'POST',
        '/api/v1/account-transfer',
        { source_account_seq: bobAccount.seq, target_account_seq: aliceAccount.seq, amount: '1' },
        { token: bob.token, key: kit.freshKey() },
      ),
    );
  });

  test('to her account number: refused by the default policy, nothing written', async () => {
    const events = await kit.eventCount();
    const response = await kit.write(
      'POST',
      '/api/v1/account-transfer',
      {
        source_account_seq: bobAccount.seq,
        target_account_number: aliceAccount.account_number,
        amount: '1',
      },
      { token: bob.token, key: kit.freshKey() },
    );
    expect(response.status).toBe(403);
    expect(((await response.json()) as { code: string }).code).toBe('member_transfer_not_allowed');
    expect(await kit.eventCount()).toBe(events);
  });

  test('lists show only the caller’s accounts', async () => {
    const list = (await (await kit.read('/api/v1/account', { token: bob.token })).json()) as {
      data: { seq: number }[];
    };
    expect(list.data.map((row) => row.seq)).toEqual([bobAccount.seq]);
  });
});
