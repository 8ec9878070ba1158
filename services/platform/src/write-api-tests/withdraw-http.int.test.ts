// Proves the withdrawal routes over HTTP: a withdrawal needs a registered OTP and a fresh code (step-up), goes only to one of the member's certified, approved addresses of the asset (a typed address, another asset's or another member's certification is refused with a stable code) and takes the certification's address, is scoped to its member (another member's cancel or read is a 404), admin routes refuse members, an administrator's approval is recorded and the withdrawal processor sends it, and a retry with the same Idempotency-Key answers the same withdrawal.
import { useTestDatabase } from '@ledger/testing';
import { totpAt } from '@ledger/write-api/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createLedgerTestKit,
  type LedgerTestKit,
  type LedgerTestMember,
} from '../testing/ledger-test-kit.ts';
import { startWithdrawTestKyc, type WithdrawTestKyc } from '../testing/withdraw-test-kit.ts';

const database = useTestDatabase();
let kit: LedgerTestKit;
let alice: LedgerTestMember;
let bob: LedgerTestMember;
let admin: LedgerTestMember;
let secret = '';
let accountSeq = 0;
let kyc: WithdrawTestKyc;
/** Alice's certified KRW bank account, her certified BTC address, and bob's KRW account. */
const certified = { krw: 0, btc: 0, bobKrw: 0 };

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** The TOTP code of the kit's clock, a step later each time (the server accepts a step once). */
async function nextCode(): Promise<string> {
  kit.clock.nowMs += 30_000;
  return totpAt(secret, kit.clock.nowMs);
}

beforeAll(async () => {
  kit = await createLedgerTestKit(database());
  alice = await kit.member('alice');
  bob = await kit.member('bob');
  admin = await kit.administrator('admin');
  const opened = await kit.write(
    'POST',
    '/api/v1/account',
    { asset: 'KRW', title: 'Won' },
    { token: alice.token, key: kit.freshKey() },
  );
  expect(opened.status).toBe(201);
  accountSeq = (await json<{ data: { seq: number } }>(opened)).data.seq;
  const funded = await kit.writer.submit({
    commandId: 'fund-alice',
    actor: 'system:test',
    command: {
      type: 'PostTransfer',
      data: {
        transferId: 'fund-alice',
        legs: [
          {
            debit: 'system:chainClearing:KRW',
            credit: `wallet:${accountSeq}`,
            asset: 'KRW',
            amount: '50000',
          },
        ],
        cause: 'deposit',
      },
    },
  });
  expect(funded.kind).toBe('answered');
  await kit.projected();
  kyc = startWithdrawTestKyc(kit, database());
  const bank = { asset: 'KRW', holderName: 'Alice Kim', bankCode: '088' };
  certified.krw = await kyc.certify(alice, admin, { ...bank, withdrawAddress: '110-222-333' });
  certified.btc = await kyc.certify(alice, admin, {
    asset: 'BTC',
    withdrawAddress: 'bc1qalicecold',
    holderName: 'Alice Kim',
  });
  certified.bobKrw = await kyc.certify(bob, admin, {
    asset: 'KRW',
    withdrawAddress: '990-888-777',
    holderName: 'Bob Tanaka',
    bankCode: '004',
  });
});
afterAll(async () => {
  await kyc?.close();
  await kit?.close();
});

