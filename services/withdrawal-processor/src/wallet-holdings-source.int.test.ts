// Proves the continuous reconciliation (T25 (2)) compares what members are owed with the wallet on the chain, not with the ledger's own chain clearing: a credit with no coins behind it is a discrepancy until the coins arrive at the member's issued deposit address and are mined (the mempool does not count); a withdrawal broadcast and not yet captured is in transit, never a false alarm, nor after its capture, nor when it is placed and paid between the run's replay and its wallet reading, which the withdrawal's own stream then records; a send under a withdrawal transfer id that no withdrawal records is a shortfall; the same withdrawal paid a second time (Mt. Gox) and a credited deposit reorganised away (Bitcoin Gold) are each a discrepancy; an asset without a chain keeps chain clearing.
import { randomUUID } from 'node:crypto';
import { createSimulatedChain } from '@ledger/chain';
import {
  createLedgerFollower,
  type HoldingsSource,
  runReconciliation,
} from '@ledger/ledger-projections';
import { useTestDatabase } from '@ledger/testing';
import { walletHoldingsSource } from '@ledger/withdrawals-store';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projectCatalog, registerCatalogAsset } from './testing/catalog-fixture.ts';
import { startWithdrawalFixture, type WithdrawalFixture } from './testing/withdrawal-fixture.ts';

const database = useTestDatabase();
let fixture: WithdrawalFixture;
const admin = 1;
const follower = () => createLedgerFollower(fixture.store);

async function projectAll() {
  await fixture.project();
  await projectCatalog(fixture.db, fixture.store);
}

/**
 * A whole reconciliation run with the wallet source, after projecting everything there is;
 * `beforeWalletRead` runs between the replay (the run's position p) and the wallet's reading.
 */
async function reconcile(beforeWalletRead?: () => Promise<void>) {
  await projectAll();
  const wallet = walletHoldingsSource(fixture.db, fixture.store);
  const holdings: HoldingsSource = async (replay) => {
    await beforeWalletRead?.();
    return wallet(replay);
  };
  const run = await runReconciliation({ db: fixture.db, follower: follower(), holdings });
  return {
    status: run.status,
    findings: run.findings.filter((finding) => finding.kind === 'LiabilitiesExceedHoldings'),
    other: run.findingsTotal - run.counts.LiabilitiesExceedHoldings,
  };
}

const chain = () => createSimulatedChain(fixture.db, 'sim-sol-h');

beforeAll(async () => {
  fixture = await startWithdrawalFixture(database().url, database().db);
  await registerCatalogAsset(fixture.store, {
    code: 'SOL',
    decimalPoint: 6,
    confirmations: 1,
    pluginId: 'sim-sol-h',
  });
  await registerCatalogAsset(fixture.store, { code: 'KRW', decimalPoint: 0, confirmations: 1 });
  await projectAll();
});
afterAll(async () => {
  await fixture?.close();
});

