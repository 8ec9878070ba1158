import { setTimeout as delay } from 'node:timers/promises';
import type {
  EventStore,
  ExpectedRevision,
  GlobalPosition,
  RecordedEvent,
} from '@ledger/event-store';
import { initialState, type LedgerState } from '@ledger/ledger';
import type { LedgerSubmission, SubmitResult, UnavailableReason } from '@ledger/ledger-client';
import { commandKey, hashBodyText, sortedJson, unavailable } from '@ledger/ledger-client';
import type { Logger } from '@ledger/runtime';
import type pg from 'pg';
import { answerFromEvents } from './answers.ts';
import { type AppendFate, learnAppendFate } from './append-fate.ts';
import {
  type DecidedBatch,
  type DecidedCommand,
  decideInto,
  emptyBatch,
  type Waiting,
} from './batch.ts';
import {
  forEachOutcomeKey,
  lookUpOutcomes,
  type StoredOutcome,
} from './command-outcome-projection.ts';
import { fault, hasFaultHook } from './faults.ts';
import { HoldExpiryIndex } from './hold-expiry-index.ts';
import { KeyFilter, keyHashOf } from './key-filter.ts';
import type { Leadership } from './leadership.ts';
import { lastDecidedAt, loadLedger } from './ledger-loader.ts';
import { ledgerStream } from './ledger-stream.ts';
import {
  actorLengthMax,
  commandIdLengthMax,
  metadataFieldLengthMax,
  slowStageMs,
} from './limits.ts';
import { type OutcomeRecord, OutcomeWindow } from './outcome-window.ts';
import { OutcomeWriter } from './outcome-writer.ts';
import { saveSnapshot, takeSnapshot } from './snapshots.ts';
import { SubmissionQueue } from './submission-queue.ts';
import { createWriterClock, type WriterClock } from './writer-clock.ts';
import { defaultWriterSettings, type WriterSettings } from './writer-settings.ts';

export type LedgerWriterOptions = {
  store: EventStore;
  /** For the command-outcome lookups and the snapshots (the same database as the store). */
  pool: pg.Pool;
  /** For the command-outcome rows written after each commit (default `pool`). */
  outcomePool?: pg.Pool;
  leadership: Leadership;
  logger: Logger;
  /** The ledger stream (default `ledger`). */
  stream?: string;
  /** The service time zone that limit days are counted in (default Asia/Seoul). */
  timeZone?: string;
  /** The clock (default Date.now); tests pass a controllable one. */
  nowMs?: () => number;
  settings?: Partial<WriterSettings>;
  /** Start from a full fold, ignoring snapshots (tests, audits). */
  ignoreSnapshots?: boolean;
};

/** Why a writer stopped. Only 'requested' is a normal end; the others want a restart. */
export type StopReason =
  | 'requested'
  | 'leadershipLost'
  /** Another writer appended: this one is not the leader any more. */
  | 'overtaken'
  /** It could not learn whether an append committed; a restart reads the answer from the log. */
  | 'indeterminate'
  /** The state failed an invariant on reload: a bug, nothing more is written. */
  | 'fault'
  | 'reloadLoop'
  | 'duplicateEventIds';

export type WriterStats = {
  revision: number;
  batches: number;
  commands: number;
  events: number;
  rejections: number;
  replays: number;
  keysReused: number;
  faults: number;
  reloads: number;
  snapshots: number;
  queueLength: number;
  windowSize: number;
  /** Stages of the loop longer than `slowStageMs` (each one logged as a warning). */
  slowStages: number;
  /**
   * Submissions refused as `overloaded` (the queue full or its oldest waiting past
   * `queueWaitMaxMs`, or the outcome window full): backpressure.
   */
  overloaded: number;
  /** Time spent deciding batches and waiting for appends (per-stage timers). */
  decideMs: number;
  lookupMs: number;
  appendWaitMs: number;
  /** Time inside the store's `append` call before it returns (its synchronous preparation). */
  appendPrepareMs: number;
  /**
   * Time in the store's `prepare` of each decided batch (canonical JSON, content hashes, the
   * packed parameters), done while the previous append is in flight, off the serial path.
   */
  prepareAheadMs: number;
  /** Wall time with an append in flight (issued, not yet settled). */
  appendInFlightMs: number;
  /** From a commit to the next append's issue, summed over appends whose batch was already decided. */
  commitToNextAppendMs: number;
  /** Command-outcome rows written after commits (statements, rows, the revision written up to). */
  outcomeStatements: number;
  outcomeRows: number;
  outcomeFailures: number;
  outcomeConflicts: number;
  outcomesRevision: number;
  /** Rows of committed commands not written yet. */
  outcomeBacklog: number;
  /** Wall time with an outcome statement in flight. */
  outcomeInFlightMs: number;
};

export type WriterStatus = 'running' | 'stopping' | 'stopped';

