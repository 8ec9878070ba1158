// Proves forced adjustments over HTTP as maker-checker (T14): administrator A proposes with a
// reason; A's own approval is refused (403) and writes nothing; B's approval executes ONE
// compensating transfer against adjustment equity (a new event, never an edit), however often it
// is retried; the adjustment, its approver and its reason are on record and the replayed ledger
// shows it; a debit beyond the balance ends failed with the ledger's rejection; below the
// configured threshold one administrator's proposal executes at once.
import { systemAccountId } from '@ledger/ledger';
import { replayLedger } from '@ledger/ledger-projections';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createLedgerTestKit,
  type LedgerTestKit,
  type LedgerTestMember,
} from '../testing/ledger-test-kit.ts';

const database = useTestDatabase();
let kit: LedgerTestKit;
let makerAdmin: LedgerTestMember;
let checkerAdmin: LedgerTestMember;
let member: LedgerTestMember;
let accountSeq: number;

type Adjustment = {
  adjustment_id: string;
  status: string;
  approval_required: boolean;
  failure: { type: string } | null;
};

async function adjustmentOf(response: Response): Promise<Adjustment> {
  return ((await response.json()) as { data: Adjustment }).data;
}

beforeAll(async () => {
  kit = await createLedgerTestKit(database(), {
    policy: { adjustmentSingleApprovalMax: { KRW: '100' } },
  });
  makerAdmin = await kit.administrator('maker');
  checkerAdmin = await kit.administrator('checker');
  member = await kit.member('member');
  const opened = await kit.write(
    'POST',
    '/api/v1/account',
    { asset: 'BTC', title: 'Main' },
    { token: member.token, key: kit.freshKey() },
  );
  accountSeq = ((await opened.json()) as { data: { seq: number } }).data.seq;
  await kit.projected();
});
afterAll(async () => {
  await kit.close();
});

const propose = (body: Record<string, unknown>, key = kit.freshKey()) =>
  kit.write(
    'POST',
    '/api/v1/admin/adjustment',
    { account_seq: accountSeq, ...body },
    { token: makerAdmin.token, key },
  );
const approve = (id: string, admin: LedgerTestMember) =>
  kit.write(
    'POST',
    `/api/v1/admin/adjustment/${id}/approve`,
    {},
    { token: admin.token, key: kit.freshKey() },
  );

async function balance(): Promise<string> {
  await kit.projected();
  const response = await kit.read(`/api/v1/admin/account/${accountSeq}`, {
    token: checkerAdmin.token,
  });
  return ((await response.json()) as { data: { balance: string } }).data.balance;
}

