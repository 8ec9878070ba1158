// Proves chain deposits on the simulated chain with the real writer, projector and scanner (reliability.md T21 a–e, T22): a deposit is credited only at the asset's confirmations and exactly once across scanner crashes, restarts and two scanners at once; a pending deposit cannot be spent; a shallow reorg drops it uncredited; a deep reorg of a credited deposit freezes the asset; failed and zero-delivered transactions credit nothing; a partial payment credits what was delivered.
import type { AssetPlugin, LedgerPort } from '@ledger/assets-store';
import { getAssetPlugin } from '@ledger/assets-store';
import { createSimulatedChain, type SimulatedChain } from '@ledger/chain';
import { builtInAdapters, type ChainScannerDependencies, scanPlugin } from '@ledger/chain-scanner';
import { silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDepositTestKit, type DepositTestKit } from '../testing/deposit-test-kit.ts';
import type { LedgerTestMember } from '../testing/ledger-test-kit.ts';

const database = useTestDatabase();
let kit: DepositTestKit;
let admin: LedgerTestMember;
let alice: LedgerTestMember;
let chain: SimulatedChain;
let plugin: AssetPlugin;
let wallet: { seq: number; address: string };
let spare: { seq: number };
const confirmationsRequired = 10;

type Deposit = {
  deposit_id: string;
  txid: string;
  amount: string;
  status: string;
  confirmations: number;
  confirmations_required: number;
  reorged_after_credit: boolean;
};

function scanner(ledger?: LedgerPort): ChainScannerDependencies {
  const db = database().db;
  return {
    db,
    eventStore: kit.eventStore,
    ledger: ledger ?? kit.writer.client(),
    logger: silentLogger,
    now: () => new Date(),
    adapterFor: builtInAdapters(db),
  };
}

/** One scanner tick over the plug-in, after the projections show everything written so far. */
async function scan(ledger?: LedgerPort) {
  await kit.assetsProjected();
  const report = await scanPlugin(scanner(ledger), plugin);
  await kit.assetsProjected();
  return report;
}

async function openAccount(member: LedgerTestMember, asset: string): Promise<number> {
  const response = await kit.write(
    'POST',
    '/api/v1/account',
    { asset, title: `${asset} wallet` },
    { token: member.token, key: kit.freshKey() },
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { seq: number } }).data.seq;
}

async function balanceOf(seq: number): Promise<string> {
  const { rows } = await sql<{ balance: string }>`SELECT balance::text FROM ledger_accounts
    WHERE seq = ${seq}`.execute(database().db);
  return rows[0]?.balance ?? 'missing';
}

async function deposits(): Promise<Deposit[]> {
  const response = await kit.read('/api/v1/deposit?order=asc&page_size=100', {
    token: alice.token,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Deposit[] }).data;
}

async function depositOf(txid: string): Promise<Deposit | undefined> {
  return (await deposits()).find((deposit) => deposit.txid === txid);
}

async function creditsOf(txid: string): Promise<number> {
  const { rows } = await sql<{ count: string }>`SELECT count(*)::text AS count
    FROM ledger_balance_log WHERE transfer_id LIKE ${`deposit:sim-btc:${txid}:%`}`.execute(
    database().db,
  );
  return Number(rows[0]?.count ?? 0);
}

async function assetFrozen(): Promise<{ is_frozen: boolean; frozen_reason: string | null }> {
  await kit.assetsProjected();
  const response = await kit.read('/api/v1/admin/asset/BTC', { token: admin.token });
  return ((await response.json()) as { data: { is_frozen: boolean; frozen_reason: string | null } })
    .data;
}

beforeAll(async () => {
  kit = await createDepositTestKit(database());
  admin = await kit.administrator('chief');
  alice = await kit.member('alice');
  const asset = await kit.write(
    'POST',
    '/api/v1/admin/asset',
    {
      code: 'BTC',
      decimal_point: 8,
      title: 'Bitcoin',
      minimum_deposit: '0.0001',
      confirmations_required: confirmationsRequired,
    },
    { token: admin.token },
  );
  expect(asset.status).toBe(201);
  const registered = await kit.write(
    'POST',
    '/api/v1/admin/asset-plugin',
    { plugin_id: 'sim-btc', asset: 'BTC', plugin: 'simulated', title: 'Simulated Bitcoin' },
    { token: admin.token },
  );
  expect(registered.status).toBe(201);
  await kit.assetsProjected();
  plugin = (await getAssetPlugin(database().db, 'sim-btc')) as AssetPlugin;
  chain = createSimulatedChain(database().db, 'sim-btc');
  const seq = await openAccount(alice, 'BTC');
  spare = { seq: await openAccount(alice, 'BTC') };
  await kit.projected();
  const address = await kit.write(
    'POST',
    `/api/v1/account/${seq}/deposit-address`,
    {},
    { token: alice.token },
  );
  expect(address.status).toBe(201);
  const assigned = (await address.json()) as { data: { address: string; kind: string } };
  expect(assigned.data.kind).toBe('chain');
  wallet = { seq, address: assigned.data.address };
  await chain.mine(1);
});
afterAll(async () => {
  await kit.close();
});