export type LedgerWriter = {
  /** Queues a command; resolves once it is durable (or refused). Never rejects. */
  submit(submission: LedgerSubmission): Promise<SubmitResult>;
  /**
   * `submit` with a callback instead of a promise (the local transport: no promise and no
   * microtask per command). `reply` is called exactly once, possibly before this returns.
   */
  submitTo(submission: LedgerSubmission, reply: (result: SubmitResult) => void): void;
  /** Stops taking commands, finishes the append in flight, writes a snapshot. */
  stop(): Promise<StopReason>;
  /** Resolves when the writer has stopped, by request or by itself. */
  readonly stopped: Promise<StopReason>;
  status(): WriterStatus;
  stats(): WriterStats;
  /** Open holds whose expiresAt has passed (the expiry worker). */
  holdsDue(countMax: number): string[];
  /** The committed ledger state; read only, and only between batches (tests, auditor). */
  state(): LedgerState;
};

/** Loads the ledger (snapshot + fold) and starts the writer loop. */
export async function createLedgerWriter(options: LedgerWriterOptions): Promise<LedgerWriter> {
  const writer = new Writer(options);
  await writer.load();
  writer.start();
  return {
    submit: (submission) => writer.submit(submission),
    submitTo: (submission, reply) => writer.submitTo(submission, reply),
    stop: () => writer.requestStop('requested'),
    stopped: writer.stopped,
    status: () => writer.status,
    stats: () => writer.stats(),
    holdsDue: (countMax) => writer.holdsDue(countMax),
    state: () => writer.ledgerState,
  };
}

type InFlight = {
  batch: DecidedBatch;
  expected: ExpectedRevision;
  outcome: 'pending' | 'committed' | 'failed';
  error: unknown;
  settled: Promise<void>;
};

/**
 * The one writer loop (DESIGN.md §3): take what is queued, look up unknown ids once, decide and
 * evolve each command in order, then append the batch at the exact revision once the previous
 * append has committed. Deciding batch n+1 overlaps batch n's commit; appends never overlap.
 */