/** Alice's view of the withdrawal once it leaves `approved` (the processor's steps), read-your-writes. */
async function statusOnceSettled(withdrawalId: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await kyc.projected();
    const read = await kit.read(`/api/v1/withdraw/${withdrawalId}`, { token: alice.token });
    const status = (await json<{ data: { status: string } }>(read)).data.status;
    if (status !== 'approved' || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Events of withdrawal streams: a refused request appends none. */
async function withdrawalEvents(): Promise<number> {
  const { rows } = await sql<{ count: string }>`SELECT count(*)::text AS count FROM es_events
    WHERE stream_id LIKE 'withdrawal-%'`.execute(database().db);
  return Number(rows[0]?.count);
}

const body = (otp: string, certificationSeq = certified.krw) => ({
  account_seq: accountSeq,
  amount: '10000',
  withdraw_address_certification_seq: certificationSeq,
  otp_token: otp,
});

describe('withdraw over HTTP', () => {
  let withdrawalId = '';

  test('without a registered OTP a member cannot withdraw', async () => {
    const response = await kit.write('POST', '/api/v1/withdraw', body('123456'), {
      token: alice.token,
      key: kit.freshKey(),
    });
    expect(response.status).toBe(403);
    expect((await json<{ code: string }>(response)).code).toBe('otp_registration_required');
  });

  test('with an OTP: a wrong code is refused, a fresh one requests the withdrawal, a retry answers the same', async () => {
    ({ secret } = await kit.enableOtp(alice));
    const login = await kit.login(alice, await nextCode());
    alice = { ...alice, token: login.token };
    const wrong = await kit.write('POST', '/api/v1/withdraw', body('000000'), {
      token: alice.token,
      key: kit.freshKey(),
    });
    expect(wrong.status).toBe(422);
    expect((await json<{ code: string }>(wrong)).code).toBe('otp_invalid');
    const key = kit.freshKey();
    const requested = await kit.write('POST', '/api/v1/withdraw', body(await nextCode()), {
      token: alice.token,
      key,
    });
    expect(requested.status).toBe(201);
    const answer = (
      await json<{
        data: { withdrawal_id: string; status: string; hold: string; net_amount: string };
      }>(requested)
    ).data;
    // The processor placed the hold; the answer waited for its outcome (read-your-writes).
    expect(answer).toMatchObject({ status: 'requested', hold: 'placed', net_amount: '10000' });
    withdrawalId = answer.withdrawal_id;
    // The certification's address and bank code, not anything typed.
    expect(answer).toMatchObject({
      withdraw_address: '110-222-333',
      bank_code: '088',
      withdraw_address_certification_seq: certified.krw,
    });
    const retried = await kit.write('POST', '/api/v1/withdraw', body(await nextCode()), {
      token: alice.token,
      key,
    });
    expect((await json<{ data: { withdrawal_id: string } }>(retried)).data.withdrawal_id).toBe(
      withdrawalId,
    );
  });

  test('only a certified address of her own for the asset: a typed one, BTC’s or bob’s is refused', async () => {
    const before = await withdrawalEvents();
    const refusals: [Record<string, unknown>, number, string][] = [
      [
        { ...body('123456'), withdraw_address_certification_seq: undefined, withdraw_address: 'x' },
        422,
        'withdraw_address_certification_required',
      ],
      [
        { ...body('123456'), holder_name: 'Mallory' },
        422,
        'withdraw_address_certification_required',
      ],
      [
        { ...body('123456'), withdraw_address_certification_seq: undefined },
        422,
        'withdraw_address_certification_required',
      ],
      // KRW has no withdraw extra form here: a value for a field it does not have is refused.
      [{ ...body('123456'), extra: { branch: 'Gangnam' } }, 422, 'extra_form_invalid'],
    ];
    for (const [refused, status, code] of refusals) {
      const response = await kit.write('POST', '/api/v1/withdraw', refused, {
        token: alice.token,
        key: kit.freshKey(),
      });
      expect(response.status).toBe(status);
      expect((await json<{ code: string }>(response)).code).toBe(code);
    }
    // A fresh OTP budget (5 codes per 5 minutes per member) for the three refusals after the OTP.
    kit.clock.nowMs += 5 * 60_000;
    for (const certificationSeq of [certified.btc, certified.bobKrw, 99_999]) {
      const response = await kit.write(
        'POST',
        '/api/v1/withdraw',
        body(await nextCode(), certificationSeq),
        { token: alice.token, key: kit.freshKey() },
      );
      expect(response.status, await response.clone().text()).toBe(422);
      expect((await json<{ code: string }>(response)).code).toBe('withdraw_address_not_certified');
    }
    expect(await withdrawalEvents()).toBe(before);
  });

  test('another member can neither cancel nor read it; a member cannot approve', async () => {
    const cancel = await kit.write(
      'POST',
      `/api/v1/withdraw/${withdrawalId}/cancel`,
      {},
      { token: bob.token },
    );
    expect(cancel.status).toBe(404);
    const read = await kit.read(`/api/v1/withdraw/${withdrawalId}`, { token: bob.token });
    expect(read.status).toBe(404);
    const approve = await kit.write(
      'POST',
      `/api/v1/admin/withdraw/${withdrawalId}/approve`,
      {},
      { token: alice.token },
    );
    expect(approve.status).toBe(403);
  });

  test('the administrator approves it and the processor sends it', async () => {
    const approved = await kit.write(
      'POST',
      `/api/v1/admin/withdraw/${withdrawalId}/approve`,
      {},
      { token: admin.token },
    );
    expect(approved.status).toBe(200);
    // The request records the approval; the processor, nudged by it, sends the transfer.
    expect((await json<{ data: { status: string } }>(approved)).data.status).toBe('approved');
    // Sent, or already completed when the processor's next poll found the send confirmed on chain.
    expect(['sent', 'completed']).toContain(await statusOnceSettled(withdrawalId));
    const cancel = await kit.write(
      'POST',
      `/api/v1/withdraw/${withdrawalId}/cancel`,
      {},
      { token: alice.token },
    );
    expect(cancel.status).toBe(409);
    expect((await json<{ code: string }>(cancel)).code).toBe('withdrawal_state_invalid');
  });
});
