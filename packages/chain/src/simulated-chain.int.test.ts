// Proves the simulated chain is deterministic and persistent, mines, reorgs (dropping or keeping transactions) and malleates as the scanner and T22 need, that outputs are found by address and amount after a malleation, and that its wallet counts mined receipts at the addresses it issued and every send (T25).
import { useTestDatabase } from '@ledger/testing';
import { describe, expect, test } from 'vitest';
import { confirmationsOf } from './chain-port.ts';
import { createSimulatedChain } from './simulated-chain.ts';

const database = useTestDatabase();

describe('the simulated chain', () => {
  test('mines blocks that link to their parents; the mempool goes into the next block', async () => {
    const chain = createSimulatedChain(database().db, 'sim-a');
    expect(await chain.tip()).toBeUndefined();
    const address = chain.depositAddressOf(7);
    const { txid } = await chain.send({ address, amount: '1.50000000' });
    expect((await chain.transaction(txid))?.blockHeight).toBeNull();
    expect(await chain.mine(3)).toBe(3);
    const block1 = await chain.blockAt(1);
    const block2 = await chain.blockAt(2);
    expect(block1?.transactions.map((tx) => tx.txid)).toEqual([txid]);
    expect(block1?.transactions[0]?.outputs[0]).toEqual({
      index: 0,
      address,
      memo: null,
      amount: '1.50000000',
      declaredAmount: '1.50000000',
    });
    expect(block2?.parentHash).toBe(block1?.hash);
    expect(block2?.transactions).toEqual([]);
    expect(confirmationsOf(1, 3)).toBe(3);
    // Another handle on the same database sees the same chain (it is kept in Postgres).
    const again = createSimulatedChain(database().db, 'sim-a');
    expect(await again.tip()).toEqual(await chain.tip());
    expect(again.depositAddressOf(7)).toBe(address);
  });

  test('the same history gives the same hashes on another chain id only through the id', async () => {
    const left = createSimulatedChain(database().db, 'sim-b');
    const right = createSimulatedChain(database().db, 'sim-c');
    await left.mine(2);
    await right.mine(2);
    expect(await left.blockHashAt(2)).not.toBe(await right.blockHashAt(2));
    const twin = createSimulatedChain(database().db, 'sim-b');
    expect(await twin.blockHashAt(2)).toBe(await left.blockHashAt(2));
  });

  test('a reorg replaces the top blocks by a longer branch and drops their transactions', async () => {
    const chain = createSimulatedChain(database().db, 'sim-d');
    await chain.mine(5);
    const { txid } = await chain.send({ address: chain.depositAddressOf(1), amount: '2.00000000' });
    await chain.mine(2);
    const before = await chain.blockHashAt(6);
    expect(await chain.reorg(3)).toBe(8);
    expect(await chain.blockHashAt(6)).not.toBe(before);
    expect(await chain.transaction(txid)).toBeUndefined();
    expect((await chain.blockAt(5))?.hash).toBe((await chain.blockAt(6))?.parentHash);
  });

  test('a reorg that keeps the transactions puts them in the first new block', async () => {
    const chain = createSimulatedChain(database().db, 'sim-e');
    await chain.mine(2);
    const { txid } = await chain.send({ address: chain.depositAddressOf(1), amount: '2.00000000' });
    await chain.mine(1);
    await chain.reorg(2, { keepTransactions: true });
    expect((await chain.transaction(txid))?.blockHeight).toBe(2);
  });

  test('T22: a malleated transaction confirms under another txid; its outputs are found by address and amount', async () => {
    const chain = createSimulatedChain(database().db, 'sim-f');
    await chain.mine(1);
    const address = 'sim1external-withdrawal-address';
    const transfer = {
      transferId: 'withdrawal-1:send',
      outputs: [{ address, memo: null, amount: '0.30000000' }],
    };
    const sent = await chain.broadcast(transfer);
    const malleated = await chain.malleate(sent.txid);
    // Broadcasting the same transfer again (a crash before its outcome was recorded) sends nothing new.
    expect(await chain.broadcast(transfer)).toEqual({ txid: malleated });
    await chain.mine(1);
    expect(await chain.transaction(sent.txid)).toBeUndefined();
    expect((await chain.transaction(malleated))?.blockHeight).toBe(2);
    expect(await chain.findOutputs({ address, amount: '0.30000000', fromHeight: 1 })).toEqual([
      { txid: malleated, blockHeight: 2, index: 0 },
    ]);
  });

  test('the wallet: receipts at its issued addresses once mined, failed ones never, every send at once', async () => {
    const chain = createSimulatedChain(database().db, 'sim-w');
    const deposit = await chain.issueDepositAddress(3);
    expect(await chain.issueDepositAddress(3)).toBe(deposit); // issuing again changes nothing
    expect(deposit).toBe(chain.depositAddressOf(3));
    const treasury = await chain.treasuryAddress();
    const shared = await chain.issueSharedDepositAddress();
    expect(new Set([deposit, treasury, shared]).size).toBe(3);
    await chain.send({ address: deposit, amount: '1.00000000' });
    await chain.send({ address: treasury, amount: '2.00000000' });
    await chain.send({ address: shared, memo: '9', amount: '0.50000000' });
    await chain.send({ address: deposit, amount: '9.00000000', failed: true });
    // Not issued: someone else's address, or a deposit address the exchange never handed out.
    await chain.send({ address: chain.depositAddressOf(4), amount: '5.00000000' });
    expect(await chain.walletActivity()).toEqual({ received: '0', sends: [] });
    await chain.mine(1);
    await chain.broadcast({
      transferId: 'withdrawal:w1:transfer:1',
      outputs: [{ address: 'sim1elsewhere', memo: null, amount: '0.25000000' }],
    });
    expect(await chain.walletActivity()).toEqual({
      received: '3.50000000',
      sends: [{ transferId: 'withdrawal:w1:transfer:1', amount: '0.25000000' }],
    });
    // Another chain's wallet is its own.
    expect(await createSimulatedChain(database().db, 'sim-w2').walletActivity()).toEqual({
      received: '0',
      sends: [],
    });
  });
});
