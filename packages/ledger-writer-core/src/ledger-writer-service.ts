import { createPool } from '@ledger/db';
import type { EventStore } from '@ledger/event-store';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import type {
  LedgerSubmission,
  LedgerWriterClient,
  SocketAddress,
  SubmitResult,
} from '@ledger/ledger-client';
import { createInProcessClient, unavailable } from '@ledger/ledger-client';
import type { Logger } from '@ledger/runtime';
import type pg from 'pg';
import { createExpiryWorker, type ExpiryWorker } from './expiry-worker.ts';
import { acquireLeadership, type Leadership } from './leadership.ts';
import { ledgerStream } from './ledger-stream.ts';
import { createLedgerWriter, type LedgerWriter, type StopReason } from './ledger-writer.ts';
import { leaderHeartbeatMs, leaderRetryMs, retryAfterMs } from './limits.ts';
import { type SocketServer, startSocketServer } from './transport/socket-server.ts';
import type { WriterSettings } from './writer-settings.ts';

export type LedgerWriterServiceOptions = {
  databaseUrl: string;
  logger: Logger;
  /** The local transport for a write API in another process; omit for in-process use only. */
  listen?: SocketAddress;
  /** Service time zone for limit days (default Asia/Seoul). */
  timeZone?: string;
  /** Run the hold expiry worker (default true). */
  runExpiry?: boolean;
  settings?: Partial<WriterSettings>;
  nowMs?: () => number;
  poolSizeMax?: number;
};

export type LedgerWriterService = {
  /** Submits to the writer while this process leads; Unavailable('notLeader') while standing by. */
  submit(submission: LedgerSubmission): Promise<SubmitResult>;
  /** `submit` with a callback (the local transport; see LedgerWriter.submitTo). */
  submitTo(submission: LedgerSubmission, reply: (result: SubmitResult) => void): void;
  /** The in-process client (embedded default). */
  client(): LedgerWriterClient;
  /** Where the local transport listens, if it does. */
  readonly address: SocketAddress | undefined;
  /** Resolves once this process leads and the writer has loaded. */
  readonly leading: Promise<void>;
  writer(): LedgerWriter | undefined;
  /** Resolves when the service has ended: by stop() ('requested') or because its writer stopped. */
  readonly ended: Promise<StopReason>;
  stop(): Promise<void>;
};

type Parts = {
  pool: pg.Pool;
  /** The writer's command-outcome rows (outcome-writer.ts), on a connection of their own. */
  outcomePool: pg.Pool;
  store: EventStore;
  server: SocketServer | undefined;
  leadership: Leadership | undefined;
  writer: LedgerWriter | undefined;
  expiry: ExpiryWorker | undefined;
};

/**
 * The writer process: the transport comes up at once (answering notLeader while standing by),
 * then the leader lock, then snapshot + fold, then the writer (which writes its own command-outcome
 * rows) and the expiry worker. A writer that stops by itself ends the service, so the process
 * exits and its supervisor starts a fresh one that reads the truth from the log.
 */
export async function startLedgerWriterService(
  options: LedgerWriterServiceOptions,
): Promise<LedgerWriterService> {
  const { logger } = options;
  const pool = createPool({
    url: options.databaseUrl,
    poolSizeMax: options.poolSizeMax ?? 8,
    applicationName: 'ledger-writer',
  });
  const parts: Parts = {
    pool,
    outcomePool: createPool({
      url: options.databaseUrl,
      poolSizeMax: 1,
      applicationName: 'ledger-outcomes',
    }),
    store: createPostgresEventStore({ pool }),
    server: undefined,
    leadership: undefined,
    writer: undefined,
    expiry: undefined,
  };
  const stopping = new AbortController();
  let resolveEnded: (reason: StopReason) => void = () => {};
  const ended = new Promise<StopReason>((resolve) => {
    resolveEnded = resolve;
  });
  const submit = (submission: LedgerSubmission): Promise<SubmitResult> =>
    parts.writer?.submit(submission) ??
    Promise.resolve(unavailable(stopping.signal.aborted ? 'stopped' : 'notLeader', retryAfterMs));
  const submitTo = (submission: LedgerSubmission, reply: (result: SubmitResult) => void): void => {
    const { writer } = parts;
    if (writer !== undefined) writer.submitTo(submission, reply);
    else reply(unavailable(stopping.signal.aborted ? 'stopped' : 'notLeader', retryAfterMs));
  };
  if (options.listen) {
    parts.server = await startSocketServer({
      address: options.listen,
      target: { submit, submitTo },
      status: () => ({ leading: parts.writer !== undefined, ...parts.writer?.stats() }),
      logger,
    });
  }
  let stopped: Promise<void> | undefined;
  let leadingStep: Promise<void> = Promise.resolve();
  const stop = (reason: StopReason): Promise<void> => {
    stopped ??= (async () => {
      stopping.abort();
      // The leadership step may still be taking the lock or loading the ledger: it sees the abort,
      // stops the writer it built and returns; only then are the pools and the lock session closed,
      // so nothing it holds outlives the stop and nothing it does fails on a closed pool.
      await leadingStep.catch(() => undefined);
      await shutDown(parts);
      resolveEnded(reason);
    })();
    return stopped;
  };
  const leading = lead(options, parts, stopping.signal, stop);
  leadingStep = leading;
  leading.catch((error: unknown) => {
    if (stopping.signal.aborted) {
      logger.warn('ledger writer start ended by the stop', { error: String(error) });
      return;
    }
    logger.error('ledger writer failed to start', { error: String(error) });
    void stop('fault');
  });
  return {
    submit,
    submitTo,
    client: () => createInProcessClient({ submit }),
    address: parts.server?.address,
    leading,
    writer: () => parts.writer,
    ended,
    stop: () => stop('requested'),
  };
}

async function lead(
  options: LedgerWriterServiceOptions,
  parts: Parts,
  signal: AbortSignal,
  stop: (reason: StopReason) => Promise<void>,
): Promise<void> {
  const { logger } = options;
  const leadership = await acquireLeadership({
    url: options.databaseUrl,
    lockName: `ledger-writer:${ledgerStream}`,
    logger,
    signal,
    retryMs: leaderRetryMs,
    heartbeatMs: leaderHeartbeatMs,
  });
  if (leadership === undefined) return;
  // Released by the stop's shutdown, which waits for this step.
  parts.leadership = leadership;
  if (signal.aborted) return;
  logger.info('leading the ledger');
  const writerOptions: Parameters<typeof createLedgerWriter>[0] = {
    store: parts.store,
    pool: parts.pool,
    outcomePool: parts.outcomePool,
    leadership,
    logger,
  };
  if (options.timeZone) writerOptions.timeZone = options.timeZone;
  if (options.settings) writerOptions.settings = options.settings;
  if (options.nowMs) writerOptions.nowMs = options.nowMs;
  const writer = await createLedgerWriter(writerOptions);
  if (signal.aborted) {
    await writer.stop();
    return;
  }
  parts.writer = writer;
  void writer.stopped.then((reason) => {
    if (reason !== 'requested') void stop(reason);
  });
  if (options.runExpiry !== false) parts.expiry = createExpiryWorker({ writer, logger });
}

async function shutDown(parts: Parts): Promise<void> {
  await parts.expiry?.stop();
  await parts.writer?.stop();
  parts.writer = undefined;
  await parts.server?.close();
  await parts.leadership?.release();
  await parts.store.close();
  await parts.pool.end();
  await parts.outcomePool.end();
}