describe('T21 (a, e): a deposit is credited only at the confirmations, and never spent before', () => {
  test('pending at n − 1 confirmations (visible, not spendable); credited at n', async () => {
    const { txid } = await chain.send({ address: wallet.address, amount: '1.50000000' });
    await chain.mine(confirmationsRequired - 1);
    await scan();
    expect(await depositOf(txid)).toMatchObject({
      status: 'pending',
      amount: '1.50000000',
      confirmations: confirmationsRequired - 1,
      confirmations_required: confirmationsRequired,
    });
    expect(await balanceOf(wallet.seq)).toBe('0.00000000');
    const spend = await kit.write(
      'POST',
      '/api/v1/account-transfer',
      { source_account_seq: wallet.seq, target_account_seq: spare.seq, amount: '1.5' },
      { token: alice.token, key: kit.freshKey() },
    );
    expect(spend.status).toBe(422);
    expect(((await spend.json()) as { code: string }).code).toBe('insufficient_funds');
    await chain.mine(1);
    await scan();
    await kit.projected();
    expect(await depositOf(txid)).toMatchObject({ status: 'credited' });
    expect(await balanceOf(wallet.seq)).toBe('1.50000000');
    expect(await creditsOf(txid)).toBe(1);
  });
});

describe('exactly once across crashes, restarts and two scanners', () => {
  test('a crash before the ledger command, and one after it, still credit once', async () => {
    const before = BigInt((await balanceOf(wallet.seq)).replace('.', ''));
    const first = await chain.send({ address: wallet.address, amount: '0.20000000' });
    await chain.mine(confirmationsRequired);
    // Crash 1: the scanner dies as it submits the credit (nothing reached the ledger).
    const dying: LedgerPort = {
      submit: async () => {
        throw new Error('crash before the ledger');
      },
    };
    await scan(dying);
    expect(await depositOf(first.txid)).toMatchObject({ status: 'crediting' });
    expect(await creditsOf(first.txid)).toBe(0);
    // Crash 2, for the next deposit: the ledger took the credit, the scanner died before recording it.
    const second = await chain.send({ address: wallet.address, amount: '0.30000000' });
    await chain.mine(confirmationsRequired);
    const real = kit.writer.client();
    const dyingAfter: LedgerPort = {
      submit: async (submission) => {
        const result = await real.submit(submission);
        if (submission.commandId.includes(second.txid)) throw new Error('crash after the ledger');
        return result;
      },
    };
    await scan(dyingAfter);
    expect(await depositOf(second.txid)).toMatchObject({ status: 'crediting' });
    expect(await creditsOf(second.txid)).toBe(1);
    // Restart: a fresh scanner, then two at once, then again.
    await scan();
    await kit.assetsProjected();
    await Promise.all([scanPlugin(scanner(), plugin), scanPlugin(scanner(), plugin)]);
    await scan();
    await kit.projected();
    for (const { txid } of [first, second]) {
      expect(await depositOf(txid)).toMatchObject({ status: 'credited' });
      expect(await creditsOf(txid)).toBe(1);
    }
    const after = BigInt((await balanceOf(wallet.seq)).replace('.', ''));
    expect(after - before).toBe(50_000_000n);
  });

  test('T22 on the deposit side: a malleated transaction is credited once, under its confirmed txid', async () => {
    const sent = await chain.send({ address: wallet.address, amount: '0.01000000' });
    const malleated = await chain.malleate(sent.txid);
    await chain.mine(confirmationsRequired);
    await scan();
    await scan();
    await kit.projected();
    expect(await depositOf(sent.txid)).toBeUndefined();
    expect(await depositOf(malleated)).toMatchObject({ status: 'credited', amount: '0.01000000' });
    expect(await creditsOf(malleated)).toBe(1);
  });
});

