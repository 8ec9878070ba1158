// Proves the withdrawal process against a real ledger writer and PostgreSQL: a withdrawal holds, is approved, sent, reconciled on its outputs and captured to chain clearing and fee revenue; T2 (50 concurrent full-balance requests place exactly one hold); the daily-limit race never accepts more than the limit and a cancel gives the allowance back; approve-all twice changes nothing the second time; T22 on @ledger/chain's simulated chain (a malleated txid completes on its outputs once it has the confirmations, a reorganized-away one stays sent and is never re-credited); a separate fee in another asset is held and captured with the amount; a member's withdrawal erases its holder names without changing an event.
import { randomUUID } from 'node:crypto';
import { createSimulatedChain } from '@ledger/chain';
import { parseAmount } from '@ledger/ledger';
import { useTestDatabase } from '@ledger/testing';
import { limitAccountIdOf, WithdrawalProblem } from '@ledger/withdrawals-store';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createChainWithdrawals } from './chain-withdrawals.ts';
import { startWithdrawalFixture, type WithdrawalFixture } from './testing/withdrawal-fixture.ts';
import type { WithdrawalTestRunner } from './testing/withdrawal-test-runner.ts';

const database = useTestDatabase();
let fixture: WithdrawalFixture;
let runner: WithdrawalTestRunner;
const admin = 1;

beforeAll(async () => {
  fixture = await startWithdrawalFixture(database().url, database().db);
  runner = fixture.runner();
});
afterAll(async () => {
  await fixture?.close();
});

async function streamEvents(withdrawalId: string): Promise<string[]> {
  const { rows } = await sql<{ event_type: string }>`SELECT event_type FROM es_events
    WHERE stream_id = ${`withdrawal-${withdrawalId}`} ORDER BY stream_revision`.execute(fixture.db);
  return rows.map((row) => row.event_type);
}

describe('a withdrawal from request to completion', () => {
  test('holds, is approved, sent, reconciled and captured: net to chain clearing, fee to fee revenue', async () => {
    await fixture.fundedAccount(101, 7, 'BTC', 8, '1.00000000');
    await fixture.project();
    await runner.setPolicy(
      {
        asset: 'BTC',
        oneTimeLimit: '5',
        dailyLimit: '10',
        feeType: 'deducted',
        feeAmount: '0.0005',
        feeAsset: 'BTC',
      },
      admin,
    );
    const requested = await runner.request(
      fixture.input(7, 101, '0.4', { extra: { branch: 'Gangnam branch' } }),
    );
    expect(requested.state).toMatchObject({ status: 'requested', hold: 'placed' });
    expect(await fixture.balance('wallet:101')).toEqual({
      balance: '1.00000000',
      held: '0.40000000',
    });
    const { withdrawalId } = requested.state.request;

    const approved = await runner.approve(withdrawalId, admin);
    expect(approved.state.status).toBe('sent');
    expect(await fixture.chainTransactions(withdrawalId)).toEqual([
      expect.objectContaining({ chain: 'sim-bank-btc', txid: approved.state.transfers[0]?.txid }),
    ]);
    await fixture.project();
    expect(await runner.reconcile()).toEqual({ confirmed: 1 });

    expect(await fixture.balance('wallet:101')).toEqual({
      balance: '0.60000000',
      held: '0.00000000',
    });
    expect(await fixture.balance('system:feeRevenue:BTC')).toMatchObject({ balance: '0.00050000' });
    expect(await fixture.balance('system:chainClearing:BTC')).toMatchObject({
      balance: '-0.60050000',
    });
    expect(await streamEvents(withdrawalId)).toEqual([
      'WithdrawalRequested',
      'WithdrawalHoldPlaced',
      'WithdrawalApproved',
      'WithdrawTransferCreated',
      'WithdrawTransferBroadcast',
      'WithdrawalConfirmed',
      'WithdrawalCompleted',
    ]);
    const [row] = (
      await sql<{
        status: string;
        holder_name: string;
      }>`SELECT w.status, p.holder_name FROM withdrawals w
        JOIN withdrawal_personal_data p USING (withdrawal_id) WHERE withdrawal_id = ${withdrawalId}`.execute(
        fixture.db,
      )
    ).rows;
    expect(row).toEqual({ status: 'completed', holder_name: 'Alice Kim' });
    // The extra-form values are kept apart, keyed by the withdrawal id.
    const { rows: extra } = await sql<{ field_values: unknown }>`SELECT field_values
      FROM request_extra_form_personal_data WHERE request_kind = 'withdrawal'
        AND request_id = ${requested.state.request.withdrawalId}`.execute(fixture.db);
    expect(extra).toEqual([{ field_values: { branch: 'Gangnam branch' } }]);
    // The holder name and the extra values are in no event, of the process or the ledger.
    const { rows: leaked } = await sql`SELECT 1 FROM es_events
      WHERE data::text LIKE '%Alice Kim%' OR data::text LIKE '%Gangnam%'`.execute(fixture.db);
    expect(leaked).toEqual([]);
  });

  test('a retry with the same key answers the same withdrawal; another body is refused', async () => {
    await fixture.fundedAccount(102, 8, 'BTC', 8, '1.00000000');
    await fixture.project();
    const input = fixture.input(8, 102, '0.1');
    const first = await runner.request(input);
    const again = await runner.request({ ...input, requestId: randomUUID() });
    expect(again.state.request.withdrawalId).toBe(first.state.request.withdrawalId);
    await expect(runner.request({ ...input, amount: '0.2' })).rejects.toMatchObject({
      code: 'idempotency_key_reused',
    });
    expect(await fixture.balance('wallet:102')).toMatchObject({ held: '0.10000000' });
  });
});

