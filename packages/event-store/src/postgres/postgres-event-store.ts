import { createPool } from '@ledger/db';
import type pg from 'pg';
import { EventStoreClosedError } from '../errors.ts';
import type { EventStore } from '../port.ts';
import { createAppender } from './appender.ts';
import type { GroupCommitOptions } from './group-commit.ts';
import { prepareEvents } from './prepare-append.ts';
import { type PageFetcher, withReadAhead } from './read-ahead.ts';
import { fetchGlobalPage, readHeadPosition, readStreamPages } from './reads.ts';
import { createStartupGuard } from './startup-guard.ts';
import { type PollingOptions, subscribe } from './subscription.ts';
import { createWakeUps } from './wake-ups.ts';

export type PostgresEventStoreOptions = (
  | { /** Shared pool; the store never ends it. */ pool: pg.Pool }
  | { /** The store makes (and ends) its own pool. */ url: string; poolSizeMax?: number }
) & {
  /** Group commit: flushes in flight, appends and events per flush. */
  groupCommit?: Partial<GroupCommitOptions>;
  /** LISTEN/NOTIFY wake-ups (default on); polling remains the fallback. */
  notify?: boolean;
  /** NOTIFY channel, per database (default `es_events`). */
  channel?: string;
  polling?: Partial<PollingOptions>;
  /** Refuse appends after a logical restore (default on; guide §4.4). */
  startupGuard?: boolean;
};

const defaultGroupCommit: GroupCommitOptions = {
  maxInFlight: 2,
  maxItems: 256,
  maxWeight: 10_000,
  minSplitWeight: 64,
};
const defaultPolling: PollingOptions = { minMs: 5, maxMs: 250, idleMs: 1_000 };

/**
 * The PostgreSQL adapter of the event store port (guide §2–§8, docs/adr/0006). Appends go through a
 * group-commit queue into es_append_batch (one round trip per flush); reads use the gap-free
 * (transaction id, sequence) order below the visibility horizon.
 */
export function createPostgresEventStore(options: PostgresEventStoreOptions): EventStore {
  const { pool, ownsPool } = poolOf(options);
  const closing = new AbortController();
  const wakeUps = createWakeUps({
    pool,
    channel: options.channel ?? 'es_events',
    notify: options.notify ?? true,
  });
  const appender = createAppender({
    pool,
    guard: options.startupGuard === false ? async () => {} : createStartupGuard(pool),
    onCommitted: () => wakeUps.announce(),
    groupCommit: { ...defaultGroupCommit, ...options.groupCommit },
  });
  const polling = { ...defaultPolling, ...options.polling };
  const fetchPage: PageFetcher = (after, maxCount, filter) =>
    fetchGlobalPage(pool, after, maxCount, filter);
  const readAllAhead = withReadAhead(fetchPage);
  let closed: Promise<void> | undefined;

  function assertOpen(): void {
    if (closing.signal.aborted) throw new EventStoreClosedError();
  }

  return {
    append: (stream, events, appendOptions) => appender.append(stream, events, appendOptions),
    prepare: prepareEvents,
    readStream(stream, readOptions) {
      assertOpen();
      return readStreamPages(pool, stream, readOptions);
    },
    async readAll({ after, maxCount, filter }) {
      assertOpen();
      const { events, lastSeen } = await readAllAhead(after, maxCount, filter);
      return lastSeen === undefined ? { events } : { events, lastSeen };
    },
    subscribeAll(subscribeOptions) {
      assertOpen();
      const context = {
        readPage: withReadAhead(fetchPage),
        wakeUps,
        closing: closing.signal,
        polling,
      };
      return subscribe(context, subscribeOptions);
    },
    headPosition() {
      assertOpen();
      return readHeadPosition(pool);
    },
    close() {
      closed ??= (async () => {
        await appender.close();
        closing.abort();
        await wakeUps.close();
        if (ownsPool) await pool.end();
      })();
      return closed;
    },
  };
}

function poolOf(options: PostgresEventStoreOptions): { pool: pg.Pool; ownsPool: boolean } {
  if ('pool' in options) return { pool: options.pool, ownsPool: false };
  const pool = createPool({
    url: options.url,
    poolSizeMax: options.poolSizeMax ?? 10,
    applicationName: 'event-store',
  });
  return { pool, ownsPool: true };
}
