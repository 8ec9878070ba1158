// Proves T7 for the withdrawal process: a crash injected between every two steps (after the request, after each ledger command before its outcome is recorded, after each outcome, after approval, after the transfer is created, after the broadcast, after the confirmation) followed by a restart (a fresh runner, the retry with the same key, the resumer) completes the withdrawal with each step's effect exactly once: one hold, one transaction with one output on @ledger/chain's simulated chain, one capture, the right balances; and a crash right after the broadcast is re-broadcast as the same transaction (the same txid, or the malleated one, never a second output).
import { createSimulatedChain } from '@ledger/chain';
import { parseAmount } from '@ledger/ledger';
import { useTestDatabase } from '@ledger/testing';
import { installWithdrawalFaultHook, type WithdrawalFaultPoint } from '@ledger/withdrawals-store';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createChainWithdrawals } from './chain-withdrawals.ts';
import { startWithdrawalFixture, type WithdrawalFixture } from './testing/withdrawal-fixture.ts';

const database = useTestDatabase();
let fixture: WithdrawalFixture;
const admin = 1;

beforeAll(async () => {
  fixture = await startWithdrawalFixture(database().url, database().db);
  await fixture.fundedAccount(1, 1, 'BTC', 8, '0.00000001');
  await fixture.project();
  await fixture.runner().setPolicy(
    {
      asset: 'BTC',
      oneTimeLimit: '5',
      dailyLimit: '100',
      feeType: 'deducted',
      feeAmount: '0.001',
      feeAsset: 'BTC',
    },
    admin,
  );
});
afterAll(async () => {
  await fixture?.close();
});

class Crash extends Error {}

/** [point, which occurrence]: the ledger-command points come once for the hold and once for the capture. */
const crashes: [WithdrawalFaultPoint, number][] = [
  ['after-requested', 1],
  ['after-ledger-command', 1],
  ['after-outcome', 1],
  ['after-approved', 1],
  ['after-transfer-created', 1],
  ['after-broadcast', 1],
  ['after-confirmed', 1],
  ['after-ledger-command', 2],
  ['after-outcome', 2],
];

describe('T7: a crash between every two steps of a withdrawal, then a restart', () => {
  crashes.forEach(([point, occurrence], index) => {
    test(`crashed ${point} #${occurrence}`, async () => {
      const memberSeq = 100 + index;
      const accountSeq = 1000 + index;
      await fixture.fundedAccount(accountSeq, memberSeq, 'BTC', 8, '2.00000000');
      await fixture.project();
      const input = fixture.input(memberSeq, accountSeq, '1.5');
      const feesBefore = (await fixture.balance('system:feeRevenue:BTC')).balance;

      let seen = 0;
      const remove = installWithdrawalFaultHook((reached) => {
        if (reached === point && ++seen === occurrence) throw new Crash(`crash ${point}`);
      });
      const crashed = await (async () => {
        try {
          const first = fixture.runner();
          const { state } = await first.request(input);
          await first.approve(state.request.withdrawalId, admin);
          await fixture.project();
          await first.reconcile();
          return false;
        } catch (error) {
          if (!(error instanceof Crash)) throw error;
          return true;
        } finally {
          remove();
        }
      })();
      expect(crashed).toBe(true);

      // The restart: a fresh process retries the request with the same key, the admin approves
      // again (a no-op if done), the worker resumes and reconciles.
      const restarted = fixture.runner();
      const withdrawalId = restarted.withdrawalIdOf(memberSeq, input.idempotencyKey);
      await restarted.request(input);
      await fixture.project();
      await restarted.resume();
      await restarted.approve(withdrawalId, admin);
      for (let round = 0; round < 3; round += 1) {
        await fixture.project();
        await restarted.resume();
        await fixture.project();
        await restarted.reconcile();
      }

      const { state } = await restarted.advance(withdrawalId);
      expect(state.status).toBe('completed');
      const mine = (data: Record<string, unknown>) =>
        String(data.holdId).startsWith(`withdrawal:${withdrawalId}:`);
      expect((await fixture.ledgerEvents('HoldPlaced')).filter(mine)).toHaveLength(1);
      expect((await fixture.ledgerEvents('HoldCaptured')).filter(mine)).toHaveLength(1);
      expect((await fixture.ledgerEvents('HoldReleased')).filter(mine)).toHaveLength(0);
      const sent = await fixture.chainTransactions(withdrawalId);
      expect(sent.map(({ outputs }) => outputs)).toEqual([1]);
      expect(state.transfers).toHaveLength(1);
      expect(await fixture.balance(`wallet:${accountSeq}`)).toEqual({
        balance: '0.50000000',
        held: '0.00000000',
      });
      const feesAfter = (await fixture.balance('system:feeRevenue:BTC')).balance;
      expect(
        parseAmount(feesAfter, 8, 'nonNegative') - parseAmount(feesBefore, 8, 'nonNegative'),
      ).toBe(100_000n);
    });
  });
});

