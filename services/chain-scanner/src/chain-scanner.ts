import { randomUUID } from 'node:crypto';
import {
  assetStream,
  type ChainDepositDetected,
  type ChainDepositState,
  chainDepositId,
  decideAsset,
  depositDestination,
  evolveAsset,
  initialAssetState,
} from '@ledger/assets';
import {
  type Asset,
  type AssetPlugin,
  type ChainDepositRecord,
  chainScannerActor,
  type DepositStepDependencies,
  decideAndAppend,
  depositAddressesAt,
  finishChainDepositCredit,
  getAsset,
  type LedgerPort,
  listAssetPlugins,
  listChainDepositsToFollow,
  runChainDepositCommand,
} from '@ledger/assets-store';
import { type ChainAdapter, type ChainBlock, confirmationsOf } from '@ledger/chain';
import type { EventStore } from '@ledger/event-store';
import { tryParseAmount } from '@ledger/ledger';
import type { Logger } from '@ledger/runtime';
import { type Kysely, sql } from 'kysely';

/**
 * The chain scanner (reliability.md T21): for every plug-in allowed to scan, one tick
 * (1) finds reorgs by comparing the hashes of the blocks it processed with the chain's, and
 * handles every deposit above the fork (a pending one is orphaned, a credited one raises the
 * alert: the asset is frozen); a reorg at depth ≥ the asset's confirmations freezes the asset
 * even when no deposit was hit; (2) walks new blocks from its cursor (or the plug-in's start
 * block) and records every output paid to a deposit address, with the amount the chain
 * delivered, of successful transactions only; (3) credits each pending deposit whose block is
 * still on the chain and has the asset's confirmations, and finishes credits a crash
 * interrupted. Every money step is one ledger command with the deposit's (chain, txid, output)
 * as its id, so restarts, crashes and a second scanner never credit twice.
 */

// biome-ignore lint/suspicious/noExplicitAny: the read models and the scanner's own tables.
type AnyDb = Kysely<any>;

export type ChainScannerDependencies = {
  db: AnyDb;
  eventStore: EventStore;
  ledger: LedgerPort;
  logger: Logger;
  now: () => Date;
  /** The adapter of a plug-in (the simulated chain for `simulated`). */
  adapterFor: (plugin: AssetPlugin) => ChainAdapter;
  /** Blocks walked per plug-in and tick (bounded so one tick stays short). */
  blocksPerTick?: number;
};

export type ScanReport = {
  pluginId: string;
  scannedTo: number | null;
  detected: number;
  credited: number;
  orphaned: number;
  reorgDepth: number | null;
  frozen: boolean;
};

type Cursor = { height: number; hash: string };

async function readCursor(db: AnyDb, pluginId: string): Promise<Cursor | undefined> {
  const { rows } = await sql<{ height: string; hash: string }>`SELECT height::text, hash
    FROM chain_scan_cursors WHERE plugin_id = ${pluginId}`.execute(db);
  const row = rows[0];
  return row === undefined ? undefined : { height: Number(row.height), hash: row.hash };
}

async function scannedHashAt(db: AnyDb, pluginId: string, height: number) {
  const { rows } = await sql<{ hash: string }>`SELECT hash FROM chain_scan_blocks
    WHERE plugin_id = ${pluginId} AND height = ${height}`.execute(db);
  return rows[0]?.hash;
}

async function recordScanned(db: AnyDb, pluginId: string, block: ChainBlock): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`INSERT INTO chain_scan_blocks (plugin_id, height, hash)
      VALUES (${pluginId}, ${block.height}, ${block.hash})
      ON CONFLICT (plugin_id, height) DO UPDATE SET hash = excluded.hash`.execute(trx);
    await sql`INSERT INTO chain_scan_cursors (plugin_id, height, hash, updated_at)
      VALUES (${pluginId}, ${block.height}, ${block.hash}, now())
      ON CONFLICT (plugin_id) DO UPDATE SET height = excluded.height, hash = excluded.hash,
        updated_at = now()`.execute(trx);
  });
}

async function rewindTo(db: AnyDb, pluginId: string, fork: Cursor | undefined): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`DELETE FROM chain_scan_blocks
      WHERE plugin_id = ${pluginId} AND height > ${fork?.height ?? -1}`.execute(trx);
    if (fork === undefined) {
      await sql`DELETE FROM chain_scan_cursors WHERE plugin_id = ${pluginId}`.execute(trx);
    } else {
      await sql`UPDATE chain_scan_cursors SET height = ${fork.height}, hash = ${fork.hash},
        updated_at = now() WHERE plugin_id = ${pluginId}`.execute(trx);
    }
  });
}

