import { createDbWithPreparedStatements } from '@ledger/db';
import type { EventStore } from '@ledger/event-store';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import {
  clientLockSessions,
  eventStoreWakeUps,
  LeaderLocks,
  postgresNotifyWakeUps,
} from '@ledger/projection-runner';
import { createLogger, parseEnv, runService } from '@ledger/runtime';
import { walletHoldingsSource } from '@ledger/withdrawals-store';
import { ProjectorEnvSchema } from './env.ts';
import { projections } from './projections.ts';
import { startProjector } from './start-projector.ts';

// Composition root of the projector as its own deployable.
const env = parseEnv(ProjectorEnvSchema);
const logger = createLogger({ service: 'projector' });
runService(
  async () => {
    // Statements a projection marks as `prepared` (the balances batch write) are parsed and
    // planned once per connection, not on every batch (docs/performance.md, "Fourth pass, projector").
    const db = createDbWithPreparedStatements({
      url: env.DATABASE_URL,
      // One transaction per projection at a time, plus lag and failure reads, plus the
      // reconciliation's one short read at a time.
      poolSizeMax: Math.max(4, projections.length + 3),
      statementTimeoutMs: 30_000,
      applicationName: 'projector',
      planCacheMode: 'force_custom_plan',
    });
    // The EventStoreDB client (gRPC) loads only when that adapter is chosen.
    const eventStore: EventStore =
      env.EVENTSTORE_CONNECTION_STRING === undefined
        ? createPostgresEventStore({ url: env.DATABASE_URL, poolSizeMax: 4 })
        : (await import('@ledger/event-store/eventstoredb')).connectEventStoreDb(
            env.EVENTSTORE_CONNECTION_STRING,
          );
    const locks = new LeaderLocks(clientLockSessions(env.DATABASE_URL), { logger });
    const stopping = new AbortController();
    // On Postgres, LISTEN to the store's NOTIFY (no events read twice); EventStoreDB pushes anyway.
    const wakeUps =
      env.EVENTSTORE_CONNECTION_STRING === undefined
        ? postgresNotifyWakeUps({
            connectionString: env.DATABASE_URL,
            signal: stopping.signal,
            logger,
          })
        : eventStoreWakeUps(eventStore, { signal: stopping.signal, logger });
    // With nothing to project, no timer or socket would keep the process up until it is told to stop.
    const keepAlive = setInterval(() => {}, 60_000);
    const projector = startProjector({
      db,
      eventStore,
      projections,
      logger,
      signal: stopping.signal,
      locks,
      wakeUps,
      // A head read waits 3 ms for what is appended meanwhile: fewer reads and larger balances
      // batches at thousands of transfers a second, for up to 3 ms more lag; 5 ms put the lag p99
      // over its 100 ms target in half the runs (docs/adr/0007, addenda of 27 November).
      headReadDelayMs: 3,
      ...(env.LEDGER_RECONCILIATION_INTERVAL_SECONDS === 0
        ? {}
        : {
            reconciliation: {
              intervalMs: env.LEDGER_RECONCILIATION_INTERVAL_SECONDS * 1_000,
              // Chain assets against their wallets, the others against chain clearing.
              holdings: walletHoldingsSource(db, eventStore),
            },
          }),
    });
    return async () => {
      clearInterval(keepAlive);
      stopping.abort();
      await projector.done;
      await locks.close();
      await eventStore.close();
      await db.destroy();
    };
  },
  { logger },
);