describe('T21 (c, d): only what the chain delivered is credited', () => {
  test('a failed transaction and a zero-delivery "success" credit nothing', async () => {
    const failed = await chain.send({
      address: wallet.address,
      amount: '5.00000000',
      failed: true,
    });
    const fake = await chain.send({
      address: wallet.address,
      amount: '0.00000000',
      declaredAmount: '5.00000000',
    });
    await chain.mine(confirmationsRequired + 1);
    await scan();
    expect(await depositOf(failed.txid)).toBeUndefined();
    expect(await depositOf(fake.txid)).toBeUndefined();
  });

  test('a partial payment credits the delivered amount, never the declared one', async () => {
    const before = await balanceOf(wallet.seq);
    const partial = await chain.send({
      address: wallet.address,
      amount: '0.10000000',
      declaredAmount: '1.00000000',
    });
    await chain.mine(confirmationsRequired);
    await scan();
    await kit.projected();
    expect(await depositOf(partial.txid)).toMatchObject({
      status: 'credited',
      amount: '0.10000000',
    });
    const delta =
      BigInt((await balanceOf(wallet.seq)).replace('.', '')) - BigInt(before.replace('.', ''));
    expect(delta).toBe(10_000_000n);
  });
});

describe('T21 (b): reorgs', () => {
  test('a reorg below the confirmations drops a pending deposit: never credited', async () => {
    const dropped = await chain.send({ address: wallet.address, amount: '0.70000000' });
    await chain.mine(3);
    await scan();
    expect(await depositOf(dropped.txid)).toMatchObject({ status: 'pending' });
    await chain.reorg(3);
    const report = await scan();
    expect(report.reorgDepth).toBe(3);
    expect(report.frozen).toBe(false);
    expect(await depositOf(dropped.txid)).toMatchObject({ status: 'orphaned' });
    await chain.mine(confirmationsRequired * 2);
    await scan();
    expect(await depositOf(dropped.txid)).toMatchObject({ status: 'orphaned' });
    expect(await creditsOf(dropped.txid)).toBe(0);
    expect((await assetFrozen()).is_frozen).toBe(false);
  });

  test('a shallow reorg that keeps the transaction: re-detected in its new block, credited once', async () => {
    const kept = await chain.send({ address: wallet.address, amount: '0.40000000' });
    await chain.mine(2);
    await scan();
    await chain.reorg(2, { keepTransactions: true });
    await scan();
    await chain.mine(confirmationsRequired);
    await scan();
    await kit.projected();
    expect(await depositOf(kept.txid)).toMatchObject({ status: 'credited' });
    expect(await creditsOf(kept.txid)).toBe(1);
  });

  test('a reorg at depth ≥ the confirmations removing a credited deposit: alert and freeze until an administrator acts', async () => {
    const deep = await chain.send({ address: wallet.address, amount: '0.05000000' });
    await chain.mine(confirmationsRequired);
    await scan();
    expect(await depositOf(deep.txid)).toMatchObject({ status: 'credited' });
    await chain.reorg(confirmationsRequired);
    const report = await scan();
    expect(report.frozen).toBe(true);
    const frozen = await assetFrozen();
    expect(frozen.is_frozen).toBe(true);
    expect(frozen.frozen_reason).toMatch(/^ALERT: chain reorg of depth 10/);
    expect(await depositOf(deep.txid)).toMatchObject({ reorged_after_credit: true });
    // While frozen, a new deposit waits however many confirmations it has.
    const waiting = await chain.send({ address: wallet.address, amount: '0.02000000' });
    await chain.mine(confirmationsRequired + 5);
    await scan();
    expect(await depositOf(waiting.txid)).toMatchObject({ status: 'pending' });
    const lifted = await kit.write(
      'PUT',
      '/api/v1/admin/asset/BTC/freeze',
      { frozen: false, reason: 'reorg reviewed' },
      { token: admin.token },
    );
    expect(lifted.status).toBe(200);
    await scan();
    expect(await depositOf(waiting.txid)).toMatchObject({ status: 'credited' });
    expect(await creditsOf(waiting.txid)).toBe(1);
  });
  test('a credit decided before a crash and then reorged away is finished once, with the alert', async () => {
    const decided = await chain.send({ address: wallet.address, amount: '0.03000000' });
    await chain.mine(confirmationsRequired);
    const dying: LedgerPort = {
      submit: async () => {
        throw new Error('crash before the ledger');
      },
    };
    await scan(dying);
    expect(await depositOf(decided.txid)).toMatchObject({ status: 'crediting' });
    await chain.reorg(confirmationsRequired);
    await scan();
    await scan();
    await kit.projected();
    expect(await depositOf(decided.txid)).toMatchObject({
      status: 'credited',
      reorged_after_credit: true,
    });
    expect(await creditsOf(decided.txid)).toBe(1);
    expect((await assetFrozen()).is_frozen).toBe(true);
  });
});
