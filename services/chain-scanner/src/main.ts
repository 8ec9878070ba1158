import { depositRequestResumable } from '@ledger/assets-store';
import { createDb } from '@ledger/db';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { createSocketClient } from '@ledger/ledger-client';
import { startProcessResumer } from '@ledger/process-kit';
import { createLogger, parseEnv, parseSocketAddress, runService } from '@ledger/runtime';
import { ChainScannerEnvSchema } from './env.ts';
import { builtInAdapters, startChainScanner } from './start-chain-scanner.ts';

// Composition root of the chain scanner as its own deployable (the platform runs it in process).
const env = parseEnv(ChainScannerEnvSchema);
const logger = createLogger({ service: 'chain-scanner' });
runService(
  () => {
    const db = createDb({
      url: env.DATABASE_URL,
      poolSizeMax: 4,
      statementTimeoutMs: 30_000,
      applicationName: 'chain-scanner',
    });
    const eventStore = createPostgresEventStore({ url: env.DATABASE_URL, poolSizeMax: 2 });
    const ledger = createSocketClient({
      address: parseSocketAddress(env.LEDGER_WRITER_ADDRESS),
    });
    const scanner = startChainScanner({
      db,
      eventStore,
      ledger,
      logger,
      now: () => new Date(),
      adapterFor: builtInAdapters(db),
      intervalMs: env.CHAIN_SCAN_INTERVAL_MS,
    });
    // Approved deposit requests a crash interrupted: the resumer worker, this deployable's type.
    const resumer = startProcessResumer({
      eventStore,
      processes: [depositRequestResumable({ db, eventStore, ledger, now: () => new Date() })],
      logger,
      intervalMs: env.CHAIN_SCAN_INTERVAL_MS,
    });
    // The scanner's timer is unref'd: this keeps the process up until it is told to stop.
    const keepAlive = setInterval(() => {}, 60_000);
    logger.info('chain scanner starting', { intervalMs: env.CHAIN_SCAN_INTERVAL_MS });
    return async () => {
      clearInterval(keepAlive);
      await scanner.stop();
      await resumer.stop();
      logger.info('chain scanner stopped');
      await ledger.close();
      await eventStore.close();
      await db.destroy();
    };
  },
  { logger },
);