describe('personal data', () => {
  test("a member's withdrawal (MemberWithdrawn) erases its holder names and extra values; no event changes", async () => {
    const { rows: before } = await sql<{
      count: string;
    }>`SELECT count(*)::text FROM es_events`.execute(fixture.db);
    await fixture.store.append(
      'member-7',
      [
        {
          id: randomUUID(),
          type: 'MemberWithdrawn',
          data: { memberSeq: 7, withdrawnAt: new Date().toISOString() },
        },
      ],
      { expected: { kind: 'no_stream' } },
    );
    await fixture.project();
    const { rows } = await sql<{ holder_name: string | null; erased: boolean }>`SELECT holder_name,
      erased_at IS NOT NULL AS erased FROM withdrawal_personal_data WHERE member_seq = 7`.execute(
      fixture.db,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toEqual({ holder_name: null, erased: true });
    const { rows: extra } = await sql<{ field_values: unknown; erased: boolean }>`SELECT
      field_values, erased_at IS NOT NULL AS erased FROM request_extra_form_personal_data
      WHERE member_seq = 7`.execute(fixture.db);
    expect(extra).toEqual([{ field_values: null, erased: true }]);
    const { rows: after } = await sql<{
      count: string;
    }>`SELECT count(*)::text FROM es_events`.execute(fixture.db);
    expect(Number(after[0]?.count)).toBe(Number(before[0]?.count) + 1);
  });
});

describe('T2: concurrent full-balance withdrawals', () => {
  test('50 concurrent requests (some sharing a key) of the whole balance place exactly one hold', async () => {
    await fixture.fundedAccount(201, 20, 'BTC', 8, '1.00000000');
    await fixture.project();
    const shared = fixture.input(20, 201, '1.00000000');
    const inputs = Array.from({ length: 50 }, (_, index) =>
      index % 5 === 0
        ? { ...shared, requestId: randomUUID() }
        : fixture.input(20, 201, '1.00000000'),
    );
    const outcomes = await Promise.allSettled(inputs.map((input) => runner.request(input)));
    const states = outcomes.flatMap((outcome) =>
      outcome.status === 'fulfilled' ? [outcome.value.state] : [],
    );
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    const placed = new Set(
      states.filter((state) => state.hold === 'placed').map((state) => state.request.withdrawalId),
    );
    expect(placed.size).toBe(1);
    const refused = states.filter((state) => state.status === 'refused');
    expect(refused.length).toBe(50 - states.filter((state) => state.hold === 'placed').length);
    for (const state of refused) expect(state.refusal?.type).toBe('InsufficientFunds');
    const holds = (await fixture.ledgerEvents('HoldPlaced')).filter(
      (data) => data.account === 'wallet:201',
    );
    expect(holds).toHaveLength(1);
    expect(await fixture.balance('wallet:201')).toEqual({
      balance: '1.00000000',
      held: '1.00000000',
    });
  });
});

describe('the daily limit', () => {
  test('concurrent requests whose sum exceeds the limit are accepted up to it, never past it; a cancel gives back', async () => {
    await fixture.fundedAccount(301, 30, 'ETH', 18, '100.000000000000000000');
    await fixture.project();
    await runner.setPolicy(
      {
        asset: 'ETH',
        oneTimeLimit: null,
        dailyLimit: '1',
        feeType: 'deducted',
        feeAmount: '0',
        feeAsset: 'ETH',
      },
      admin,
    );
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => runner.request(fixture.input(30, 301, '0.15'))),
    );
    const accepted = outcomes.filter((outcome) => outcome.state.hold === 'placed');
    const total = accepted.reduce(
      (sum, outcome) => sum + parseAmount(outcome.state.request.requestAmount, 18, 'positive'),
      0n,
    );
    expect(total).toBeLessThanOrEqual(parseAmount('1.000000000000000000', 18, 'positive'));
    expect(accepted).toHaveLength(6);
    for (const outcome of outcomes.filter((candidate) => candidate.state.status === 'refused')) {
      expect(outcome.state.refusal?.type).toBe('LimitExceeded');
    }
    const first = accepted[0];
    if (first === undefined) throw new Error('none accepted');
    await runner.cancel(first.state.request.withdrawalId, 30);
    const after = await runner.request(fixture.input(30, 301, '0.15'));
    expect(after.state.hold).toBe('placed');
    const over = await runner.request(fixture.input(30, 301, '0.15'));
    expect(over.state.status).toBe('refused');
    expect(limitAccountIdOf(30, 'ETH')).toBe('limit:withdrawal:30:ETH');
  });

  test('the one-time limit refuses a larger request in the same ledger command', async () => {
    await fixture.fundedAccount(302, 31, 'BTC', 8, '10.00000000');
    await fixture.project();
    const outcome = await runner.request(fixture.input(31, 302, '5.00000001'));
    expect(outcome.state).toMatchObject({
      status: 'refused',
      refusal: { type: 'OneTimeLimitExceeded', limit: '5.00000000' },
    });
    expect(await fixture.balance('wallet:302')).toMatchObject({ held: '0.00000000' });
  });
});

