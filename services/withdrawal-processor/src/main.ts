import { createDb } from '@ledger/db';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { createSocketClient } from '@ledger/ledger-client';
import { createLogger, parseEnv, parseSocketAddress, runService } from '@ledger/runtime';
import { WithdrawalProcessorEnvSchema } from './env.ts';
import { startWithdrawalService } from './withdrawal-service.ts';

// Composition root of the withdrawal processor as its own deployable (the platform runs it in
// process): it resumes unfinished withdrawals and reconciles sent ones on the chains of
// @ledger/chain. It reads the `withdrawals` read model, which the projector keeps.
const env = parseEnv(WithdrawalProcessorEnvSchema);
const logger = createLogger({ service: 'withdrawal-processor' });
runService(
  () => {
    const db = createDb({
      url: env.DATABASE_URL,
      poolSizeMax: 4,
      statementTimeoutMs: 30_000,
      applicationName: 'withdrawal-processor',
    });
    const eventStore = createPostgresEventStore({ url: env.DATABASE_URL, poolSizeMax: 2 });
    const ledger = createSocketClient({
      address: parseSocketAddress(env.LEDGER_WRITER_ADDRESS),
    });
    const stop = startWithdrawalService({
      db,
      eventStore,
      ledger,
      logger,
      intervalMs: env.WITHDRAWAL_INTERVAL_MS,
    });
    logger.info('withdrawal processor starting', { intervalMs: env.WITHDRAWAL_INTERVAL_MS });
    return async () => {
      await stop();
      logger.info('withdrawal processor stopped');
      await ledger.close();
      await eventStore.close();
      await db.destroy();
    };
  },
  { logger },
);