/** Scans one plug-in once. */
export async function scanPlugin(
  dependencies: ChainScannerDependencies,
  plugin: AssetPlugin,
): Promise<ScanReport> {
  const { db, logger } = dependencies;
  const adapter = dependencies.adapterFor(plugin);
  // Also part of the scan's stream command ids: after the chain flips back, a deposit can be
  // detected or orphaned again at the same block, a new command that must not share the first
  // one's event ids; a repeat within one scan decides nothing (the deciders look at the state).
  const requestId = `chain-scanner:${randomUUID()}`;
  const report: ScanReport = {
    pluginId: plugin.pluginId,
    scannedTo: null,
    detected: 0,
    credited: 0,
    orphaned: 0,
    reorgDepth: null,
    frozen: false,
  };
  const asset = await getAsset(db, plugin.asset);
  if (asset === undefined) return report;
  const tip = await adapter.tip();
  if (tip === undefined) return report;

  // 1. Reorgs: the processed block at the cursor is no longer the chain's.
  let cursor = await readCursor(db, plugin.pluginId);
  if (cursor !== undefined && (await adapter.blockHashAt(cursor.height)) !== cursor.hash) {
    let forkHeight = cursor.height - 1;
    while (forkHeight >= 0) {
      const ours = await scannedHashAt(db, plugin.pluginId, forkHeight);
      if (ours === undefined || ours === (await adapter.blockHashAt(forkHeight))) break;
      forkHeight -= 1;
    }
    const depth = cursor.height - forkHeight;
    report.reorgDepth = depth;
    const forkHash = forkHeight < 0 ? undefined : await adapter.blockHashAt(forkHeight);
    const fork = forkHash === undefined ? undefined : { height: forkHeight, hash: forkHash };
    await handleReorg(dependencies, adapter, asset, { forkHeight, depth, requestId }, report);
    await rewindTo(db, plugin.pluginId, fork);
    cursor = fork;
  }

  // 2. New blocks, from the cursor (or the start block) up to the tip, bounded per tick.
  const from = cursor === undefined ? plugin.startBlock : cursor.height + 1;
  const to = Math.min(tip.height, from + (dependencies.blocksPerTick ?? 2_000) - 1);
  let parentHash = cursor?.hash;
  for (let height = from; height <= to; height += 1) {
    const block = await adapter.blockAt(height);
    // The chain moved under us (a reorg during the walk): the next tick handles it.
    if (block === undefined || (parentHash !== undefined && block.parentHash !== parentHash)) break;
    report.detected += await detectDeposits(dependencies, adapter, asset, block, requestId);
    await recordScanned(db, plugin.pluginId, block);
    parentHash = block.hash;
    report.scannedTo = height;
  }

  // 3. Confirmations: credit what reached the asset's threshold; orphan what left the chain.
  const frozen = report.frozen || (await getAsset(db, plugin.asset))?.isFrozen === true;
  const scannedTip = (await readCursor(db, plugin.pluginId))?.height;
  if (scannedTip === undefined) return report;
  for (const deposit of await listChainDepositsToFollow(db, plugin.pluginId, {
    statuses: ['pending', 'crediting'],
  })) {
    if (deposit.blockHeight > scannedTip) continue;
    const confirmations = confirmationsOf(deposit.blockHeight, scannedTip);
    let status: string = deposit.status;
    if ((await adapter.blockHashAt(deposit.blockHeight)) !== deposit.blockHash) {
      // The stream decides, not the read model (it may lag): orphaned, or already crediting.
      status = await dropFromChain(dependencies, adapter, asset, deposit, requestId, report, {
        depth: asset.confirmationsRequired,
        forkHeight: deposit.blockHeight - 1,
      });
      if (status !== 'crediting') continue;
    }
    try {
      if (status === 'pending') {
        if (frozen || confirmations < asset.confirmationsRequired) continue;
        await runChainDepositCommand(
          dependencies.eventStore,
          deposit.depositId,
          () => ({
            type: 'StartChainDepositCredit',
            depositId: deposit.depositId,
            confirmations,
            now: dependencies.now().toISOString(),
          }),
          {
            commandId: `scanner:credit-start:${deposit.depositId}`,
            requestId,
            actor: chainScannerActor,
          },
        );
      }
      const done = await finishChainDepositCredit(
        stepDependencies(dependencies),
        deposit.depositId,
        {
          requestId,
          confirmations,
        },
      );
      if (done.state.status === 'credited') report.credited += 1;
    } catch (error) {
      logger.error('chain deposit credit failed; retried next tick', {
        depositId: deposit.depositId,
        error: String(error),
      });
    }
  }
  return report;
}

