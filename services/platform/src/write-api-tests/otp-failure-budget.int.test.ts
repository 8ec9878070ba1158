// Proves over HTTP that the OTP budget (5 per member per 5 minutes) counts failed codes only: a member who set up OTP, logged in with it and withdrew several times with correct codes still withdraws after one typo; after five failures the sixth attempt, a correct code included, is refused with 429, a Retry-After header and a retry_after member in seconds, once the window has passed a correct code works again, and a parallel burst of wrong codes gets exactly five tries.
import { useTestDatabase } from '@ledger/testing';
import { totpAt } from '@ledger/write-api/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createLedgerTestKit,
  type LedgerTestKit,
  type LedgerTestMember,
} from '../testing/ledger-test-kit.ts';
import { startWithdrawTestKyc, type WithdrawTestKyc } from '../testing/withdraw-test-kit.ts';

const database = useTestDatabase();
let kit: LedgerTestKit;
let kyc: WithdrawTestKyc;
let alice: LedgerTestMember;
let admin: LedgerTestMember;
let secret = '';
let accountSeq = 0;
let certification = 0;

async function nextCode(): Promise<string> {
  kit.clock.nowMs += 30_000;
  return totpAt(secret, kit.clock.nowMs);
}

const withdraw = (otp: string) =>
  kit.write(
    'POST',
    '/api/v1/withdraw',
    {
      account_seq: accountSeq,
      amount: '1000',
      withdraw_address_certification_seq: certification,
      otp_token: otp,
    },
    { token: alice.token, key: kit.freshKey() },
  );

async function codeOf(response: Response): Promise<[number, string]> {
  return [response.status, ((await response.json()) as { code: string }).code];
}

beforeAll(async () => {
  kit = await createLedgerTestKit(database());
  alice = await kit.member('alice');
  admin = await kit.administrator('admin');
  const opened = await kit.write(
    'POST',
    '/api/v1/account',
    { asset: 'KRW', title: 'Won' },
    { token: alice.token, key: kit.freshKey() },
  );
  expect(opened.status).toBe(201);
  accountSeq = ((await opened.json()) as { data: { seq: number } }).data.seq;
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
            amount: '100000',
          },
        ],
        cause: 'deposit',
      },
    },
  });
  expect(funded).toMatchObject({ kind: 'answered', answer: { kind: 'accepted' } });
  await kit.projected();
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

describe('the OTP budget counts failures only', () => {
  test('correct codes never use it up: after several withdrawals, one typo still leaves room', async () => {
    for (let index = 0; index < 4; index += 1) {
      expect((await withdraw(await nextCode())).status).toBe(201);
    }
    expect(await codeOf(await withdraw('000000'))).toEqual([422, 'otp_invalid']);
    expect((await withdraw(await nextCode())).status).toBe(201);
  });

  test('five failures, then the sixth attempt is refused with Retry-After until the window passes', async () => {
    kit.clock.nowMs += 5 * 60_000;
    for (let index = 0; index < 5; index += 1) {
      expect(await codeOf(await withdraw('000000'))).toEqual([422, 'otp_invalid']);
    }
    const refused = await withdraw(await nextCode());
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(5 * 60);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited', retry_after: retryAfter });
    kit.clock.nowMs += retryAfter * 1_000;
    // The access token has lapsed meanwhile: log in again with a code, then withdraw with another.
    alice = { ...alice, token: (await kit.login(alice, await nextCode())).token };
    expect((await withdraw(await nextCode())).status).toBe(201);
  });

  test('a burst of wrong codes in parallel gets exactly the five tries of the budget', async () => {
    kit.clock.nowMs += 5 * 60_000;
    alice = { ...alice, token: (await kit.login(alice, await nextCode())).token };
    const responses = await Promise.all(Array.from({ length: 12 }, () => withdraw('000000')));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(5).fill(422), ...Array(7).fill(429)]);
  });
});
