// Proves T7 with a real SIGKILL: a process running a withdrawal (with its own ledger writer) kills itself at every step in turn — after the request, after each ledger command before its outcome is recorded, after each outcome, after approval, after the transfer is created, after the broadcast, after the confirmation — and a fresh process (the member's retry with the same key, the administrator's approval, the resumer) completes it with each step's effect exactly once: one hold, one transaction with one output on @ledger/chain's simulated chain (kept in Postgres, so it survives the kill by construction), one capture, the right balances.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { parseAmount } from '@ledger/ledger';
import { createTestDatabase } from '@ledger/testing';
import type { WithdrawalFaultPoint } from '@ledger/withdrawals-store';
import { describe, expect, test } from 'vitest';
import { startWithdrawalFixture } from './testing/withdrawal-fixture.ts';

const crashProcess = join(import.meta.dirname, 'testing', 'crash-withdrawal-process.ts');

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

async function exitOf(
  child: ChildProcess,
): Promise<{ code: number | null; signal: string | null }> {
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
  return { code, signal };
}

describe('T7: SIGKILL at every step of a withdrawal, then a restart', () => {
  for (const [point, occurrence] of crashes) {
    test(`killed ${point} #${occurrence}`, { timeout: 60_000 }, async () => {
      const database = await createTestDatabase();
      try {
        const seeding = await startWithdrawalFixture(database.url, database.db);
        await seeding.fundedAccount(11, 7, 'BTC', 8, '2.00000000');
        await seeding.project();
        await seeding.runner().setPolicy(
          {
            asset: 'BTC',
            oneTimeLimit: '5',
            dailyLimit: '10',
            feeType: 'deducted',
            feeAmount: '0.001',
            feeAsset: 'BTC',
          },
          1,
        );
        const input = seeding.input(7, 11, '1.5');
        const certified = seeding.certification(input.addressCertificationSeq);
        await seeding.close();

        const child = spawn(process.execPath, [crashProcess], {
          env: {
            ...process.env,
            DATABASE_URL: database.url,
            FAULT_POINT: point,
            FAULT_AT: String(occurrence),
            WITHDRAWAL_INPUT: JSON.stringify(input),
            WITHDRAWAL_CERTIFIED_ADDRESS: JSON.stringify(certified),
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        expect(await exitOf(child)).toEqual({ code: null, signal: 'SIGKILL' });

        const fixture = await startWithdrawalFixture(database.url, database.db);
        try {
          const restarted = fixture.runner();
          const withdrawalId = restarted.withdrawalIdOf(7, input.idempotencyKey);
          await restarted.request(input);
          await fixture.project();
          await restarted.resume();
          await restarted.approve(withdrawalId, 1);
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
          // One transaction with one output on the (Postgres) chain, whatever the kill interrupted.
          const sent = await fixture.chainTransactions(withdrawalId);
          expect(sent.map(({ outputs }) => outputs)).toEqual([1]);
          expect(state.transfers.map(({ txid }) => txid)).toEqual(sent.map(({ txid }) => txid));
          expect(state.transfers).toHaveLength(1);
          expect(await fixture.balance('wallet:11')).toEqual({
            balance: '0.50000000',
            held: '0.00000000',
          });
          const fees = (await fixture.balance('system:feeRevenue:BTC')).balance;
          expect(parseAmount(fees, 8, 'nonNegative')).toBe(100_000n);
        } finally {
          await fixture.close();
        }
      } finally {
        await database.drop();
      }
    });
  }
});