describe('administrators', () => {
  test('approve-all run twice changes nothing the second time', async () => {
    await fixture.fundedAccount(401, 40, 'BTC', 8, '3.00000000');
    await fixture.project();
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      ids.push((await runner.request(fixture.input(40, 401, '0.5'))).state.request.withdrawalId);
    }
    await fixture.project();
    const first = await runner.approveAll(admin);
    expect(first.approved).toBeGreaterThanOrEqual(3);
    const { rows: before } = await sql<{
      count: string;
    }>`SELECT count(*)::text FROM es_events`.execute(fixture.db);
    await fixture.project();
    expect(await runner.approveAll(admin)).toEqual({ considered: 0, approved: 0 });
    const { rows: afterRows } = await sql<{
      count: string;
    }>`SELECT count(*)::text FROM es_events`.execute(fixture.db);
    expect(afterRows).toEqual(before);
    for (const id of ids)
      expect((await streamEvents(id)).filter((type) => type === 'WithdrawalApproved')).toHaveLength(
        1,
      );
  });

  test('reject before sent releases the hold; cancel after sent is refused', async () => {
    await fixture.fundedAccount(402, 41, 'BTC', 8, '1.00000000');
    await fixture.project();
    const a = (await runner.request(fixture.input(41, 402, '0.3'))).state.request.withdrawalId;
    const rejected = await runner.reject(a, admin, 'address on a watch list');
    expect(rejected.state).toMatchObject({ status: 'rejected', hold: 'released' });
    const b = (await runner.request(fixture.input(41, 402, '0.3'))).state.request.withdrawalId;
    await runner.approve(b, admin);
    await expect(runner.cancel(b, 41)).rejects.toBeInstanceOf(WithdrawalProblem);
    await expect(runner.cancel(b, 99)).rejects.toMatchObject({ code: 'withdrawal_not_found' });
    expect(await fixture.balance('wallet:402')).toEqual({
      balance: '1.00000000',
      held: '0.30000000',
    });
  });
});