describe('a crash right after the broadcast, then a restart', () => {
  /** Runs a withdrawal on `runner` until the injected crash right after the chain took it. */
  async function crashAfterBroadcast(
    runner: ReturnType<WithdrawalFixture['runner']>,
    input: ReturnType<WithdrawalFixture['input']>,
  ) {
    const remove = installWithdrawalFaultHook((reached) => {
      if (reached === 'after-broadcast') throw new Crash('crash after broadcast');
    });
    try {
      const { state } = await runner.request(input);
      await expect(runner.approve(state.request.withdrawalId, admin)).rejects.toBeInstanceOf(Crash);
      return state.request.withdrawalId;
    } finally {
      remove();
    }
  }

  test('re-broadcasts the same transaction: the same txid, one output on the chain, one capture', async () => {
    await fixture.fundedAccount(2001, 201, 'BTC', 8, '2.00000000');
    await fixture.project();
    const input = fixture.input(201, 2001, '1.5');
    const withdrawalId = await crashAfterBroadcast(fixture.runner(), input);
    const before = await fixture.chainTransactions(withdrawalId);
    expect(before).toHaveLength(1);
    const { rows: recorded } = await sql<{ count: string }>`SELECT count(*)::text FROM es_events
      WHERE stream_id = ${`withdrawal-${withdrawalId}`}
        AND event_type = 'WithdrawTransferBroadcast'`.execute(fixture.db);
    expect(recorded).toEqual([{ count: '0' }]); // the chain has it; the stream does not know

    const restarted = fixture.runner();
    await fixture.project();
    await restarted.resume(); // broadcasts the same transfer again
    await fixture.project();
    await restarted.reconcile();
    const { state } = await restarted.advance(withdrawalId);
    expect(state.status).toBe('completed');
    expect(state.transfers.map(({ txid }) => txid)).toEqual([before[0]?.txid]);
    expect(await fixture.chainTransactions(withdrawalId)).toEqual(before);
    const mine = (data: Record<string, unknown>) =>
      String(data.holdId).startsWith(`withdrawal:${withdrawalId}:`);
    expect((await fixture.ledgerEvents('HoldCaptured')).filter(mine)).toHaveLength(1);
    expect(await fixture.balance('wallet:2001')).toEqual({
      balance: '0.50000000',
      held: '0.00000000',
    });
  });

  test('on a chain that needs confirmations, a txid malleated meanwhile is the one recorded, and it completes only once confirmed', async () => {
    await fixture.fundedAccount(2002, 202, 'BTC', 8, '2.00000000');
    await fixture.project();
    const chain = createSimulatedChain(fixture.db, 'sim-crash');
    await chain.mine(1);
    const onChain = () =>
      fixture.runner({
        chain: createChainWithdrawals(fixture.db, {
          routeOf: async () => ({ chain, confirmations: 2 }),
        }),
      });
    const input = fixture.input(202, 2002, '1.5', { toAddress: 'sim-crash-to' });
    const withdrawalId = await crashAfterBroadcast(onChain(), input);
    const [sent] = await fixture.chainTransactions(withdrawalId);
    const malleated = await chain.malleate(sent?.txid ?? '');

    const restarted = onChain();
    await fixture.project();
    await restarted.resume();
    await fixture.project();
    expect(await restarted.reconcile()).toEqual({ confirmed: 0 }); // still in the mempool
    const sentState = (await restarted.advance(withdrawalId)).state;
    expect(sentState.status).toBe('sent');
    expect(sentState.transfers.map(({ txid }) => txid)).toEqual([malleated]);
    await chain.mine(1);
    expect(await restarted.reconcile()).toEqual({ confirmed: 0 }); // one confirmation of two
    await chain.mine(1);
    expect(await restarted.reconcile()).toEqual({ confirmed: 1 });
    const { state } = await restarted.advance(withdrawalId);
    expect(state.status).toBe('completed');
    expect(await fixture.chainTransactions(withdrawalId)).toEqual([
      expect.objectContaining({ chain: 'sim-crash', txid: malleated, outputs: 1 }),
    ]);
    const mine = (data: Record<string, unknown>) =>
      String(data.holdId).startsWith(`withdrawal:${withdrawalId}:`);
    expect((await fixture.ledgerEvents('HoldCaptured')).filter(mine)).toHaveLength(1);
  });
});
