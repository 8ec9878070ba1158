// Proves over HTTP that approve-all can be asked first what it would do: POST approve-all?dry_run=true (deposit requests, optionally of one asset, and withdrawals) answers how many requests and how much per asset it would approve, writes nothing, and the real approve-all then approves exactly those.
import { useTestDatabase } from '@ledger/testing';
import { totpAt } from '@ledger/write-api/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDepositTestKit, type DepositTestKit } from '../testing/deposit-test-kit.ts';
import type { LedgerTestMember } from '../testing/ledger-test-kit.ts';
import { startWithdrawTestKyc, type WithdrawTestKyc } from '../testing/withdraw-test-kit.ts';

const database = useTestDatabase();
let kit: DepositTestKit;
let kyc: WithdrawTestKyc;
let admin: LedgerTestMember;
let alice: LedgerTestMember;
let secret = '';
let krwAccount = 0;
let certification = 0;

type Scope = {
  dry_run: boolean;
  asset: string | null;
  requests: number;
  per_asset: { asset: string; requests: number; total: string }[];
};

async function json<T>(response: Response): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

async function nextCode(): Promise<string> {
  kit.clock.nowMs += 30_000;
  return totpAt(secret, kit.clock.nowMs);
}

beforeAll(async () => {
  kit = await createDepositTestKit(database());
  admin = await kit.administrator('chief');
  alice = await kit.member('alice');
  for (const body of [
    { code: 'KRW', decimal_point: 0, title: 'Korean won', minimum_deposit: '1000' },
    { code: 'BTC', decimal_point: 8, title: 'Bitcoin' },
  ]) {
    const registered = await kit.write('POST', '/api/v1/admin/asset', body, {
      token: admin.token,
    });
    expect(registered.status).toBe(201);
  }
  const opened = await kit.write(
    'POST',
    '/api/v1/account',
    { asset: 'KRW', title: 'Won' },
    { token: alice.token, key: kit.freshKey() },
  );
  krwAccount = ((await opened.json()) as { data: { seq: number } }).data.seq;
  await kit.assetsProjected();
  kyc = startWithdrawTestKyc(kit, database());
  certification = await kyc.certify(alice, admin, {
    asset: 'KRW',
    withdrawAddress: '110-222-333',
    holderName: 'Alice Kim',
    bankCode: '088',
  });
  ({ secret } = await kit.enableOtp(alice));
  alice = { ...alice, token: (await kit.login(alice, await nextCode())).token };
});
afterAll(async () => {
  await kyc?.close();
  await kit?.close();
});

describe('approve-all, asked first', () => {
  test('deposit requests: the count and total per asset, nothing written, then exactly those', async () => {
    for (const amount of ['5000', '7000']) {
      const requested = await kit.write(
        'POST',
        '/api/v1/deposit-request',
        { account_seq: krwAccount, request_amount: amount },
        { token: alice.token, key: kit.freshKey() },
      );
      expect(requested.status).toBe(201);
    }
    await kit.assetsProjected();
    const path = '/api/v1/admin/deposit-request/approve-all';
    const before = await kit.eventCount();
    const preview = await json<Scope>(
      await kit.write('POST', `${path}?dry_run=true`, {}, { token: admin.token }),
    );
    expect(preview).toEqual({
      dry_run: true,
      asset: null,
      requests: 2,
      per_asset: [{ asset: 'KRW', requests: 2, total: '12000' }],
    });
    const otherAsset = await json<Scope>(
      await kit.write('POST', `${path}?dry_run=true`, { asset: 'BTC' }, { token: admin.token }),
    );
    expect(otherAsset).toMatchObject({ asset: 'BTC', requests: 0, per_asset: [] });
    expect(await kit.eventCount()).toBe(before);
    const done = await json<{ considered: number; credited: number }>(
      await kit.write('POST', path, {}, { token: admin.token }),
    );
    expect(done).toMatchObject({ considered: 2, credited: 2 });
  });

  test('withdrawals: the count and total per asset, nothing written, then exactly those', async () => {
    await kit.projected();
    for (const amount of ['1000', '2500']) {
      const requested = await kit.write(
        'POST',
        '/api/v1/withdraw',
        {
          account_seq: krwAccount,
          amount,
          withdraw_address_certification_seq: certification,
          otp_token: await nextCode(),
        },
        { token: alice.token, key: kit.freshKey() },
      );
      expect(requested.status, await requested.clone().text()).toBe(201);
    }
    await kyc.projected();
    const path = '/api/v1/admin/withdraw/approve-all';
    const before = await kit.eventCount();
    const preview = await json<Scope>(
      await kit.write('POST', `${path}?dry_run=true`, {}, { token: admin.token }),
    );
    expect(preview).toEqual({
      dry_run: true,
      asset: null,
      requests: 2,
      per_asset: [{ asset: 'KRW', requests: 2, total: '3500' }],
    });
    expect(await kit.eventCount()).toBe(before);
    const done = await json<{ considered: number; approved: number }>(
      await kit.write('POST', path, {}, { token: admin.token }),
    );
    expect(done).toMatchObject({ considered: 2, approved: 2 });
  });
});