describe('T22: withdrawals are tracked by internal id and outputs', () => {
  test('a malleated transaction completes on its outputs once confirmed; a lost one stays sent and nothing is re-credited', async () => {
    await fixture.fundedAccount(501, 50, 'BTC', 8, '2.00000000');
    await fixture.project();
    await runner.reconcile(); // what earlier tests left sent
    // BTC on a chain of its own that needs 3 confirmations (a plug-in's chain, not the bank's).
    const chain = createSimulatedChain(fixture.db, 'sim-t22');
    await chain.mine(1);
    const onChain = fixture.runner({
      chain: createChainWithdrawals(fixture.db, {
        routeOf: async () => ({ chain, confirmations: 3 }),
      }),
    });
    const lost = (await onChain.request(fixture.input(50, 501, '0.6', { toAddress: 'sim-l' })))
      .state.request.withdrawalId;
    const sentL = await onChain.approve(lost, admin);
    const txidL = sentL.state.transfers[0]?.txid ?? '';
    await chain.mine(1); // the lost one's block, reorganized away below
    const malleated = (await onChain.request(fixture.input(50, 501, '0.7', { toAddress: 'sim-m' })))
      .state.request.withdrawalId;
    const sentM = await onChain.approve(malleated, admin);
    const txidM = sentM.state.transfers[0]?.txid ?? '';
    const replaced = await chain.malleate(txidM);
    await chain.reorg(1); // drops txidL's block; the new first block takes the mempool (txidM')
    expect(await chain.transaction(txidL)).toBeUndefined();
    await fixture.project();
    expect(await onChain.reconcile()).toEqual({ confirmed: 0 }); // two confirmations of three
    await chain.mine(1);
    expect(await onChain.reconcile()).toEqual({ confirmed: 1 });
    await fixture.project();
    const { rows } = await sql<{
      withdrawal_id: string;
      status: string;
      confirmed_txid: string | null;
    }>`
      SELECT withdrawal_id, status, confirmed_txid FROM withdrawals WHERE withdrawal_id IN (${malleated}, ${lost})
      ORDER BY status`.execute(fixture.db);
    expect(rows).toEqual([
      { withdrawal_id: malleated, status: 'completed', confirmed_txid: replaced },
      { withdrawal_id: lost, status: 'sent', confirmed_txid: null },
    ]);
    // The lost withdrawal's 0.6 stays held: no automatic re-credit, a person resolves it.
    expect(await fixture.balance('wallet:501')).toEqual({
      balance: '1.30000000',
      held: '0.60000000',
    });
    await chain.mine(400);
    expect(await onChain.reconcile()).toEqual({ confirmed: 0 });
  });
});

describe('a separate fee in another asset', () => {
  test('is held alongside the amount in one command and captured to that asset fee revenue', async () => {
    await fixture.fundedAccount(601, 60, 'XRP', 6, '50.000000');
    await fixture.fundedAccount(602, 60, 'KRW', 0, '10000');
    await fixture.project();
    await runner.setPolicy(
      {
        asset: 'XRP',
        oneTimeLimit: null,
        dailyLimit: null,
        feeType: 'separate',
        feeAmount: '1000',
        feeAsset: 'KRW',
      },
      admin,
    );
    const outcome = await runner.request(fixture.input(60, 601, '50'));
    expect(outcome.state).toMatchObject({
      hold: 'placed',
      holdIds: expect.arrayContaining([expect.stringMatching(/:fee$/)]),
    });
    const holdEvents = (await fixture.ledgerEvents('HoldPlaced')).filter((data) =>
      String(data.holdId).includes(outcome.state.request.withdrawalId),
    );
    expect(holdEvents.map((data) => [data.account, data.amount])).toEqual([
      ['wallet:601', '50.000000'],
      ['wallet:602', '1000'],
    ]);
    await runner.approve(outcome.state.request.withdrawalId, admin);
    await fixture.project();
    await runner.reconcile();
    expect(await fixture.balance('wallet:601')).toEqual({ balance: '0.000000', held: '0.000000' });
    expect(await fixture.balance('wallet:602')).toEqual({ balance: '9000', held: '0' });
    expect(await fixture.balance('system:feeRevenue:KRW')).toMatchObject({ balance: '1000' });
  });
});
