// Proves over HTTP that the withdraw policy's fee is charged when the asset catalog names no fee of its own: an administrator sets a 0.0005 BTC policy fee, the member's next withdrawal is charged it (net amount, hold) and her balance log holds the request with its fee; a catalog fee, once named, wins over the policy's.
import { useTestDatabase } from '@ledger/testing';
import { totpAt } from '@ledger/write-api/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDepositTestKit, type DepositTestKit } from '../testing/deposit-test-kit.ts';
import type { LedgerTestMember } from '../testing/ledger-test-kit.ts';
import { startWithdrawTestKyc, type WithdrawTestKyc } from '../testing/withdraw-test-kit.ts';

const database = useTestDatabase();
let kit: DepositTestKit;
let kyc: WithdrawTestKyc;
let alice: LedgerTestMember;
let admin: LedgerTestMember;
let secret = '';
let accountSeq = 0;
let certification = 0;

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function nextCode(): Promise<string> {
  kit.clock.nowMs += 30_000;
  return totpAt(secret, kit.clock.nowMs);
}

type Withdrawal = {
  withdrawal_id: string;
  fee_type: string;
  fee_amount: string;
  fee_asset: string;
  net_amount: string;
  request_amount: string;
};

async function withdraw(amount: string): Promise<Withdrawal> {
  const response = await kit.write(
    'POST',
    '/api/v1/withdraw',
    {
      account_seq: accountSeq,
      amount,
      withdraw_address_certification_seq: certification,
      otp_token: await nextCode(),
    },
    { token: alice.token, key: kit.freshKey() },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await json<{ data: Withdrawal }>(response)).data;
}

beforeAll(async () => {
  kit = await createDepositTestKit(database());
  admin = await kit.administrator('admin');
  alice = await kit.member('alice');
  // BTC in the catalog with no withdrawal fee of its own.
  const registered = await kit.write(
    'POST',
    '/api/v1/admin/asset',
    { code: 'BTC', decimal_point: 8, title: 'Bitcoin' },
    { token: admin.token },
  );
  expect(registered.status).toBe(201);
  const opened = await kit.write(
    'POST',
    '/api/v1/account',
    { asset: 'BTC', title: 'Coins' },
    { token: alice.token, key: kit.freshKey() },
  );
  expect(opened.status).toBe(201);
  accountSeq = (await json<{ data: { seq: number } }>(opened)).data.seq;
  const funded = await kit.writer.submit({
    commandId: 'fund-alice-btc',
    actor: 'system:test',
    command: {
      type: 'PostTransfer',
      data: {
        transferId: 'fund-alice-btc',
        legs: [
          {
            debit: 'system:chainClearing:BTC',
            credit: `wallet:${accountSeq}`,
            asset: 'BTC',
            amount: '1.00000000',
          },
        ],
        cause: 'deposit',
      },
    },
  });
  expect(funded).toMatchObject({ kind: 'answered', answer: { kind: 'accepted' } });
  await kit.assetsProjected();
  kyc = startWithdrawTestKyc(kit, database());
  certification = await kyc.certify(alice, admin, {
    asset: 'BTC',
    withdrawAddress: 'bc1qalicecold',
    holderName: 'Alice Kim',
  });
  ({ secret } = await kit.enableOtp(alice));
  alice = { ...alice, token: (await kit.login(alice, await nextCode())).token };
});
afterAll(async () => {
  await kyc?.close();
  await kit?.close();
});

describe('the fee a withdrawal is charged', () => {
  test('the withdraw policy’s fee, while the asset catalog names none; the hold in the balance log covers it', async () => {
    const policy = await kit.write(
      'PUT',
      '/api/v1/admin/withdraw-policy/BTC',
      {
        one_time_limit: null,
        daily_limit: null,
        fee_type: 'deducted',
        fee_amount: '0.0005',
        fee_asset: 'BTC',
      },
      { token: admin.token },
    );
    expect(policy.status, await policy.clone().text()).toBe(200);
    const withdrawal = await withdraw('0.01');
    expect(withdrawal).toMatchObject({
      fee_type: 'deducted',
      fee_amount: '0.00050000',
      fee_asset: 'BTC',
      request_amount: '0.01000000',
      net_amount: '0.00950000',
    });
    const approved = await kit.write(
      'POST',
      `/api/v1/admin/withdraw/${withdrawal.withdrawal_id}/approve`,
      {},
      { token: admin.token },
    );
    expect(approved.status, await approved.clone().text()).toBe(200);
    await kit.projected();
    const log = await json<{
      data: { cause: string; side: string; amount: string; available_after: string }[];
    }>(
      await kit.read(`/api/v1/account/${accountSeq}/balance-log?order=asc`, {
        token: alice.token,
      }),
    );
    // The hold covers the whole request: the net amount to send plus the policy's fee.
    expect(log.data.map((row) => [row.cause, row.side, row.amount, row.available_after])).toEqual([
      ['deposit', 'credit', '1.00000000', '1.00000000'],
      ['withdrawal', 'hold', '0.01000000', '0.99000000'],
    ]);
  });

  test('the asset catalog’s fee, once it names one, wins over the policy’s', async () => {
    const changed = await kit.write(
      'PUT',
      '/api/v1/admin/asset/BTC',
      { withdraw_fees: [{ order: 1, fee: '0.0001', fee_asset: 'BTC' }] },
      { token: admin.token },
    );
    expect(changed.status, await changed.clone().text()).toBe(200);
    await kit.assetsProjected();
    const withdrawal = await withdraw('0.01');
    expect(withdrawal).toMatchObject({ fee_amount: '0.00010000', net_amount: '0.00990000' });
  });
});
