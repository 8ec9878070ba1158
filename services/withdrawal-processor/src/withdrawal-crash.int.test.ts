// Proves T7 for the withdrawal process: a crash injected between every two steps (after the request, after each ledger command before its outcome is recorded, after each outcome, after approval, after the transfer is created, after the broadcast, after the confirmation) followed by a restart (a fresh runner, the retry with the same key, the resumer) completes the withdrawal with each step's effect exactly once: one hold, one broadcast, one capture, the right balances.
import { parseAmount } from '@ledger/ledger';
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { installWithdrawalFaultHook, type WithdrawalFaultPoint } from './faults.ts';
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
      const broadcasts = [...fixture.chain.broadcasts.keys()].filter((transferId) =>
        transferId.includes(withdrawalId),
      );
      expect(broadcasts).toHaveLength(1);
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