describe('holdings from the wallet on the chain', () => {
  let withdrawalId = '';

  test('a credit with no coins on the chain is unbacked until they arrive and are mined', async () => {
    await fixture.fundedAccount(31, 1, 'SOL', 6, '100.000000');
    expect(await reconcile()).toEqual({
      status: 'discrepancy',
      findings: [
        {
          kind: 'LiabilitiesExceedHoldings',
          asset: 'SOL',
          liabilities: '100.000000',
          holdings: '0.000000',
        },
      ],
      other: 0,
    });
    const address = await chain().issueDepositAddress(31);
    await chain().send({ address, amount: '100.000000' });
    // Paid to an address that is not the wallet's: nothing.
    await chain().send({ address: 'sim1someone-else', amount: '500.000000' });
    expect((await reconcile()).status).toBe('discrepancy'); // in the mempool
    await chain().mine(1);
    expect(await reconcile()).toEqual({ status: 'ok', findings: [], other: 0 });
  });

  test('a withdrawal broadcast is in transit until captured: no false alarm on the way', async () => {
    const runner = fixture.runner();
    const { state } = await runner.request(
      fixture.input(1, 31, '40', { toAddress: 'sim1destination' }),
    );
    withdrawalId = state.request.withdrawalId;
    expect(await reconcile()).toEqual({ status: 'ok', findings: [], other: 0 }); // held
    expect((await runner.approve(withdrawalId, admin)).state.status).toBe('sent');
    // The wallet has paid (mempool included) and the member still holds the 40: in transit.
    expect(await chain().walletActivity()).toMatchObject({
      received: '100.000000',
      sends: [{ transferId: `withdrawal:${withdrawalId}:transfer:1`, amount: '40.000000' }],
    });
    expect(await reconcile()).toEqual({ status: 'ok', findings: [], other: 0 });
    await chain().mine(1);
    await fixture.project();
    expect(await runner.reconcile()).toEqual({ confirmed: 1 });
    expect((await runner.advance(withdrawalId)).state.status).toBe('completed');
    expect(await fixture.balance('wallet:31')).toEqual({ balance: '60.000000', held: '0.000000' });
    expect(await reconcile()).toEqual({ status: 'ok', findings: [], other: 0 });
  });

  test('the same withdrawal paid a second time after its capture is a shortfall (Mt. Gox)', async () => {
    await chain().broadcast({
      transferId: `withdrawal:${withdrawalId}:transfer:2`,
      outputs: [{ address: 'sim1destination', memo: null, amount: '40.000000' }],
    });
    expect(await reconcile()).toEqual({
      status: 'discrepancy',
      findings: [
        {
          kind: 'LiabilitiesExceedHoldings',
          asset: 'SOL',
          liabilities: '60.000000',
          holdings: '20.000000',
        },
      ],
      other: 0,
    });
    // The exchange tops its wallet up from its own funds: backed again.
    await chain().send({ address: await chain().treasuryAddress(), amount: '40.000000' });
    await chain().mine(1);
    expect(await reconcile()).toEqual({ status: 'ok', findings: [], other: 0 });
  });

  test('a credited deposit reorganised away leaves the credit unbacked (Bitcoin Gold)', async () => {
    await fixture.fundedAccount(32, 2, 'SOL', 6, '7.000000');
    await chain().send({ address: await chain().issueDepositAddress(32), amount: '7.000000' });
    await chain().mine(1);
    expect(await reconcile()).toEqual({ status: 'ok', findings: [], other: 0 });
    await chain().reorg(1);
    expect(await reconcile()).toEqual({
      status: 'discrepancy',
      findings: [
        {
          kind: 'LiabilitiesExceedHoldings',
          asset: 'SOL',
          liabilities: '67.000000',
          holdings: '60.000000',
        },
      ],
      other: 0,
    });
  });

  test('an asset without a chain plug-in keeps the ledger’s chain clearing', async () => {
    await fixture.fundedAccount(41, 3, 'KRW', 0, '50000');
    const run = await reconcile();
    expect(run.findings.filter((finding) => finding.asset === 'KRW')).toEqual([]);
  });

  test('a withdrawal placed and paid after the replay’s position is in transit, not a shortfall', async () => {
    // Back the reorganised 7 again first: the books are whole.
    await chain().send({ address: await chain().treasuryAddress(), amount: '7.000000' });
    await chain().mine(1);
    expect(await reconcile()).toEqual({ status: 'ok', findings: [], other: 0 });
    const runner = fixture.runner();
    let placed = '';
    // Between the replay and the wallet's reading: member 31 asks for 25, it is approved and
    // broadcast, and mined. The replay (at p) still owes the member the 25 with no hold on it;
    // the wallet has already paid it.
    const racing = await reconcile(async () => {
      const { state } = await runner.request(
        fixture.input(1, 31, '25', { toAddress: 'sim1destination' }),
      );
      placed = state.request.withdrawalId;
      expect((await runner.approve(placed, admin)).state.status).toBe('sent');
      await chain().mine(1);
    });
    expect(racing).toEqual({ status: 'ok', findings: [], other: 0 });
    // And the next run, which sees the hold (and then its capture), agrees.
    expect(await reconcile()).toEqual({ status: 'ok', findings: [], other: 0 });
    await fixture.project();
    expect(await runner.reconcile()).toEqual({ confirmed: 1 });
    expect((await runner.advance(placed)).state.status).toBe('completed');
    expect(await reconcile()).toEqual({ status: 'ok', findings: [], other: 0 });
  });

  test('withdrawals placed and paid while runs go on never raise a false alarm', async () => {
    await fixture.fundedAccount(33, 4, 'SOL', 6, '50.000000');
    await chain().send({ address: await chain().issueDepositAddress(33), amount: '50.000000' });
    await chain().mine(1);
    // The runner finds the account through its projection.
    await projectAll();
    const runner = fixture.runner();
    let done = false;
    const withdrawals = (async () => {
      try {
        for (let round = 0; round < 8; round += 1) {
          const { state } = await runner.request(
            fixture.input(4, 33, '1.5', { toAddress: 'sim1destination' }),
          );
          await runner.approve(state.request.withdrawalId, admin);
          if (round % 2 === 1) await chain().mine(1);
        }
      } finally {
        done = true;
      }
    })();
    const runs: string[] = [];
    while (!done || runs.length < 3) runs.push((await reconcile()).status);
    await withdrawals;
    expect(runs.filter((status) => status !== 'ok')).toEqual([]);
    expect(await reconcile()).toEqual({ status: 'ok', findings: [], other: 0 });
  });

  test('a send under a withdrawal transfer id with no withdrawal behind it is a shortfall', async () => {
    // Broadcast by the wallet with nothing on any withdrawal's stream: were it in transit for
    // ever (the design before this pass), the shortfall would never show.
    await chain().broadcast({
      transferId: `withdrawal:${randomUUID()}:transfer:1`,
      outputs: [{ address: 'sim1destination', memo: null, amount: '5.000000' }],
    });
    expect(await reconcile()).toEqual({
      status: 'discrepancy',
      findings: [
        {
          kind: 'LiabilitiesExceedHoldings',
          asset: 'SOL',
          // The 12 of the eight withdrawals are held, still owed, and in transit on the chain.
          liabilities: '92.000000',
          holdings: '87.000000',
        },
      ],
      other: 0,
    });
  });
});
