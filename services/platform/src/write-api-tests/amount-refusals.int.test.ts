// Proves over HTTP that every money route refuses an amount it cannot take as it is, with 400 and the field's stable code, and never rounds it: more decimals than the asset has (a KRW deposit request of 1000.5, a withdrawal of 0.000000001 BTC, a transfer or adjustment of 0.5 KRW), a negative or zero amount, and a deposit request above its asset's bound (99,999,999,999,999,999,999 KRW by default; the administrator's ledger.depositRequestMax, validated, once set); nothing is filed.
import { useTestDatabase } from '@ledger/testing';
import { totpAt } from '@ledger/write-api/testing';
import { sql } from 'kysely';
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
const seqs = { krw: 0, krw2: 0, btc: 0, btcCertification: 0 };

type Problem = { code: string; errors?: { path: string; code: string }[] };

async function refusal(response: Response): Promise<[number, string, string | undefined]> {
  const body = (await response.json()) as Problem;
  return [response.status, body.code, `${body.errors?.[0]?.path}:${body.errors?.[0]?.code}`];
}

async function openAccount(asset: string): Promise<number> {
  const response = await kit.write(
    'POST',
    '/api/v1/account',
    { asset, title: `${asset} wallet` },
    { token: alice.token, key: kit.freshKey() },
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { seq: number } }).data.seq;
}

const depositRequest = (amount: string) =>
  kit.write(
    'POST',
    '/api/v1/deposit-request',
    { account_seq: seqs.krw, request_amount: amount },
    { token: alice.token, key: kit.freshKey() },
  );

async function depositRequests(): Promise<number> {
  const { rows } = await sql<{ count: string }>`SELECT count(*)::text AS count FROM es_events
    WHERE stream_id LIKE 'deposit-request-%'`.execute(database().db);
  return Number(rows[0]?.count);
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
  seqs.krw = await openAccount('KRW');
  seqs.krw2 = await openAccount('KRW');
  seqs.btc = await openAccount('BTC');
  await kit.assetsProjected();
  kyc = startWithdrawTestKyc(kit, database());
  seqs.btcCertification = await kyc.certify(alice, admin, {
    asset: 'BTC',
    withdrawAddress: 'bc1qalicecold',
    holderName: 'Alice Kim',
  });
  ({ secret } = await kit.enableOtp(alice));
  kit.clock.nowMs += 30_000;
  alice = {
    ...alice,
    token: (await kit.login(alice, await totpAt(secret, kit.clock.nowMs))).token,
  };
});
afterAll(async () => {
  await kyc?.close();
  await kit?.close();
});

describe('amounts are refused with their code, never rounded', () => {
  test('a deposit request with decimals KRW has not, negative, zero or absurd', async () => {
    const before = await depositRequests();
    const cases: [string, string][] = [
      ['1000.5', 'request_amount:amount_precision_exceeded'],
      ['-0.01', 'request_amount:amount_not_positive'],
      ['0', 'request_amount:amount_not_positive'],
      ['99999999999999999999999', 'request_amount:amount_above_maximum'],
    ];
    for (const [amount, field] of cases) {
      expect(await refusal(await depositRequest(amount)), amount).toEqual([
        400,
        'validation_failed',
        field,
      ]);
    }
    expect(await depositRequests()).toBe(before);
    expect((await depositRequest('1000')).status).toBe(201);
  });

  test('the deposit request bound is the administrator’s setting per asset, validated', async () => {
    const set = (value: unknown) =>
      kit.write(
        'PUT',
        '/api/v1/admin/setting/ledger.depositRequestMax',
        { value },
        { token: admin.token },
      );
    const bad = await set({ KRW: 'lots' });
    expect([bad.status, ((await bad.json()) as Problem).code]).toEqual([
      422,
      'setting_value_invalid',
    ]);
    expect((await set({ KRW: '5000' })).status).toBe(200);
    expect(await refusal(await depositRequest('5001'))).toEqual([
      400,
      'validation_failed',
      'request_amount:amount_above_maximum',
    ]);
    expect((await depositRequest('5000')).status).toBe(201);
  });

  test('a withdrawal of more decimals than BTC has, or of nothing', async () => {
    for (const [amount, field] of [
      ['0.000000001', 'amount:amount_precision_exceeded'],
      ['-0.01', 'amount:amount_not_positive'],
      ['0', 'amount:amount_not_positive'],
    ] as const) {
      kit.clock.nowMs += 30_000;
      const response = await kit.write(
        'POST',
        '/api/v1/withdraw',
        {
          account_seq: seqs.btc,
          amount,
          withdraw_address_certification_seq: seqs.btcCertification,
          otp_token: await totpAt(secret, kit.clock.nowMs),
        },
        { token: alice.token, key: kit.freshKey() },
      );
      expect(await refusal(response), amount).toEqual([400, 'validation_failed', field]);
    }
  });

  test('an account transfer and a forced adjustment of a fraction of a won', async () => {
    const transfer = await kit.write(
      'POST',
      '/api/v1/account-transfer',
      { source_account_seq: seqs.krw, target_account_seq: seqs.krw2, amount: '0.5' },
      { token: alice.token, key: kit.freshKey() },
    );
    expect(await refusal(transfer)).toEqual([
      400,
      'validation_failed',
      'amount:amount_precision_exceeded',
    ]);
    for (const [amount, field] of [
      ['0.5', 'amount:amount_precision_exceeded'],
      ['-5', 'amount:amount_not_positive'],
    ] as const) {
      const adjustment = await kit.write(
        'POST',
        '/api/v1/admin/adjustment',
        { account_seq: seqs.krw, direction: 'credit', amount, reason: 'correction' },
        { token: admin.token, key: kit.freshKey() },
      );
      expect(await refusal(adjustment), amount).toEqual([400, 'validation_failed', field]);
    }
  });
});
