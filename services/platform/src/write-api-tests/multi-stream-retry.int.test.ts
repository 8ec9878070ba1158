// Proves the multi-stream rule over HTTP with the real writer and projector: each write command
// that appends to more than one stream (account opening, account status change, a forced
// adjustment proposed within the single-approval threshold and one approved, a deposit request's
// approval) is failed between its appends, and the retry with the same Idempotency-Key finishes
// the remaining appends once and gives the answer an unfailed run gives; text no stream can store
// is refused with 400 before the first append, so nothing starts.
import { walletAccountId } from '@ledger/ledger-projections';
import { useTestDatabase } from '@ledger/testing';
import { createAppendFault } from '@ledger/write-api/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDepositTestKit, type DepositTestKit } from '../testing/deposit-test-kit.ts';
import type { LedgerTestMember } from '../testing/ledger-test-kit.ts';

const database = useTestDatabase();
const fault = createAppendFault();
let kit: DepositTestKit;
let maker: LedgerTestMember;
let checker: LedgerTestMember;
let member: LedgerTestMember;
let krwSeq: number;

type Answer<T> = { data: T; position: string };
const answerOf = async <T>(response: Response) => (await response.json()) as Answer<T>;

async function balanceOf(seq: number): Promise<string> {
  await kit.assetsProjected();
  const { rows } = await sql<{ balance: string }>`SELECT balance::text FROM ledger_accounts
    WHERE account = ${walletAccountId(seq)}`.execute(database().db);
  return rows[0]?.balance ?? 'missing';
}

async function eventTypesOf(stream: string): Promise<string[]> {
  const types: string[] = [];
  for await (const event of kit.eventStore.readStream(stream)) types.push(event.type);
  return types;
}

/** Sends the same request twice with one key: the first fails at the armed append, the retry finishes. */
async function failedThenRetried(send: () => Promise<Response> | Response): Promise<Response> {
  const tripped = fault.tripped();
  const first = await send();
  expect(first.status).toBe(500);
  expect(fault.tripped()).toBe(tripped + 1);
  return send();
}

beforeAll(async () => {
  kit = await createDepositTestKit(database(), {
    policy: { adjustmentSingleApprovalMax: { KRW: '100' } },
    wrapEventStore: fault.wrap,
  });
  maker = await kit.administrator('maker');
  checker = await kit.administrator('checker');
  member = await kit.member('member');
  const krw = await kit.write(
    'POST',
    '/api/v1/admin/asset',
    { code: 'KRW', decimal_point: 0, title: 'Korean won', minimum_deposit: '1000' },
    { token: maker.token },
  );
  expect(krw.status).toBe(201);
  const opened = await kit.write(
    'POST',
    '/api/v1/account',
    { asset: 'KRW', title: 'Won' },
    { token: member.token, key: kit.freshKey() },
  );
  krwSeq = (await answerOf<{ seq: number }>(opened)).data.seq;
});
afterAll(async () => {
  await kit.close();
});

