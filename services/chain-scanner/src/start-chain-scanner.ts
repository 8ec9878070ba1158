import type { AssetPlugin } from '@ledger/assets-store';
import { type ChainAdapter, createSimulatedChain } from '@ledger/chain';
import { sql } from 'kysely';
import { type ChainScannerDependencies, scanAll } from './chain-scanner.ts';

/**
 * The scanner worker: a tick every `intervalMs` over every plug-in allowed to scan. One scanner
 * works at a time (a transaction-level advisory lock held through the tick; a second process
 * skips its tick), though correctness never rests on it: every step is idempotent.
 */

export type ChainScannerWorker = {
  /** Runs one tick now (tests, the development control after mining). */
  tick(): Promise<void>;
  stop(): Promise<void>;
};

/** The adapters this build knows: `simulated` (kept in the same database). */
export function builtInAdapters(db: ChainScannerDependencies['db']) {
  return (plugin: AssetPlugin): ChainAdapter => {
    if (plugin.plugin === 'simulated') return createSimulatedChain(db, plugin.pluginId);
    throw new Error(`no adapter for plug-in kind ${plugin.plugin}`);
  };
}

export function startChainScanner(
  dependencies: ChainScannerDependencies & { intervalMs?: number },
): ChainScannerWorker {
  const intervalMs = dependencies.intervalMs ?? 1_000;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const once = async () => {
    await dependencies.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ locked: boolean }>`SELECT
        pg_try_advisory_xact_lock(hashtextextended('chain-scanner', 0)) AS locked`.execute(trx);
      if (rows[0]?.locked !== true) return;
      await scanAll(dependencies);
    });
  };
  const tick = () => {
    running = running
      .then(once)
      .catch((error: unknown) =>
        dependencies.logger.error('chain scanner tick failed', { error: String(error) }),
      );
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void tick().then(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    tick,
    async stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      await running;
    },
  };
}
