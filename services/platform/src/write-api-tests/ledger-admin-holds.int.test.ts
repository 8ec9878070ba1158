// Proves the administrator's account view lists the account's open holds (for the account/{seq}
// screen) and only those: a placed hold appears with its amount at the asset's scale, reason and
// expiry, a released one disappears, and a member's own account read never shows holds.
import { systemAccountId } from '@ledger/ledger';
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  createLedgerTestKit,
  type LedgerTestKit,
  type LedgerTestMember,
} from '../testing/ledger-test-kit.ts';

const database = useTestDatabase();
let kit: LedgerTestKit;
let member: LedgerTestMember;
let admin: LedgerTestMember;
let seq = 0;

async function submit(command: Parameters<LedgerTestKit['writer']['submit']>[0]['command']) {
  const result = await kit.writer.submit({
    commandId: kit.freshKey(),
    actor: 'system:test',
    command,
  });
  if (result.kind !== 'answered' || result.answer.kind !== 'accepted') {
    throw new Error(`ledger: ${JSON.stringify(result)}`);
  }
  return result.position;
}

beforeAll(async () => {
  kit = await createLedgerTestKit(database());
  member = await kit.member('holder');
  admin = await kit.administrator('admin');
  const opened = await kit.write(
    'POST',
    '/api/v1/account',
    { asset: 'BTC', title: 'Escrow' },
    { token: member.token, key: kit.freshKey() },
  );
  expect(opened.status).toBe(201);
  seq = ((await opened.json()) as { data: { seq: number } }).data.seq;
  await submit({
    type: 'PostTransfer',
    data: {
      transferId: kit.freshKey(),
      legs: [
        {
          debit: systemAccountId('chainClearing', 'BTC'),
          credit: `wallet:${seq}`,
          asset: 'BTC',
          amount: '2.00000000',
        },
      ],
      cause: 'deposit',
    },
  });
}, 60_000);
afterAll(async () => {
  await kit?.close();
});

type View = { data: { holding_balance: string; holds?: unknown[] } };

async function adminView(after: string): Promise<View['data']> {
  const response = await kit.read(`/api/v1/admin/account/${seq}?after=${after}`, {
    token: admin.token,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as View).data;
}

test('open holds are listed on the admin account view until they are resolved', async () => {
  const expiresAt = '2099-01-01T00:00:00.000Z';
  await submit({
    type: 'PlaceHold',
    data: {
      holdId: 'hold-open',
      account: `wallet:${seq}`,
      amount: '0.50000000',
      reason: 'c2cEscrow',
      expiresAt,
    },
  });
  const placed = await submit({
    type: 'PlaceHold',
    data: {
      holdId: 'hold-released',
      account: `wallet:${seq}`,
      amount: '0.25000000',
      reason: 'withdrawal',
    },
  });
  const withTwo = await adminView(placed);
  expect(withTwo.holding_balance).toBe('0.75000000');
  expect(withTwo.holds).toEqual([
    {
      hold_id: 'hold-open',
      amount: '0.50000000',
      reason: 'c2cEscrow',
      placed_at: expect.any(String),
      expires_at: expiresAt,
    },
    {
      hold_id: 'hold-released',
      amount: '0.25000000',
      reason: 'withdrawal',
      placed_at: expect.any(String),
      expires_at: null,
    },
  ]);

  const released = await submit({ type: 'ReleaseHold', data: { holdId: 'hold-released' } });
  const withOne = await adminView(released);
  expect(withOne.holding_balance).toBe('0.50000000');
  expect(withOne.holds?.map((hold) => (hold as { hold_id: string }).hold_id)).toEqual([
    'hold-open',
  ]);

  const own = await kit.read(`/api/v1/account/${seq}?after=${released}`, { token: member.token });
  expect(own.status).toBe(200);
  expect((await own.json()) as View).not.toHaveProperty('data.holds');
});
