import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from '@ledger/runtime';
import pg from 'pg';

/**
 * One leader at a time (DESIGN.md §3): a Postgres session-level advisory lock held on a dedicated
 * connection. Postgres releases it when the session ends, so a crashed writer loses it without a
 * lease timeout. The lock only keeps honest writers apart; correctness rests on the ledger
 * stream's expected revision, which fences a writer that lost the lock without noticing.
 */
export type Leadership = {
  /** Aborted when the lock session is gone (error, end, failed heartbeat). */
  readonly lost: AbortSignal;
  /** Asks the database whether this session still holds the lock. */
  confirm(): Promise<boolean>;
  release(): Promise<void>;
};

export type AcquireOptions = {
  url: string;
  /** Lock name; one per ledger stream. */
  lockName: string;
  logger: Logger;
  signal: AbortSignal;
  retryMs: number;
  heartbeatMs: number;
};

/** Waits until this process holds the lock (standby until then); undefined if `signal` aborts. */
export async function acquireLeadership(options: AcquireOptions): Promise<Leadership | undefined> {
  let announcedStandby = false;
  while (!options.signal.aborted) {
    const client = new pg.Client({
      connectionString: options.url,
      keepAlive: true,
      application_name: 'ledger-writer-leader',
    });
    const lost = new AbortController();
    client.on('error', (error) => lost.abort(error));
    client.on('end', () => lost.abort(new Error('leader connection ended')));
    try {
      await client.connect();
      const { rows } = await client.query<{ acquired: boolean }>(
        'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS acquired',
        [options.lockName],
      );
      if (rows[0]?.acquired === true) return heldLeadership(client, lost, options);
      if (!announcedStandby) options.logger.info('another writer leads; standing by');
      announcedStandby = true;
    } catch (error) {
      options.logger.warn('leader lock attempt failed', { error: String(error) });
    }
    await client.end().catch(() => undefined);
    await delay(options.retryMs, undefined, { signal: options.signal }).catch(() => undefined);
  }
  return undefined;
}

function heldLeadership(
  client: pg.Client,
  lost: AbortController,
  options: AcquireOptions,
): Leadership {
  const confirm = async (): Promise<boolean> => {
    if (lost.signal.aborted) return false;
    try {
      const { rows } = await client.query<{ held: boolean }>(
        `SELECT EXISTS (SELECT FROM pg_locks WHERE locktype = 'advisory' AND granted
           AND pid = pg_backend_pid()
           AND objid = (hashtextextended($1, 0) & 4294967295)::oid) AS held`,
        [options.lockName],
      );
      return rows[0]?.held === true;
    } catch (error) {
      lost.abort(error);
      return false;
    }
  };
  const heartbeat = setInterval(() => {
    void confirm().then((held) => {
      if (!held) lost.abort(new Error('leader lock no longer held'));
    });
  }, options.heartbeatMs);
  heartbeat.unref();
  lost.signal.addEventListener('abort', () => clearInterval(heartbeat), { once: true });
  return {
    lost: lost.signal,
    confirm,
    async release() {
      clearInterval(heartbeat);
      if (!lost.signal.aborted) lost.abort(new Error('released'));
      await client.end().catch(() => undefined);
    },
  };
}

/**
 * A leadership without any lock: only the expected revision fences this writer, and once
 * overtaken it stops rather than reload. For the benchmark and for tests that bypass the lock.
 */
export function withoutLock(): Leadership {
  const lost = new AbortController();
  return {
    lost: lost.signal,
    confirm: async () => false,
    release: async () => {
      lost.abort(new Error('released'));
    },
  };
}