class Writer {
  readonly stopped: Promise<StopReason>;
  status: WriterStatus = 'running';
  #options: LedgerWriterOptions;
  #settings: WriterSettings;
  #logger: Logger;
  #stream: string;
  #clock: WriterClock;
  #state: LedgerState = initialState();
  #window: OutcomeWindow;
  /** Every key in the window or the projection is in it (no false negatives); see key-filter.ts. */
  #keyFilter: KeyFilter | undefined;
  #expiries = new HoldExpiryIndex();
  #queue = new SubmissionQueue<Waiting>();
  #committed: {
    revision: number;
    lastEventId: string | undefined;
    position: GlobalPosition | undefined;
  } = {
    revision: -1,
    lastEventId: undefined,
    position: undefined,
  };
  #revisionDecided = -1;
  #snapshotRevision = -1;
  #inFlight: InFlight | undefined;
  #stopReason: StopReason | undefined;
  #stopRequested = new AbortController();
  #resolveStopped: (reason: StopReason) => void = () => {};
  #reloadTimes: number[] = [];
  #duplicateSeen = false;
  #outcomes: OutcomeWriter;
  #stats = {
    batches: 0,
    commands: 0,
    events: 0,
    rejections: 0,
    replays: 0,
    keysReused: 0,
    faults: 0,
    reloads: 0,
    snapshots: 0,
    slowStages: 0,
    overloaded: 0,
    decideMs: 0,
    lookupMs: 0,
    appendWaitMs: 0,
    appendPrepareMs: 0,
    prepareAheadMs: 0,
    appendInFlightMs: 0,
    commitToNextAppendMs: 0,
  };
  /** Committed batches not answered yet (see #answerSoon), in commit order. */
  #answersDue: { batch: DecidedBatch; position: GlobalPosition }[] = [];
  #answersScheduled = false;
  /** When the last append committed, while a decided batch waited for it (-1: none did). */
  #committedAt = -1;

  constructor(options: LedgerWriterOptions) {
    this.#options = options;
    this.#settings = { ...defaultWriterSettings, ...options.settings };
    this.#logger = options.logger;
    this.#stream = options.stream ?? ledgerStream;
    const clockOptions: Parameters<typeof createWriterClock>[0] = {
      timeZone: options.timeZone ?? 'Asia/Seoul',
    };
    if (options.nowMs) clockOptions.nowMs = options.nowMs;
    this.#clock = createWriterClock(clockOptions);
    this.#window = this.#newWindow();
    this.#outcomes = new OutcomeWriter({
      pool: options.outcomePool ?? options.pool,
      logger: this.#logger,
      // The table holds every command up to `revision`: the window may let them go.
      onWritten: (revision) => this.#window.setProjectedRevision(revision),
    });
    this.stopped = new Promise((resolve) => {
      this.#resolveStopped = resolve;
    });
  }

  get ledgerState(): LedgerState {
    return this.#state;
  }

  async load(): Promise<void> {
    const window = this.#newWindow();
    const loaded = await loadLedger({
      store: this.#options.store,
      pool: this.#options.pool,
      stream: this.#stream,
      window,
      logger: this.#logger,
      ignoreSnapshots: this.#options.ignoreSnapshots ?? false,
    });
    // After loadLedger read the table's progress: every key up to it is in the table now, and
    // every later one was folded into the window (and is written by the repair below).
    const keyFilter = this.#settings.outcomeKeyFilter
      ? await this.#loadKeyFilter(window)
      : undefined;
    // The clock starts no earlier than the ledger's newest instant (a predecessor's clock ahead
    // of ours, or ours stepped back): the log's times never go back.
    const decidedAt = await lastDecidedAt(this.#options.store, this.#stream);
    if (decidedAt !== undefined) {
      const decidedMs = Date.parse(decidedAt);
      const systemMs = (this.#options.nowMs ?? Date.now)();
      if (decidedMs > systemMs + 1_000) {
        this.#logger.warn('ledger writer: the ledger is ahead of this clock', {
          decidedAt,
          aheadMs: decidedMs - systemMs,
        });
      }
      this.#clock.advanceTo(decidedMs);
    }
    this.#state = loaded.state;
    this.#window = window;
    this.#keyFilter = keyFilter;
    this.#committed = {
      revision: loaded.revision,
      lastEventId: loaded.lastEventId,
      position: loaded.position,
    };
    this.#revisionDecided = loaded.revision;
    this.#snapshotRevision = loaded.snapshotRevision;
    this.#expiries = HoldExpiryIndex.fromState(loaded.state);
    // The repair: rows of the commands committed after the progress row (a crash between a
    // commit and its outcome statement, or a failed statement), written before any later batch's.
    this.#outcomes.reset(loaded.outcomesMissing, loaded.outcomesRevision);
    this.#logger.info('ledger loaded', {
      revision: loaded.revision,
      snapshotRevision: loaded.snapshotRevision,
      snapshotsSkipped: loaded.snapshotsSkipped,
      outcomesInMemory: window.size,
      outcomesMissing: loaded.outcomesMissing.length,
      keysInFilter: keyFilter?.size,
    });
  }

  async #loadKeyFilter(window: OutcomeWindow): Promise<KeyFilter> {
    const keys: string[] = [];
    await forEachOutcomeKey(this.#options.pool, (key) => keys.push(key));
    const filter = new KeyFilter({
      capacity: Math.max(1_048_576, 2 * (keys.length + window.size)),
    });
    for (const key of keys) filter.add(key);
    for (const key of window.keys()) filter.add(key);
    return filter;
  }

  start(): void {
    this.#options.leadership.lost.addEventListener(
      'abort',
      () => this.#stopWith('leadershipLost'),
      {
        once: true,
      },
    );
    if (this.#options.leadership.lost.aborted) this.#stopWith('leadershipLost');
    void this.#run().then(
      () => this.#resolveStopped(this.#stopReason ?? 'requested'),
      (error: unknown) => {
        this.#logger.error('ledger writer loop failed', { error: String(error) });
        this.#resolveStopped('fault');
      },
    );
  }

  submit(submission: LedgerSubmission): Promise<SubmitResult> {
    return new Promise((resolve) => this.submitTo(submission, resolve));
  }

  submitTo(submission: LedgerSubmission, reply: (result: SubmitResult) => void): void {
    if (this.#stopReason !== undefined) {
      reply(this.#unavailable(this.#refusalReason()));
      return;
    }
    const invalid = invalidField(submission);
    if (invalid !== undefined) {
      reply({ kind: 'InvalidSubmission', field: invalid });
      return;
    }
    const queuedAt = performance.now();
    const oldest = this.#queue.peek();
    if (
      this.#queue.length >= this.#settings.queueCommandsMax ||
      this.#window.isFull() ||
      (oldest !== undefined && queuedAt - oldest.queuedAt > this.#settings.queueWaitMaxMs)
    ) {
      this.#stats.overloaded += 1;
      reply(this.#unavailable('overloaded'));
      return;
    }
    // With the caller's own body hash only the length is needed: JSON.stringify writes the same
    // members as sortedJson (in another order), so the same number of characters, at a third of
    // the cost.
    let bodyHash = submission.bodyHash;
    let bodyBytes: number;
    if (bodyHash === undefined) {
      const body = sortedJson(submission.command);
      bodyHash = hashBodyText(body);
      bodyBytes = body.length;
    } else {
      bodyBytes = (JSON.stringify(submission.command) ?? '').length;
    }
    const key = commandKey(submission.actor, submission.commandId);
    this.#queue.push({
      submission,
      key,
      keyHash: undefined,
      bodyHash,
      bodyBytes,
      queuedAt,
      resolve: reply,
    });
    fault('command-queued');
  }

  requestStop(reason: StopReason): Promise<StopReason> {
    this.#stopWith(reason);
    return this.stopped;
  }

  stats(): WriterStats {
    const outcomes = this.#outcomes.stats();
    return {
      ...this.#stats,
      outcomeStatements: outcomes.statements,
      outcomeRows: outcomes.rows,
      outcomeFailures: outcomes.failures,
      outcomeConflicts: outcomes.conflicts,
      outcomesRevision: outcomes.revisionWritten,
      outcomeBacklog: this.#outcomes.backlog,
      outcomeInFlightMs: outcomes.inFlightMs,
      revision: this.#committed.revision,
      queueLength: this.#queue.length,
      windowSize: this.#window.size,
    };
  }

  holdsDue(countMax: number): string[] {
    if (this.#stopReason !== undefined) return [];
    const { now } = this.#clock.read();
    return this.#expiries.due(now, countMax, (holdId) => this.#state.holdsOpen.has(holdId));
  }

  // ---- The loop -------------------------------------------------------------------------------

  async #run(): Promise<void> {
    while (this.#stopReason === undefined) {
      if (this.#queue.length === 0) {
        await this.#idle();
        continue;
      }
      const deciding = performance.now();
      const batch = await this.#decideBatch();
      // A slow wait for the append in flight that follows is logged as that append (#startAppend).
      this.#warnIfSlow('decide', performance.now() - deciding, batch);
      if (!(await this.#settlePrevious(batch))) continue;
      if (batch.fault !== undefined) {
        this.#discard(batch);
        await this.#reload();
        continue;
      }
      if (batch.commands.length === 0) {
        this.#answerDue();
        continue;
      }
      this.#startAppend(batch);
      // The previous batch's answers go out after this append was sent (#answerSoon).
      this.#scheduleAnswers();
      if (batch.revisionLast - this.#snapshotRevision >= this.#settings.snapshotEveryEvents) {
        await this.#snapshotOnceCommitted();
      }
    }
    await this.#finish();
  }

  async #idle(): Promise<void> {
    const inFlight = this.#inFlight;
    const { signal } = this.#stopRequested;
    if (!signal.aborted) {
      // Until a command arrives, the append in flight settles, or a stop is asked. Not a
      // `Promise.race` with a promise that settles only at stop: each race left a reaction on it
      // until the writer stopped, ~0.4 promises kept per command, a heap that grew ~57 bytes per
      // command and full collections that grew with it (docs/performance.md, "Seventh pass").
      let wake: () => void = () => {};
      await new Promise<void>((resolve) => {
        wake = resolve;
        signal.addEventListener('abort', wake, { once: true });
        void this.#queue.whenNotEmpty().then(wake);
        void inFlight?.settled.then(wake);
      });
      signal.removeEventListener('abort', wake);
    }
    if (inFlight !== undefined && inFlight.outcome === 'pending' && this.#queue.length > 0) {
      // Commands arrived while an append is in flight: decide them one turn later. The append's
      // message may not be written yet (a large batch overfills the socket's send buffer, and
      // the rest goes out when the event loop next polls); deciding now would hold its remainder
      // back for the whole decide, with Postgres waiting for it.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (inFlight !== undefined && inFlight.outcome !== 'pending' && this.#inFlight === inFlight) {
      this.#inFlight = undefined;
      this.#answerDue();
      if (inFlight.outcome === 'failed') await this.#recover(inFlight, undefined);
    }
  }

  /** A stage of the serial path that took longer than `slowStageMs` (limits.ts), logged. */
  #warnIfSlow(stage: string, ms: number, batch: DecidedBatch): void {
    if (ms < slowStageMs) return;
    this.#stats.slowStages += 1;
    this.#logger.warn('ledger writer: slow stage', {
      stage,
      ms: Math.round(ms),
      commands: batch.commands.length,
      events: batch.events.length,
      queued: this.#queue.length,
    });
  }

  /** Waits for the append in flight. False if it failed (recovery ran, `next` was thrown away). */
  async #settlePrevious(next: DecidedBatch): Promise<boolean> {
    const previous = this.#inFlight;
    if (previous === undefined) return true;
    const began = performance.now();
    await previous.settled;
    this.#stats.appendWaitMs += performance.now() - began;
    this.#inFlight = undefined;
    if (previous.outcome === 'committed') {
      if (next.commands.length > 0) this.#committedAt = performance.now();
      return true;
    }
    await this.#recover(previous, next);
    return false;
  }

  async #decideBatch(): Promise<DecidedBatch> {
    const taken = this.#queue.take(this.#batchCountNow());
    let stored: Map<string, StoredOutcome>;
    try {
      stored = await this.#lookUpUnknown(taken);
    } catch (error) {
      // The database is unreachable: nothing was decided; try again shortly.
      this.#logger.warn('command-outcome lookup failed', { error: String(error) });
      this.#queue.unshift(taken);
      await delay(50);
      return emptyBatch(this.#revisionDecided);
    }
    const began = performance.now();
    const batch = this.#decideTaken(taken, stored);
    const decided = performance.now();
    this.#stats.decideMs += decided - began;
    if (batch.commands.length > 0) {
      this.#prepareAhead(batch);
      this.#stats.prepareAheadMs += performance.now() - decided;
      fault('batch-decided');
    }
    return batch;
  }

  /**
   * The store's per-event work for the batch's append (canonical JSON, content hashes, the packed
   * parameters), done now, while the previous batch's append is in flight, rather than inside
   * `append` between that commit and this append. The prepared value is the same events, so the
   * append, an identical retry after a failure (§5) and any store wrapper take it unchanged.
   * Should the store refuse the events, they stay plain: `append` then refuses them the same way,
   * and the failure path handles it as before.
   */
  #prepareAhead(batch: DecidedBatch): void {
    const { store } = this.#options;
    if (store.prepare === undefined || batch.fault !== undefined) return;
    try {
      batch.events = store.prepare(batch.events);
    } catch (error) {
      this.#logger.warn('the store refused to prepare a batch', { error: String(error) });
    }
  }

  /**
   * With an append in flight, everything queued (up to the cap) is decided while it commits. With
   * none, only half is taken: the other half is then decided while the first commits, so a closed
   * loop of clients settles into two alternating batches that overlap instead of one that cannot.
   */
  #batchCountNow(): number {
    const appending = this.#inFlight?.outcome === 'pending';
    const queued = this.#queue.length;
    const count = appending ? queued : Math.ceil(queued / 2);
    return Math.max(1, Math.min(this.#settings.batchCommandsMax, count));
  }

  #decideTaken(taken: Waiting[], stored: Map<string, StoredOutcome>): DecidedBatch {
    const { epochMs, now } = this.#clock.read();
    const context = {
      state: this.#state,
      now,
      day: this.#clock.dayOf(epochMs),
      bounds: { eventsMax: this.#settings.batchEventsMax, bytesMax: this.#settings.batchBytesMax },
    };
    const batch = emptyBatch(this.#revisionDecided);
    for (let index = 0; index < taken.length; index += 1) {
      const waiting = taken[index] as Waiting;
      if (this.#answerKnown(waiting, stored)) continue;
      const outcome = decideInto(batch, waiting, context);
      if (outcome === 'added') {
        this.#registerPending(batch.commands.at(-1) as DecidedCommand);
      } else if (outcome === 'full' || outcome === 'fault') {
        this.#queue.unshift(taken.slice(outcome === 'full' ? index : index + 1));
        break;
      }
    }
    this.#revisionDecided = batch.revisionLast;
    return batch;
  }

  /**
   * Ids the window does not know and the key filter may have seen, looked up in the
   * command-outcome projection in one query. A key the filter never saw is fresh.
   */
  async #lookUpUnknown(taken: readonly Waiting[]): Promise<Map<string, StoredOutcome>> {
    const unknown = new Map<string, { actor: string; commandId: string }>();
    const filter = this.#keyFilter;
    for (const waiting of taken) {
      // The filter first: a key it never saw is in neither the window nor the projection, and
      // its hashes, kept on the submission, serve the checks and the add that follow.
      if (filter !== undefined) {
        waiting.keyHash ??= keyHashOf(waiting.key);
        if (!filter.mightContainHashed(waiting.keyHash)) continue;
      }
      if (this.#window.get(waiting.key) === undefined) {
        const { actor, commandId } = waiting.submission;
        unknown.set(waiting.key, { actor, commandId });
      }
    }
    if (unknown.size === 0) return new Map();
    const began = performance.now();
    const found = await lookUpOutcomes(this.#options.pool, [...unknown.values()]);
    this.#stats.lookupMs += performance.now() - began;
    return found;
  }

  /** A key seen before: the original answer, a 409, or a wait on the batch deciding it. */
  #answerKnown(waiting: Waiting, stored: Map<string, StoredOutcome>): boolean {
    // Asked again, not remembered from the lookup: an earlier command of this batch may have
    // had the same key. Every key in the window is in the filter (#registerPending).
    const filter = this.#keyFilter;
    if (filter !== undefined) {
      waiting.keyHash ??= keyHashOf(waiting.key);
      if (!filter.mightContainHashed(waiting.keyHash)) return false;
    }
    let record = this.#window.get(waiting.key);
    if (record === undefined) {
      const found = stored.get(waiting.key);
      if (found === undefined) return false;
      record = { ...found, answer: undefined, pending: undefined };
      this.#window.set(waiting.key, record);
    }
    if (record.bodyHash !== waiting.bodyHash) {
      this.#stats.keysReused += 1;
      const { commandId, actor } = waiting.submission;
      waiting.resolve({ kind: 'IdempotencyKeyReused', commandId, actor });
      return true;
    }
    if (record.pending !== undefined) {
      const command = record.pending as DecidedCommand;
      command.followers ??= [];
      command.followers.push(waiting);
      return true;
    }
    this.#stats.replays += 1;
    if (record.answer !== undefined && record.position !== undefined) {
      waiting.resolve({
        kind: 'answered',
        answer: record.answer,
        position: record.position,
        replayed: true,
      });
    } else {
      void this.#replayFromLog(waiting, record);
    }
    return true;
  }

  async #replayFromLog(waiting: Waiting, record: OutcomeRecord): Promise<void> {
    const { store } = this.#options;
    try {
      const events: RecordedEvent[] = [];
      const range = { from: BigInt(record.revisionFirst), maxCount: record.eventCount };
      for await (const event of store.readStream(this.#stream, range)) events.push(event);
      const { actor, commandId } = waiting.submission;
      const answer = answerFromEvents(actor, commandId, events);
      if (answer === undefined) {
        this.#logger.error('an outcome record points at events of another command', { commandId });
        waiting.resolve({ kind: 'WriterFault', message: 'outcome record does not match the log' });
        return;
      }
      const position = record.position ?? events.at(-1)?.position ?? (await store.headPosition());
      waiting.resolve({
        kind: 'answered',
        answer,
        position: position as GlobalPosition,
        replayed: true,
      });
    } catch (error) {
      this.#logger.warn('could not read an original answer from the log', { error: String(error) });
      waiting.resolve(this.#unavailable('indeterminate'));
    }
  }

  /** A fresh key (#answerKnown found it in neither the window nor the projection). */
  #registerPending(command: DecidedCommand): void {
    const { waiting } = command;
    // In the filter before it is in the window, so it is in the filter before it can leave it.
    if (this.#keyFilter !== undefined) {
      waiting.keyHash ??= keyHashOf(waiting.key);
      this.#keyFilter.addHashed(waiting.keyHash);
    }
    command.record = {
      bodyHash: waiting.bodyHash,
      revisionFirst: command.revisionFirst,
      eventCount: command.eventCount,
      position: undefined,
      answer: undefined,
      pending: command,
    };
    this.#window.add(waiting.key, command.record);
  }

  // ---- Append and commit ----------------------------------------------------------------------

  #startAppend(batch: DecidedBatch): void {
    fault('before-append');
    const expected: ExpectedRevision =
      batch.revisionBase < 0
        ? { kind: 'no_stream' }
        : { kind: 'exact', revision: BigInt(batch.revisionBase) };
    const began = performance.now();
    if (this.#committedAt >= 0) {
      this.#stats.commitToNextAppendMs += began - this.#committedAt;
      this.#committedAt = -1;
    }
    const appending = this.#options.store.append(this.#stream, batch.events, { expected });
    const issued = performance.now();
    this.#stats.appendPrepareMs += issued - began;
    if (hasFaultHook()) setImmediate(() => fault('during-append'));
    const inFlight: InFlight = {
      batch,
      expected,
      outcome: 'pending',
      error: undefined,
      settled: Promise.resolve(),
    };
    inFlight.settled = appending.then(
      (result) => {
        const inFlightMs = performance.now() - issued;
        this.#stats.appendInFlightMs += inFlightMs;
        this.#warnIfSlow('append', inFlightMs, batch);
        inFlight.outcome = 'committed';
        this.#answerSoon(batch, result.position);
      },
      (error: unknown) => {
        this.#stats.appendInFlightMs += performance.now() - issued;
        inFlight.outcome = 'failed';
        inFlight.error = error;
      },
    );
    this.#inFlight = inFlight;
  }

  /** The batch is durable: answer every command of it, in order, now. */
  #onCommitted(batch: DecidedBatch, position: GlobalPosition): void {
    this.#answerDue();
    this.#committed = { revision: batch.revisionLast, lastEventId: batch.lastEventId, position };
    this.#answer(batch, position);
  }

  /**
   * The batch is durable; its answers wait for the next turn of the event loop. The loop, which
   * resumes right after this, sends the next decided batch first: answering wakes every client
   * (and in the bench, each one submits its next command), work that would otherwise sit between
   * this commit and the next append, while Postgres has nothing to do (docs/performance.md).
   */
  #answerSoon(batch: DecidedBatch, position: GlobalPosition): void {
    this.#committed = { revision: batch.revisionLast, lastEventId: batch.lastEventId, position };
    this.#answersDue.push({ batch, position });
    // Should the loop be busy elsewhere (a lookup), the answers still go out: two turns later,
    // so after the store's own setImmediate flush of an append the loop issues in this turn.
    setImmediate(() => setImmediate(() => this.#answerDue()));
  }

  /** After the next append was issued: the due answers, after the store's flush of it. */
  #scheduleAnswers(): void {
    if (this.#answersScheduled || this.#answersDue.length === 0) return;
    this.#answersScheduled = true;
    setImmediate(() => {
      this.#answersScheduled = false;
      this.#answerDue();
    });
  }

  /** Answers every committed batch not answered yet, in commit order. */
  #answerDue(): void {
    const due = this.#answersDue;
    if (due.length === 0) return;
    this.#answersDue = [];
    for (const { batch, position } of due) this.#answer(batch, position);
  }

  #answer(batch: DecidedBatch, position: GlobalPosition): void {
    fault('after-commit-before-answer');
    for (const command of batch.commands) {
      const { answer } = command;
      if (command.record === undefined) this.#window.commit(command.waiting.key, position, answer);
      else this.#window.commitRecord(command.waiting.key, command.record, position, answer);
      command.waiting.resolve({ kind: 'answered', answer, position, replayed: false });
      for (const follower of command.followers ?? []) {
        follower.resolve({ kind: 'answered', answer, position, replayed: true });
      }
      if (answer.kind === 'rejected') this.#stats.rejections += 1;
      for (const hold of command.holdsWithExpiry ?? [])
        this.#expiries.add(hold.holdId, hold.expiresAt);
    }
    this.#stats.batches += 1;
    this.#stats.commands += batch.commands.length;
    this.#stats.events += batch.events.length;
    fault('after-answer');
    // Its outcome rows, once the answers' reactions ran (outcome-writer.ts).
    this.#outcomes.addBatch(batch.commands, position, batch.revisionLast);
  }

  // ---- Failure handling -----------------------------------------------------------------------

  /**
   * An append failed. Whatever was decided on top of it is thrown away (its commands go back to
   * the queue); the failed batch's fate is learnt from the head, never guessed, and answered; the
   * state is rebuilt from snapshot + log unless it is exactly the committed one.
   */
  async #recover(failed: InFlight, discarded: DecidedBatch | undefined): Promise<void> {
    this.#inFlight = undefined;
    this.#answerDue();
    if (discarded !== undefined) this.#discard(discarded);
    const fate = await this.#learnFate(failed);
    this.#logger.warn('ledger append failed', { error: String(failed.error), fate: fate.kind });
    switch (fate.kind) {
      case 'committed':
        this.#onCommitted(failed.batch, fate.position as GlobalPosition);
        if (discarded !== undefined) await this.#reload();
        return;
      case 'unknown':
        this.#answerBatch(failed.batch, this.#unavailable('indeterminate'));
        this.#stopWith('indeterminate');
        return;
      case 'duplicate':
        if (this.#duplicateSeen) {
          this.#answerBatch(failed.batch, this.#unavailable('stopped'));
          this.#stopWith('duplicateEventIds');
          return;
        }
        this.#duplicateSeen = true;
        this.#requeue(failed.batch);
        await this.#reload();
        return;
      case 'overtaken':
        await this.#afterOvertaken(failed.batch);
        return;
      case 'refused':
        // The store refused the batch before writing (a bug in what was decided): nothing
        // committed, and deciding the same commands again would be refused again.
        this.#answerBatch(failed.batch, { kind: 'WriterFault', message: String(failed.error) });
        await this.#reload();
        return;
    }
  }

  async #learnFate(failed: InFlight): Promise<AppendFate> {
    const { batch } = failed;
    return learnAppendFate(
      {
        store: this.#options.store,
        stream: this.#stream,
        events: batch.events,
        expected: failed.expected,
        revisionBase: batch.revisionBase,
        revisionLast: batch.revisionLast,
        lastEventId: batch.lastEventId,
      },
      { deadlineMs: performance.now() + this.#settings.recoveryTimeoutMs, logger: this.#logger },
    );
  }

  /** Another writer appended. A leader reloads and decides again; anyone else stops. */
  async #afterOvertaken(batch: DecidedBatch): Promise<void> {
    if (await this.#options.leadership.confirm()) {
      this.#requeue(batch);
      await this.#reload();
      return;
    }
    this.#answerBatch(batch, this.#unavailable('notLeader'));
    this.#stopWith('overtaken');
  }

  /** Puts a batch's commands back at the front of the queue (they were never appended). */
  #requeue(batch: DecidedBatch): void {
    const waiting: Waiting[] = [];
    for (const command of batch.commands) {
      this.#dropPending(command);
      waiting.push(command.waiting, ...(command.followers ?? []));
    }
    this.#queue.unshift(waiting);
  }

  /** A batch decided on a state about to be thrown away: the command that broke it fails. */
  #discard(batch: DecidedBatch): void {
    if (batch.fault !== undefined) {
      this.#stats.faults += 1;
      this.#logger.error('the ledger state failed an invariant; reloading', {
        commandId: batch.fault.waiting.submission.commandId,
        error: String(batch.fault.error),
      });
      batch.fault.waiting.resolve({ kind: 'WriterFault', message: String(batch.fault.error) });
    }
    this.#requeue(batch);
  }

  #answerBatch(batch: DecidedBatch, result: SubmitResult): void {
    for (const command of batch.commands) {
      this.#dropPending(command);
      command.waiting.resolve(result);
      for (const follower of command.followers ?? []) follower.resolve(result);
    }
  }

  #dropPending(command: DecidedCommand): void {
    if (this.#window.get(command.waiting.key)?.pending === command) {
      this.#window.delete(command.waiting.key);
    }
  }

  /** Snapshot + fold again; stops the writer when that keeps failing or finds a broken state. */
  async #reload(): Promise<void> {
    this.#answerDue();
    const nowMs = performance.now();
    this.#reloadTimes = this.#reloadTimes.filter((time) => nowMs - time < 60_000);
    this.#reloadTimes.push(nowMs);
    if (this.#reloadTimes.length > this.#settings.reloadsPerMinuteMax) {
      this.#stopWith('reloadLoop');
      return;
    }
    this.#stats.reloads += 1;
    const deadline = nowMs + this.#settings.recoveryTimeoutMs;
    for (let waitMs = 25; ; waitMs = Math.min(waitMs * 2, 1_000)) {
      try {
        await this.load();
        return;
      } catch (error) {
        if (isAssertion(error) || performance.now() > deadline) {
          this.#logger.error('ledger reload failed; stopping', { error: String(error) });
          this.#stopWith(isAssertion(error) ? 'fault' : 'indeterminate');
          return;
        }
        await delay(waitMs);
      }
    }
  }

  // ---- Snapshots ------------------------------------------------------------------------------

  /** Waits for the batch in flight (giving up one overlap) so the state is exactly the committed one. */
  async #snapshotOnceCommitted(): Promise<void> {
    const inFlight = this.#inFlight;
    if (inFlight === undefined) return;
    await inFlight.settled;
    this.#inFlight = undefined;
    this.#answerDue();
    if (inFlight.outcome === 'failed') {
      await this.#recover(inFlight, undefined);
      return;
    }
    void this.#writeSnapshot();
  }

  async #writeSnapshot(): Promise<void> {
    const { revision, lastEventId, position } = this.#committed;
    if (revision < 0 || lastEventId === undefined || revision <= this.#snapshotRevision) return;
    const snapshot = takeSnapshot(this.#state, { revision, lastEventId, position });
    this.#snapshotRevision = revision;
    try {
      await saveSnapshot(this.#options.pool, this.#stream, snapshot, this.#settings.snapshotsKept);
      this.#stats.snapshots += 1;
    } catch (error) {
      this.#logger.warn('snapshot not saved', { revision, error: String(error) });
    }
  }

  // ---- Stopping -------------------------------------------------------------------------------

  #stopWith(reason: StopReason): void {
    if (this.#stopReason !== undefined) return;
    this.#stopReason = reason;
    this.status = 'stopping';
    this.#stopRequested.abort();
    if (reason !== 'requested') this.#logger.warn('ledger writer stopping', { reason });
  }

  /** Nothing queued was decided: those get a clean refusal. The append in flight is answered. */
  async #finish(): Promise<void> {
    const refusal = this.#unavailable(this.#refusalReason());
    for (const waiting of this.#queue.drain()) waiting.resolve(refusal);
    const inFlight = this.#inFlight;
    this.#inFlight = undefined;
    if (inFlight !== undefined) {
      await inFlight.settled;
      this.#answerDue();
      if (inFlight.outcome === 'failed') await this.#answerFailedWhileStopping(inFlight);
    }
    this.#answerDue();
    if (this.#stopReason === 'requested') await this.#writeSnapshot();
    for (const waiting of this.#queue.drain()) waiting.resolve(refusal);
    // What is left unwritten is written by the next load's repair.
    await this.#outcomes.drain(this.#settings.recoveryTimeoutMs / 10);
    await this.#outcomes.close();
    this.status = 'stopped';
  }

  async #answerFailedWhileStopping(failed: InFlight): Promise<void> {
    const fate = await this.#learnFate(failed);
    if (fate.kind === 'committed') {
      this.#onCommitted(failed.batch, fate.position as GlobalPosition);
      return;
    }
    const reason: UnavailableReason = fate.kind === 'unknown' ? 'indeterminate' : 'notLeader';
    this.#answerBatch(failed.batch, this.#unavailable(reason));
  }

  #refusalReason(): UnavailableReason {
    const reason = this.#stopReason;
    return reason === 'leadershipLost' || reason === 'overtaken' ? 'notLeader' : 'stopped';
  }

  #unavailable(reason: UnavailableReason): SubmitResult {
    return unavailable(reason, this.#settings.retryAfterMs);
  }

  #newWindow(): OutcomeWindow {
    return new OutcomeWindow({
      sizeMax: this.#settings.outcomesInMemoryMax,
      sizeKept: this.#settings.outcomesInMemoryKept,
      answersMax: this.#settings.answersInMemoryMax,
    });
  }
}

function isAssertion(error: unknown): boolean {
  return error instanceof Error && error.name === 'AssertionError';
}

/** The submission's own fields; the command's fields are the decider's to judge. */
function invalidField(submission: LedgerSubmission): string | undefined {
  if (!isText(submission.commandId, commandIdLengthMax)) return 'commandId';
  if (!isText(submission.actor, actorLengthMax)) return 'actor';
  const { command } = submission;
  if (typeof command !== 'object' || command === null || typeof command.type !== 'string') {
    return 'command';
  }
  if (typeof command.data !== 'object' || command.data === null) return 'command.data';
  for (const field of ['bodyHash', 'correlationId', 'causationId', 'requestId'] as const) {
    const value = submission[field];
    if (value !== undefined && !isText(value, metadataFieldLengthMax)) return field;
  }
  return undefined;
}

function isText(value: unknown, lengthMax: number): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= lengthMax;
}
