import pg from 'pg';

/** One subscription's doorbell: rung by local appends and by NOTIFY from other processes. */
export type Waiter = {
  /** Resolves when rung (also if rung since the last wait), after `ms`, or on abort. */
  wait(ms: number, signal: AbortSignal): Promise<'rung' | 'timeout' | 'aborted'>;
  dispose(): void;
};

export type WakeUps = {
  register(): Waiter;
  /** Appends committed: ring local waiters now, and other processes through NOTIFY. */
  announce(): void;
  /** Whether NOTIFY wake-ups currently arrive (else subscriptions poll more often). */
  listening(): boolean;
  close(): Promise<void>;
};

export type WakeUpOptions = {
  pool: pg.Pool;
  channel: string;
  /** LISTEN/NOTIFY on; off leaves local wake-ups and polling. */
  notify: boolean;
};

type Bell = { rung: boolean; ring?: (() => void) | undefined };

const reconnectDelayMs = 1_000;
const notifyStatement = "SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, '')";
const minNotifyIntervalMs = 5;

/**
 * Wake-ups are hints only: subscribers find events by polling the gap-free query, so a lost or
 * early notification costs latency, never an event. NOTIFY is sent as its own autocommit
 * statement after the append committed, never inside it: a transaction with a pending NOTIFY takes
 * a global lock at commit (guide §4.6).
 */
export function createWakeUps(options: WakeUpOptions): WakeUps {
  const bells = new Set<Bell>();
  const ringAll = () => {
    for (const bell of bells) {
      bell.rung = true;
      bell.ring?.();
    }
  };
  const listener = createListener(options, ringAll, () => bells.size > 0);
  const notifier = createNotifier(options);
  return {
    register() {
      const bell: Bell = { rung: false };
      bells.add(bell);
      listener.start();
      return {
        wait: (ms, signal) => waitForBell(bell, ms, signal),
        dispose: () => {
          bells.delete(bell);
          bell.ring?.();
        },
      };
    },
    announce() {
      ringAll();
      notifier.send();
    },
    listening: () => listener.connected(),
    async close() {
      ringAll();
      await notifier.close();
      await listener.close();
    },
  };
}

/**
 * One LISTEN connection per store, outside the pool (a pooled session would hand the LISTEN to
 * whoever borrows it next). Reconnects after a drop while anyone waits, and rings everyone when
 * it is back, since announcements sent meanwhile were lost.
 */
function createListener(options: WakeUpOptions, ring: () => void, wanted: () => boolean) {
  let client: pg.Client | undefined;
  let connected = false;
  let closed = false;
  let reconnect: ReturnType<typeof setTimeout> | undefined;

  async function start(): Promise<void> {
    if (!options.notify || closed || client) return;
    const current = new pg.Client(options.pool.options);
    client = current;
    const drop = () => {
      if (client !== current) return;
      client = undefined;
      connected = false;
      void current.end().catch(() => {});
      if (!closed && wanted()) reconnect ??= setTimeout(retry, reconnectDelayMs);
    };
    current.on('error', drop);
    current.on('end', drop);
    current.on('notification', ring);
    try {
      await current.connect();
      await current.query(`LISTEN ${pg.escapeIdentifier(options.channel)}`);
      if (client !== current) return;
      connected = true;
      ring();
    } catch {
      drop();
    }
  }

  function retry(): void {
    reconnect = undefined;
    void start();
  }

  return {
    start: () => void start(),
    connected: () => connected,
    async close() {
      closed = true;
      if (reconnect) clearTimeout(reconnect);
      const current = client;
      client = undefined;
      connected = false;
      await current?.end().catch(() => {});
    },
  };
}

/**
 * NOTIFY after commits, coalesced: one statement in flight, and the next no sooner than
 * `minNotifyIntervalMs` after the previous one started, carrying every commit made meanwhile.
 * Under group commit there is a flush every millisecond or two; a NOTIFY for each cost the
 * appending process a round trip per flush, for wake-ups a few milliseconds apart serve as well.
 */
function createNotifier(options: WakeUpOptions) {
  let sending: Promise<void> | undefined;
  let again = false;
  let closed = false;

  async function loop(): Promise<void> {
    try {
      do {
        again = false;
        const started = Date.now();
        // A hint need not be durable: no WAL flush wait for this tiny transaction. A named
        // statement, parsed and planned once per connection: as an unnamed one it cost the
        // backend 80-110 µs per NOTIFY, named 48-70 (docs/adr/0017, fifth pass).
        await options.pool.query({
          name: 'es_notify',
          text: notifyStatement,
          values: [options.channel],
        });
        const wait = minNotifyIntervalMs - (Date.now() - started);
        if (again && wait > 0 && !closed) await new Promise((resolve) => setTimeout(resolve, wait));
      } while (again && !closed);
    } catch {
      // Subscribers elsewhere fall back to polling.
    } finally {
      sending = undefined;
    }
  }

  return {
    send(): void {
      if (!options.notify || closed) return;
      if (sending) {
        again = true;
        return;
      }
      sending = loop();
    },
    async close(): Promise<void> {
      closed = true;
      await sending;
    },
  };
}

function waitForBell(
  bell: Bell,
  ms: number,
  signal: AbortSignal,
): Promise<'rung' | 'timeout' | 'aborted'> {
  if (signal.aborted) return Promise.resolve('aborted');
  if (bell.rung) {
    bell.rung = false;
    return Promise.resolve('rung');
  }
  return new Promise((resolve) => {
    const finish = (outcome: 'rung' | 'timeout' | 'aborted') => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      bell.ring = undefined;
      bell.rung = false;
      resolve(outcome);
    };
    const onAbort = () => finish('aborted');
    const timer = setTimeout(() => finish('timeout'), ms);
    signal.addEventListener('abort', onAbort, { once: true });
    bell.ring = () => finish('rung');
  });
}