describe('maker-checker', () => {
  let adjustmentId: string;

  test('a proposal waits for another administrator', async () => {
    const response = await propose({
      direction: 'credit',
      amount: '2.5',
      reason: 'Deposit credited to the wrong account',
    });
    expect(response.status).toBe(201);
    const adjustment = await adjustmentOf(response);
    expect(adjustment).toMatchObject({ status: 'proposed', approval_required: true });
    adjustmentId = adjustment.adjustment_id;
    expect(await balance()).toBe('0.00000000');
  });

  test('the proposer cannot approve it: 403, nothing written', async () => {
    const events = await kit.eventCount();
    const response = await approve(adjustmentId, makerAdmin);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { code: string }).code).toBe('self_approval_forbidden');
    expect(await kit.eventCount()).toBe(events);
  });

  test('another administrator approves: one compensating transfer, retries move nothing more', async () => {
    const first = await approve(adjustmentId, checkerAdmin);
    expect(first.status).toBe(200);
    expect((await adjustmentOf(first)).status).toBe('executed');
    const again = await approve(adjustmentId, checkerAdmin);
    expect((await adjustmentOf(again)).status).toBe('executed');
    expect(await balance()).toBe('2.50000000');
    const { rows } = await sql<{ count: string }>`SELECT count(*)::text AS count FROM es_events
      WHERE stream_id = 'ledger' AND event_type = 'TransferPosted'
        AND data->>'transferId' = ${`adjustment:${adjustmentId}`}`.execute(database().db);
    expect(rows[0]?.count).toBe('1');
    const books = (await (
      await kit.read('/api/v1/admin/book', { token: checkerAdmin.token })
    ).json()) as {
      data: {
        asset: string;
        sum: string;
        system_accounts: { account: string; balance: string }[];
      }[];
    };
    const btc = books.data.find((book) => book.asset === 'BTC');
    expect(btc?.sum).toBe('0.00000000');
    expect(
      btc?.system_accounts.find((row) => row.account === systemAccountId('adjustmentEquity', 'BTC'))
        ?.balance,
    ).toBe('-2.50000000');
  });

  test('who, what, why and the approver are on record; the replayed ledger shows it', async () => {
    const view = await kit.read(`/api/v1/admin/adjustment/${adjustmentId}`, {
      token: checkerAdmin.token,
    });
    expect(((await view.json()) as { data: unknown }).data).toMatchObject({
      status: 'executed',
      proposed_by: makerAdmin.seq,
      decided_by: checkerAdmin.seq,
      reason: 'Deposit credited to the wrong account',
      amount: '2.50000000',
      transfer_id: `adjustment:${adjustmentId}`,
    });
    const activity = (await (
      await kit.read(`/api/v1/admin/ledger-activity?account_seq=${accountSeq}&order=asc`, {
        token: checkerAdmin.token,
      })
    ).json()) as {
      data: { action: string; actor: string }[];
    };
    expect(activity.data.map((row) => [row.action, row.actor])).toEqual(
      expect.arrayContaining([
        ['adjustment_proposed', `admin:${makerAdmin.seq}`],
        ['adjustment_approved', `admin:${checkerAdmin.seq}`],
        ['adjustment_executed', 'system:adjustment'],
      ]),
    );
    const replay = await replayLedger(kit.eventStore, { account: `wallet:${accountSeq}` });
    expect(replay.ok && replay.timeline.at(-1)?.balance).toBe('2.50000000');
  });

  test('the reason cannot change: the same key with another reason is 409', async () => {
    const key = kit.freshKey();
    expect(
      (await propose({ direction: 'credit', amount: '1', reason: 'First reason' }, key)).status,
    ).toBe(201);
    const edited = await propose(
      { direction: 'credit', amount: '1', reason: 'Edited reason' },
      key,
    );
    expect(edited.status).toBe(409);
  });
});

describe('outcomes and thresholds', () => {
  test('a debit beyond the balance ends failed with the ledger’s rejection; no money moves', async () => {
    const proposed = await adjustmentOf(
      await propose({ direction: 'debit', amount: '100', reason: 'Clawback' }),
    );
    const approved = await approve(proposed.adjustment_id, checkerAdmin);
    expect(approved.status).toBe(200);
    expect(await adjustmentOf(approved)).toMatchObject({
      status: 'failed',
      failure: { type: 'InsufficientFunds' },
    });
    expect(await balance()).toBe('2.50000000');
  });

  test('a rejected proposal cannot be approved', async () => {
    const proposed = await adjustmentOf(
      await propose({ direction: 'credit', amount: '1', reason: 'Maybe' }),
    );
    const rejected = await kit.write(
      'POST',
      `/api/v1/admin/adjustment/${proposed.adjustment_id}/reject`,
      { reason: 'No evidence' },
      { token: checkerAdmin.token },
    );
    expect((await adjustmentOf(rejected)).status).toBe('rejected');
    const approved = await approve(proposed.adjustment_id, checkerAdmin);
    expect(approved.status).toBe(409);
  });

  test('within the threshold one administrator’s proposal executes at once', async () => {
    const opened = await kit.write(
      'POST',
      '/api/v1/account',
      { asset: 'KRW', title: 'Won' },
      { token: member.token, key: kit.freshKey() },
    );
    const wonSeq = ((await opened.json()) as { data: { seq: number } }).data.seq;
    const small = await kit.write(
      'POST',
      '/api/v1/admin/adjustment',
      { account_seq: wonSeq, direction: 'credit', amount: '100', reason: 'Goodwill' },
      { token: makerAdmin.token, key: kit.freshKey() },
    );
    expect(await adjustmentOf(small)).toMatchObject({
      status: 'executed',
      approval_required: false,
    });
    const large = await kit.write(
      'POST',
      '/api/v1/admin/adjustment',
      { account_seq: wonSeq, direction: 'credit', amount: '101', reason: 'Goodwill' },
      { token: makerAdmin.token, key: kit.freshKey() },
    );
    expect(await adjustmentOf(large)).toMatchObject({
      status: 'proposed',
      approval_required: true,
    });
  });
});