function stepDependencies(dependencies: ChainScannerDependencies): DepositStepDependencies {
  return {
    eventStore: dependencies.eventStore,
    ledger: dependencies.ledger,
    now: dependencies.now,
  };
}

async function orphan(
  dependencies: ChainScannerDependencies,
  deposit: ChainDepositRecord,
  requestId: string,
): Promise<ChainDepositState> {
  const { state } = await runChainDepositCommand(
    dependencies.eventStore,
    deposit.depositId,
    () => ({
      type: 'OrphanChainDeposit',
      depositId: deposit.depositId,
      blockHash: deposit.blockHash,
      now: dependencies.now().toISOString(),
    }),
    {
      commandId: `scanner:orphan:${deposit.depositId}:${deposit.blockHash}:${requestId}`,
      requestId,
      actor: chainScannerActor,
    },
  );
  if (state.status === 'orphaned') {
    dependencies.logger.warn('a reorg dropped a deposit before it was credited (never credited)', {
      depositId: deposit.depositId,
      blockHeight: deposit.blockHeight,
    });
  }
  return state;
}

/**
 * A deposit whose block left the chain: a pending one is orphaned; one whose credit was already
 * decided or done (by its stream, whatever the read model says) is the alert: recorded, and the
 * asset frozen. Returns the deposit's status afterwards.
 */
async function dropFromChain(
  dependencies: ChainScannerDependencies,
  adapter: ChainAdapter,
  asset: Asset,
  deposit: ChainDepositRecord,
  requestId: string,
  report: ScanReport,
  reorg: { depth: number; forkHeight: number },
): Promise<ChainDepositState['status']> {
  let status: ChainDepositState['status'] = deposit.status;
  if (status === 'pending') {
    status = (await orphan(dependencies, deposit, requestId)).status;
    if (status === 'orphaned') report.orphaned += 1;
  }
  if (status !== 'crediting' && status !== 'credited') return status;
  await runChainDepositCommand(
    dependencies.eventStore,
    deposit.depositId,
    () => ({
      type: 'RecordReorgAfterCredit',
      depositId: deposit.depositId,
      blockHash: deposit.blockHash,
      reorgDepth: reorg.depth,
      now: dependencies.now().toISOString(),
    }),
    {
      commandId: `scanner:reorged:${deposit.depositId}:${deposit.blockHash}:${requestId}`,
      requestId,
      actor: chainScannerActor,
    },
  );
  await freezeForReorg(dependencies, adapter, asset, { ...reorg, requestId, creditedHit: true });
  report.frozen = true;
  return status;
}

/** The alert: the asset's deposits and withdrawals frozen with the reorg as the reason. */
async function freezeForReorg(
  dependencies: ChainScannerDependencies,
  adapter: ChainAdapter,
  asset: Asset,
  reorg: { forkHeight: number; depth: number; requestId: string; creditedHit: boolean },
): Promise<void> {
  const reason = `ALERT: chain reorg of depth ${reorg.depth} at height ${reorg.forkHeight + 1} on ${adapter.chain}${reorg.creditedHit ? ' removed a credited deposit' : ''}`;
  dependencies.logger.error(reason, { asset: asset.code, chain: adapter.chain });
  const now = dependencies.now().toISOString();
  const outcome = await decideAndAppend(
    dependencies.eventStore,
    assetStream(asset.code),
    { initial: initialAssetState, evolve: evolveAsset },
    (state) => decideAsset({ type: 'FreezeAsset', code: asset.code, reason, now }, state),
    {
      commandId: `scanner:freeze:${adapter.chain}:${reorg.forkHeight}:${reorg.depth}:${reorg.requestId}`,
      requestId: reorg.requestId,
      actor: chainScannerActor,
    },
  );
  if (outcome.kind === 'rejected') throw new Error(`freeze refused: ${outcome.rejection.type}`);
}

/**
 * Every deposit above the fork: pending ones are orphaned (the walk re-detects them if their
 * transaction is in the new branch); crediting or credited ones are the alert: recorded, and the
 * asset's deposits and withdrawals frozen. A reorg at depth ≥ the confirmations freezes anyway.
 */
