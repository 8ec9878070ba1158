// Proves the default chains of withdrawals come from the asset catalog: an asset with a simulated plug-in is sent on that plug-in's Postgres chain (the one its deposits are scanned on, memo included) and completes only once its output has the asset's confirmations, while an asset without a plug-in is sent on its simulated bank chain and settles at once; a frozen asset sends and confirms nothing until the freeze is lifted.
import { decideAndAppend } from '@ledger/assets-store';
import { createSimulatedChain } from '@ledger/chain';
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projectCatalog, registerCatalogAsset } from './testing/catalog-fixture.ts';
import { startWithdrawalFixture, type WithdrawalFixture } from './testing/withdrawal-fixture.ts';

const database = useTestDatabase();
let fixture: WithdrawalFixture;
const admin = 1;
const now = '2026-11-22T00:00:00.000Z';

beforeAll(async () => {
  fixture = await startWithdrawalFixture(database().url, database().db);
  await registerCatalogAsset(fixture.store, {
    code: 'XRP',
    decimalPoint: 6,
    confirmations: 5,
    pluginId: 'sim-xrp-w',
  });
  await registerCatalogAsset(fixture.store, { code: 'KRW', decimalPoint: 0, confirmations: 350 });
  await projectAssets();
});

const projectAssets = () => projectCatalog(fixture.db, fixture.store);
afterAll(async () => {
  await fixture?.close();
});

describe('withdrawal chains from the asset catalog', () => {
  test("an asset with a plug-in: sent on the plug-in's chain, completed at the asset's confirmations", async () => {
    await fixture.fundedAccount(11, 1, 'XRP', 6, '100.000000');
    await fixture.project();
    const runner = fixture.runner();
    const chain = createSimulatedChain(fixture.db, 'sim-xrp-w');
    const { state } = await runner.request(
      fixture.input(1, 11, '40', { toAddress: 'rDestination', memo: '12345' }),
    );
    const { withdrawalId } = state.request;
    const sent = await runner.approve(withdrawalId, admin);
    expect(sent.state.status).toBe('sent');
    const txid = sent.state.transfers[0]?.txid ?? '';
    expect(await chain.transaction(txid)).toMatchObject({
      blockHeight: null,
      outputs: [{ address: 'rDestination', memo: '12345', amount: '40.000000' }],
    });
    await fixture.project();
    expect(await runner.reconcile()).toEqual({ confirmed: 0 }); // in the mempool
    await chain.mine(4);
    expect(await runner.reconcile()).toEqual({ confirmed: 0 }); // four confirmations of five
    await chain.mine(1);
    expect(await runner.reconcile()).toEqual({ confirmed: 1 });
    expect((await runner.advance(withdrawalId)).state.status).toBe('completed');
    expect(await fixture.chainTransactions(withdrawalId)).toEqual([
      { chain: 'sim-xrp-w', txid, transferId: expect.any(String), outputs: 1 },
    ]);
    expect(await fixture.balance('wallet:11')).toEqual({ balance: '60.000000', held: '0.000000' });
  });

  test('an asset without a plug-in: sent on its simulated bank chain, settled at once', async () => {
    await fixture.fundedAccount(21, 2, 'KRW', 0, '50000');
    await fixture.project();
    const runner = fixture.runner();
    const { state } = await runner.request(fixture.input(2, 21, '20000'));
    const { withdrawalId } = state.request;
    const sent = await runner.approve(withdrawalId, admin);
    const txid = sent.state.transfers[0]?.txid ?? '';
    expect(await fixture.bankChain('KRW').transaction(txid)).toMatchObject({
      blockHeight: expect.any(Number),
    });
    await fixture.project();
    expect(await runner.reconcile()).toEqual({ confirmed: 1 });
    expect((await runner.advance(withdrawalId)).state.status).toBe('completed');
    expect(await fixture.balance('wallet:21')).toEqual({ balance: '30000', held: '0' });
  });
});

describe('a frozen asset', () => {
  test('an approved withdrawal is not sent and a sent one not confirmed until the freeze is lifted', async () => {
    await fixture.fundedAccount(12, 3, 'XRP', 6, '100.000000');
    await fixture.project();
    const runner = fixture.runner();
    const chain = createSimulatedChain(fixture.db, 'sim-xrp-w');
    const first = (await runner.request(fixture.input(3, 12, '10', { toAddress: 'rFirst' }))).state
      .request.withdrawalId;
    const second = (await runner.request(fixture.input(3, 12, '20', { toAddress: 'rSecond' })))
      .state.request.withdrawalId;
    const sentFirst = await runner.approve(first, admin);
    expect(sentFirst.state.status).toBe('sent');
    await chain.mine(5);

    await setFrozen(true);
    const approved = await runner.approve(second, admin);
    expect(approved.state.status).toBe('approved'); // not sent, not failed: it waits
    await fixture.project();
    expect(await runner.resume()).toEqual({ resumed: 0 });
    expect(await runner.reconcile()).toEqual({ confirmed: 0 }); // five confirmations, but frozen
    expect(await fixture.chainTransactions(second)).toEqual([]);

    await setFrozen(false);
    expect(await runner.resume()).toEqual({ resumed: 1 });
    await fixture.project();
    expect(await runner.reconcile()).toEqual({ confirmed: 1 }); // the first
    await chain.mine(5);
    expect(await runner.reconcile()).toEqual({ confirmed: 1 }); // the second
    for (const id of [first, second]) {
      expect((await runner.advance(id)).state.status).toBe('completed');
      expect(await fixture.chainTransactions(id)).toHaveLength(1);
    }
  });
});

let freezes = 0;
async function setFrozen(frozen: boolean) {
  freezes += 1;
  const outcome = await decideAndAppend(
    fixture.store,
    'asset-XRP',
    { initial: () => null, evolve: (state) => state },
    () => ({
      kind: 'accepted' as const,
      events: [
        frozen
          ? { type: 'AssetFrozen', data: { code: 'XRP', reason: 'test', frozenAt: now } }
          : { type: 'AssetUnfrozen', data: { code: 'XRP', reason: 'test', unfrozenAt: now } },
      ],
    }),
    { commandId: `test:freeze:${freezes}`, requestId: `test:freeze:${freezes}`, actor: 'admin:1' },
  );
  expect(outcome.kind).toBe('accepted');
  await projectAssets();
}