describe('a command over several streams finishes on a retry with its key', () => {
  test('account opening: the ledger opened the account, the title failed; the retry titles it and answers the account', async () => {
    const key = kit.freshKey();
    const send = () =>
      kit.write(
        'POST',
        '/api/v1/account',
        { asset: 'BTC', title: 'Cold' },
        { token: member.token, key },
      );
    fault.failNextAppendTo('wallet-account-');
    const retried = await failedThenRetried(send);
    expect(retried.status).toBe(201);
    const answer = await answerOf<{ seq: number; title: string; asset: string; status: string }>(
      retried,
    );
    expect(answer.data).toMatchObject({ title: 'Cold', asset: 'BTC', status: 'normal' });
    const again = await send();
    expect((await answerOf(again)).data).toEqual(answer.data);
    const list = await kit.read(`/api/v1/account?after=${answer.position}&asset=BTC`, {
      token: member.token,
    });
    const listed = (await list.json()) as { data: { seq: number; title: string }[] };
    expect(listed.data.map((row) => [row.seq, row.title])).toEqual([[answer.data.seq, 'Cold']]);
    expect(await eventTypesOf(`wallet-account-${answer.data.seq}`)).toEqual([
      'WalletAccountTitled',
    ]);
  });

  test('account status change: the ledger changed it, the note failed; the retry notes it once and answers the change', async () => {
    const key = kit.freshKey();
    const send = () =>
      kit.write(
        'PUT',
        `/api/v1/admin/account/${krwSeq}/status`,
        { status: 'fraud', reason: 'Chargeback' },
        { token: maker.token, key },
      );
    fault.failNextAppendTo('wallet-account-');
    const retried = await failedThenRetried(send);
    expect(retried.status).toBe(200);
    expect((await answerOf(retried)).data).toEqual({
      seq: krwSeq,
      status: 'fraud',
      status_previous: 'normal',
    });
    expect(await eventTypesOf(`wallet-account-${krwSeq}`)).toEqual([
      'WalletAccountTitled',
      'WalletAccountStatusNoted',
    ]);
    const back = await kit.write(
      'PUT',
      `/api/v1/admin/account/${krwSeq}/status`,
      { status: 'normal', reason: 'Resolved' },
      { token: maker.token, key: kit.freshKey() },
    );
    expect(back.status).toBe(200);
  });

  test('an adjustment within the threshold: proposed and executed, the outcome failed; the retry records it, money moved once', async () => {
    const before = await balanceOf(krwSeq);
    const key = kit.freshKey();
    const send = () =>
      kit.write(
        'POST',
        '/api/v1/admin/adjustment',
        { account_seq: krwSeq, direction: 'credit', amount: '70', reason: 'Goodwill' },
        { token: maker.token, key },
      );
    fault.failNextAppendTo('adjustment-', 1);
    const retried = await failedThenRetried(send);
    expect(retried.status).toBe(201);
    const answer = await answerOf<{ adjustment_id: string; status: string }>(retried);
    expect(answer.data).toMatchObject({ status: 'executed', approval_required: false });
    expect(await eventTypesOf(`adjustment-${answer.data.adjustment_id}`)).toEqual([
      'AdjustmentProposed',
      'AdjustmentExecuted',
    ]);
    expect(Number(await balanceOf(krwSeq)) - Number(before)).toBe(70);
  });

  test('an adjustment approved by another administrator: the outcome failed; the retry of the approval records it once', async () => {
    const before = await balanceOf(krwSeq);
    const proposed = await kit.write(
      'POST',
      '/api/v1/admin/adjustment',
      { account_seq: krwSeq, direction: 'credit', amount: '500', reason: 'Correction' },
      { token: maker.token, key: kit.freshKey() },
    );
    const { adjustment_id: adjustmentId } = (await answerOf<{ adjustment_id: string }>(proposed))
      .data;
    const key = kit.freshKey();
    const send = () =>
      kit.write(
        'POST',
        `/api/v1/admin/adjustment/${adjustmentId}/approve`,
        {},
        { token: checker.token, key },
      );
    fault.failNextAppendTo('adjustment-', 1);
    const retried = await failedThenRetried(send);
    expect(retried.status).toBe(200);
    expect((await answerOf(retried)).data).toMatchObject({
      status: 'executed',
      decided_by: checker.seq,
    });
    expect(await eventTypesOf(`adjustment-${adjustmentId}`)).toEqual([
      'AdjustmentProposed',
      'AdjustmentApproved',
      'AdjustmentExecuted',
    ]);
    expect(Number(await balanceOf(krwSeq)) - Number(before)).toBe(500);
  });

  test('a deposit request approval: approved and credited, the outcome failed; the retry records the credit once', async () => {
    const before = await balanceOf(krwSeq);
    const requested = await kit.write(
      'POST',
      '/api/v1/deposit-request',
      { account_seq: krwSeq, request_amount: '5000' },
      { token: member.token, key: kit.freshKey() },
    );
    const { request_id: requestId } = (await answerOf<{ request_id: string }>(requested)).data;
    const key = kit.freshKey();
    const send = () =>
      kit.write(
        'POST',
        `/api/v1/admin/deposit-request/${requestId}/approve`,
        {},
        { token: maker.token, key },
      );
    fault.failNextAppendTo('deposit-request-', 1);
    const retried = await failedThenRetried(send);
    expect(retried.status).toBe(200);
    expect((await answerOf(retried)).data).toEqual({ request_id: requestId, status: 'credited' });
    expect(await eventTypesOf(`deposit-request-${requestId}`)).toEqual([
      'DepositRequested',
      'DepositRequestApproved',
      'DepositRequestCredited',
    ]);
    expect(Number(await balanceOf(krwSeq)) - Number(before)).toBe(5000);
  });
});

describe('a command over several streams with text no stream can store starts nothing', () => {
  const unstorable = ['\ud800x', 'a\u0000b'];

  test.each(unstorable)('account opening titled %j: 400, no account opened', async (title) => {
    const events = await kit.eventCount();
    const response = await kit.write(
      'POST',
      '/api/v1/account',
      { asset: 'KRW', title },
      { token: member.token, key: kit.freshKey() },
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe('validation_failed');
    expect(await kit.eventCount()).toBe(events);
  });

  test.each(unstorable)(
    'account status change with the reason %j: 400, the status unchanged',
    async (reason) => {
      const events = await kit.eventCount();
      const response = await kit.write(
        'PUT',
        `/api/v1/admin/account/${krwSeq}/status`,
        { status: 'fraud', reason },
        { token: maker.token, key: kit.freshKey() },
      );
      expect(response.status).toBe(400);
      expect(await kit.eventCount()).toBe(events);
    },
  );

  test.each(unstorable)(
    'an adjustment with the reason %j: 400, nothing proposed',
    async (reason) => {
      const events = await kit.eventCount();
      const response = await kit.write(
        'POST',
        '/api/v1/admin/adjustment',
        { account_seq: krwSeq, direction: 'credit', amount: '1', reason },
        { token: maker.token, key: kit.freshKey() },
      );
      expect(response.status).toBe(400);
      expect(await kit.eventCount()).toBe(events);
    },
  );
});