async function handleReorg(
  dependencies: ChainScannerDependencies,
  adapter: ChainAdapter,
  asset: Asset,
  reorg: { forkHeight: number; depth: number; requestId: string },
  report: ScanReport,
): Promise<void> {
  const { logger } = dependencies;
  logger.warn('chain reorg', { chain: adapter.chain, fork: reorg.forkHeight, depth: reorg.depth });
  const before = report.frozen;
  report.frozen = false;
  for (const deposit of await listChainDepositsToFollow(dependencies.db, adapter.chain, {
    statuses: ['pending', 'crediting', 'credited'],
    aboveHeight: reorg.forkHeight,
  })) {
    if ((await adapter.blockHashAt(deposit.blockHeight)) === deposit.blockHash) continue;
    await dropFromChain(dependencies, adapter, asset, deposit, reorg.requestId, report, reorg);
  }
  if (!report.frozen && reorg.depth >= asset.confirmationsRequired) {
    await freezeForReorg(dependencies, adapter, asset, { ...reorg, creditedHit: false });
    report.frozen = true;
  }
  report.frozen = report.frozen || before;
}

/** Records every output of a successful transaction paid to one of our deposit addresses. */
async function detectDeposits(
  dependencies: ChainScannerDependencies,
  adapter: ChainAdapter,
  asset: Asset,
  block: ChainBlock,
  requestId: string,
): Promise<number> {
  let detected = 0;
  const minimum = tryParseAmount(asset.minimumDeposit, asset.decimalPoint, 'nonNegative') ?? 0n;
  for (const transaction of block.transactions) {
    // A failed transaction (reverted, a token transfer that returned false) moved nothing.
    if (transaction.status !== 'success') continue;
    for (const output of transaction.outputs) {
      const delivered = tryParseAmount(output.amount, asset.decimalPoint, 'nonNegative');
      // Only the delivered amount counts; nothing delivered (a fake deposit) is no deposit.
      if (delivered === undefined || delivered === 0n) continue;
      const assignments = await depositAddressesAt(dependencies.db, adapter.chain, output.address);
      // The shared address of a memo chain is ours even before any member created a memo ID.
      const isShared = output.address === adapter.sharedDepositAddress();
      if (assignments.length === 0 && !isShared) continue;
      const memoChain =
        isShared || assignments.some((assignment) => assignment.kind === 'chain_memo');
      const owner = memoChain
        ? assignments.find(
            (assignment) => assignment.memo !== null && assignment.memo === output.memo,
          )
        : assignments[0];
      const destination = depositDestination({
        owner:
          owner === undefined
            ? undefined
            : { account: owner.account, accountSeq: owner.accountSeq, memberSeq: owner.memberSeq },
        memoRequired: memoChain || asset.memoRequired,
        memo: output.memo,
        amountMinor: delivered,
        minimumMinor: minimum,
        allowDeposit: asset.allowDeposit,
      });
      const depositId = chainDepositId(adapter.chain, transaction.txid, output.index);
      const detection: ChainDepositDetected['data'] = {
        depositId,
        chain: adapter.chain,
        asset: asset.code,
        txid: transaction.txid,
        output: output.index,
        address: output.address,
        memo: output.memo,
        amount: output.amount,
        blockHeight: block.height,
        blockHash: block.hash,
        destination,
        detectedAt: dependencies.now().toISOString(),
      };
      const { position } = await runChainDepositCommand(
        dependencies.eventStore,
        depositId,
        () => ({ type: 'DetectChainDeposit', detection }),
        {
          commandId: `scanner:detect:${depositId}:${block.hash}:${requestId}`,
          requestId,
          actor: chainScannerActor,
        },
      );
      if (position !== null) detected += 1;
    }
  }
  return detected;
}

/**
 * One tick over every plug-in allowed to scan. Approved deposit requests a crash interrupted are
 * the resumer's (depositRequestResumable of @ledger/assets-store).
 */
export async function scanAll(dependencies: ChainScannerDependencies): Promise<ScanReport[]> {
  const reports: ScanReport[] = [];
  for (const plugin of await listAssetPlugins(dependencies.db, { allowScanOnly: true })) {
    try {
      reports.push(await scanPlugin(dependencies, plugin));
    } catch (error) {
      dependencies.logger.error('chain scan failed; retried next tick', {
        pluginId: plugin.pluginId,
        error: String(error),
      });
    }
  }
  return reports;
}
