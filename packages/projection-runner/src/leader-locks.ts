import type { Logger } from '@ledger/runtime';
import { CompiledQuery, type Kysely } from 'kysely';
import pg from 'pg';

/**
 * One database session that holds session-level advisory locks. Postgres releases them when the
 * session ends, so a crashed or partitioned leader loses its locks without any lease timeout.
 * Needs a direct connection: PgBouncer in transaction mode breaks session locks (guide §4.6).
 */
export type LockSession = {
  query(text: string, values: readonly unknown[]): Promise<Record<string, unknown>[]>;
  /** Aborted when the session is gone (error, end, failed heartbeat). */
  readonly lost: AbortSignal;
  close(): Promise<void>;
};

export type LockSessionFactory = () => Promise<LockSession>;

/**
 * One statement at a time on a session's connection: the runners of a process share it and ask
 * for their locks together, and a `pg` connection must not be given a query while another is
 * under way (deprecated in pg 8, refused in pg 9). A failed statement does not stop the next.
 */
function oneAtATime<Result>(
  run: (text: string, values: unknown[]) => Promise<Result>,
): (text: string, values: readonly unknown[]) => Promise<Result> {
  let tail: Promise<unknown> = Promise.resolve();
  return (text, values) => {
    const next = tail.then(() => run(text, [...values]));
    tail = next.catch(() => undefined);
    return next;
  };
}

/** A dedicated `pg.Client` (the projector's own connection, outside any pool). */
export function clientLockSessions(connectionString: string): LockSessionFactory {
  return async () => {
    const client = new pg.Client({
      connectionString,
      keepAlive: true,
      application_name: 'projector-leader',
    });
    const lost = new AbortController();
    const markLost = (reason: unknown) => lost.abort(reason);
    client.on('error', markLost);
    client.on('end', () => markLost(new Error('leader connection ended')));
    await client.connect();
    return {
      query: oneAtATime(async (text, values) => (await client.query(text, values)).rows),
      lost: lost.signal,
      close: async () => {
        lost.abort(new Error('closed'));
        await client.end().catch(() => undefined);
      },
    };
  };
}

/**
 * A connection pinned from a kysely pool, for callers that only have `db`. Its loss is noticed by
 * the heartbeat; on close the locks are released explicitly, since the connection goes back to
 * the pool rather than away.
 */
export function pooledLockSessions<DB>(db: Kysely<DB>): LockSessionFactory {
  return () =>
    new Promise<LockSession>((resolve, reject) => {
      const lost = new AbortController();
      let release: () => void = () => {};
      const held = new Promise<void>((done) => {
        release = done;
      });
      db.connection()
        .execute(async (connection) => {
          resolve({
            query: oneAtATime(
              async (text, values) =>
                (
                  await connection.executeQuery<Record<string, unknown>>(
                    CompiledQuery.raw(text, values),
                  )
                ).rows,
            ),
            lost: lost.signal,
            close: async () => {
              await connection
                .executeQuery(CompiledQuery.raw('SELECT pg_advisory_unlock_all()', []))
                .catch(() => {});
              lost.abort(new Error('closed'));
              release();
            },
          });
          await held;
        })
        .catch((error: unknown) => {
          lost.abort(error);
          reject(error);
        });
    });
}

/** Leadership of one key; `lost` aborts when the session holding it dies. */
export type Leadership = { readonly lost: AbortSignal; release(): Promise<void> };

export type LeaderLocksOptions = { heartbeatMs?: number; logger?: Logger };

/**
 * The advisory locks of one process, all on one session: one connection however many
 * projections run here. A failed heartbeat or a dropped connection ends every leadership at once;
 * the next `tryAcquire` opens a new session.
 */
export class LeaderLocks {
  #factory: LockSessionFactory;
  #heartbeatMs: number;
  #logger: Logger | undefined;
  #session: Promise<LockSession> | undefined;
  #held = new Map<string, AbortController>();
  #heartbeat: NodeJS.Timeout | undefined;

  constructor(factory: LockSessionFactory, options: LeaderLocksOptions = {}) {
    this.#factory = factory;
    this.#heartbeatMs = options.heartbeatMs ?? 5_000;
    this.#logger = options.logger;
  }

  /** Leadership of `key`, or undefined when another session holds it. */
  async tryAcquire(key: string): Promise<Leadership | undefined> {
    if (this.#held.has(key)) throw new RangeError(`${key} is already held by this process`);
    const session = await this.#currentSession();
    const rows = await session.query(
      'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS acquired',
      [lockName(key)],
    );
    if (rows[0]?.acquired !== true) return undefined;
    const controller = new AbortController();
    if (session.lost.aborted) controller.abort(session.lost.reason);
    this.#held.set(key, controller);
    return {
      lost: controller.signal,
      release: async () => {
        if (this.#held.get(key) !== controller) return;
        this.#held.delete(key);
        controller.abort(new Error('released'));
        if (!session.lost.aborted) {
          await session
            .query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [lockName(key)])
            .catch(() => {});
        }
      },
    };
  }

  async close(): Promise<void> {
    clearInterval(this.#heartbeat);
    const session = this.#session;
    this.#session = undefined;
    for (const controller of this.#held.values()) controller.abort(new Error('closed'));
    this.#held.clear();
    if (session) await (await session.catch(() => undefined))?.close();
  }

  #currentSession(): Promise<LockSession> {
    if (!this.#session) {
      const opening = this.#factory().then((session) => {
        session.lost.addEventListener('abort', () => this.#onLost(opening, session.lost.reason), {
          once: true,
        });
        return session;
      });
      opening.catch(() => {
        if (this.#session === opening) this.#session = undefined;
      });
      this.#session = opening;
      this.#startHeartbeat();
    }
    return this.#session;
  }

  #onLost(session: Promise<LockSession>, reason: unknown): void {
    if (this.#session !== session) return;
    this.#session = undefined;
    if (this.#held.size > 0) this.#logger?.warn('leader session lost', { error: String(reason) });
    for (const controller of this.#held.values()) controller.abort(reason);
    this.#held.clear();
  }

  #startHeartbeat(): void {
    if (this.#heartbeat) return;
    this.#heartbeat = setInterval(() => void this.#beat(), this.#heartbeatMs);
    this.#heartbeat.unref();
  }

  async #beat(): Promise<void> {
    const opening = this.#session;
    const session = await opening?.catch(() => undefined);
    if (!opening || !session || session.lost.aborted) return;
    try {
      await session.query('SELECT 1', []);
    } catch (error) {
      this.#onLost(opening, error);
      await session.close().catch(() => {});
    }
  }
}

function lockName(key: string): string {
  return `projection-leader:${key}`;
}
