// Proves the ledger policy comes from the settings catalogue over HTTP: the chief administrator's
// PUT /admin/setting of `ledger.memberTransferScope` opens and closes transfers to another
// member's account on POST /account-transfer, `ledger.memberTransferFee` charges the fee,
// `ledger.adjustmentSingleApprovalMax` decides whether a forced adjustment needs a second
// administrator, `ledger.accountsPerAssetMax` caps account openings, bad values are refused
// with a problem code, and GET /constant publishes the member-facing part.
import { systemAccountId } from '@ledger/ledger';
import { useTestDatabase } from '@ledger/testing';
import { ledgerPolicyMaxAgeMs } from '@ledger/write-api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createLedgerTestKit,
  type LedgerTestKit,
  type LedgerTestMember,
} from '../testing/ledger-test-kit.ts';

const database = useTestDatabase();
let kit: LedgerTestKit;
let chief: LedgerTestMember;
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
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { seq: number; account_number: string } }).data;
}

const putSetting = (key: string, value: unknown) =>
  kit.write('PUT', `/api/v1/admin/setting/${key}`, { value }, { token: chief.token });

const transferToBob = (amount = '1000') =>
  kit.write(
    'POST',
    '/api/v1/account-transfer',
    {
      source_account_seq: aliceAccount.seq,
      target_account_number: bobAccount.account_number,
      amount,
    },
    { token: alice.token, key: kit.freshKey() },
  );

async function codeOf(response: Response): Promise<string> {
  return ((await response.json()) as { code: string }).code;
}

beforeAll(async () => {
  kit = await createLedgerTestKit(database());
  chief = await kit.administrator('chief');
  alice = await kit.member('alice');
  bob = await kit.member('bob');
  aliceAccount = await open(alice);
  bobAccount = await open(bob);
  const funded = await kit.writer.submit({
    commandId: `fund:${aliceAccount.seq}`,
    actor: 'system:test',
    command: {
      type: 'PostTransfer',
      data: {
        transferId: `fund:${aliceAccount.seq}`,
        legs: [
          {
            debit: systemAccountId('chainClearing', 'KRW'),
            credit: `wallet:${aliceAccount.seq}`,
            asset: 'KRW',
            amount: '100000',
          },
        ],
        cause: 'deposit',
      },
    },
  });
  expect(funded.kind).toBe('answered');
  await kit.projected();
}, 60_000);
afterAll(async () => {
  await kit.close();
});

describe('ledger.memberTransferScope and ledger.memberTransferFee', () => {
  test('by default a transfer to another member is refused and writes nothing', async () => {
    const events = await kit.eventCount();
    const response = await transferToBob();
    expect(response.status).toBe(403);
    expect(await codeOf(response)).toBe('member_transfer_not_allowed');
    expect(await kit.eventCount()).toBe(events);
  });

  test('bad values are refused with a problem code: a number for an amount, an unknown scope', async () => {
    for (const [key, value] of [
      ['ledger.memberTransferFee', { KRW: 100 }],
      ['ledger.memberTransferFee', { krw: '100' }],
      ['ledger.memberTransferScope', 'everyone'],
      ['ledger.adjustmentSingleApprovalMax', { KRW: '-1' }],
      ['ledger.accountsPerAssetMax', 0],
    ] as const) {
      const response = await putSetting(key, value);
      expect(response.status, key).toBe(422);
      expect(await codeOf(response)).toBe('setting_value_invalid');
    }
  });

  test('a member cannot change the policy', async () => {
    const response = await kit.write(
      'PUT',
      '/api/v1/admin/setting/ledger.memberTransferScope',
      { value: 'any_member' },
      { token: alice.token },
    );
    expect(response.status).toBe(403);
  });

  test('after the chief administrator allows it, the next transfer goes through with the fee', async () => {
    expect((await putSetting('ledger.memberTransferFee', { KRW: '150' })).status).toBe(200);
    expect((await putSetting('ledger.memberTransferScope', 'any_member')).status).toBe(200);
    const response = await transferToBob('1000');
    expect(response.status).toBe(201);
    expect((await response.json()) as { data: { amount: string; fee: string } }).toMatchObject({
      data: { amount: '1000', fee: '150' },
    });
  });

  test('after it is closed again, transfers to another member are refused within the policy copy age', async () => {
    expect((await putSetting('ledger.memberTransferScope', 'own_accounts')).status).toBe(200);
    const deadline = Date.now() + ledgerPolicyMaxAgeMs + 2_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await transferToBob('1')).status;
      if (status === 403) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(403);
  });

  test('GET /constant publishes the scope, the fee and the account cap', async () => {
    await kit.projected();
    const response = await kit.read('/api/v1/constant');
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { ledger: unknown } };
    expect(data.ledger).toEqual({
      accounts_per_asset_max: 20,
      member_transfer_scope: 'own_accounts',
      member_transfer_fee: { KRW: '150' },
    });
  });
});

describe('ledger.adjustmentSingleApprovalMax', () => {
  type Adjustment = { status: string; approval_required: boolean };
  const propose = async (amount: string): Promise<Adjustment> => {
    const response = await kit.write(
      'POST',
      '/api/v1/admin/adjustment',
      { account_seq: bobAccount.seq, direction: 'credit', amount, reason: 'Policy check' },
      { token: chief.token, key: kit.freshKey() },
    );
    expect(response.status).toBe(201);
    return ((await response.json()) as { data: Adjustment }).data;
  };

  test('absent for the asset: every adjustment needs a second administrator', async () => {
    expect(await propose('1')).toMatchObject({ approval_required: true, status: 'proposed' });
  });

  test('set: up to it one administrator suffices, above it a second one is needed', async () => {
    expect((await putSetting('ledger.adjustmentSingleApprovalMax', { KRW: '500' })).status).toBe(
      200,
    );
    expect(await propose('500')).toMatchObject({ approval_required: false, status: 'executed' });
    expect(await propose('501')).toMatchObject({ approval_required: true, status: 'proposed' });
  });
});

describe('ledger.accountsPerAssetMax', () => {
  test('caps the accounts a member opens per asset', async () => {
    expect((await putSetting('ledger.accountsPerAssetMax', 2)).status).toBe(200);
    await kit.projected();
    await open(bob);
    await kit.projected();
    const response = await kit.write(
      'POST',
      '/api/v1/account',
      { asset: 'KRW', title: 'Third' },
      { token: bob.token, key: kit.freshKey() },
    );
    expect(response.status).toBe(409);
    expect(await codeOf(response)).toBe('account_limit_reached');
  });
});
