import {
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
  StreamNotFoundError,
} from '@ledger/event-store';
import {
  assertLedgerInvariants,
  decidedAtOf,
  deserializeState,
  evolve,
  initialState,
  type LedgerState,
  type LedgerStreamEvent,
} from '@ledger/ledger';
import { commandKey } from '@ledger/ledger-client';
import type { Logger } from '@ledger/runtime';
import type pg from 'pg';
import { readProjectedRevision } from './command-outcome-projection.ts';
import type { OutcomeWindow } from './outcome-window.ts';
import type { OutcomeRow } from './outcome-writer.ts';
import { hashStateText, listSnapshots, type Snapshot } from './snapshots.ts';

/** The writer's in-memory ledger, rebuilt from the latest good snapshot and the log after it. */
export type LoadedLedger = {
  state: LedgerState;
  /** Revision of the last event folded; -1 when the stream does not exist yet. */
  revision: number;
  lastEventId: string | undefined;
  position: GlobalPosition | undefined;
  /** Revision of the snapshot the state started from (-1: none, folded from the start). */
  snapshotRevision: number;
  /** Snapshots passed over, newest first, with the reason. */
  snapshotsSkipped: { revision: number; reason: SnapshotRejection }[];
  /** The command-outcome table's progress row as read (every command up to it is in the table). */
  outcomesRevision: number;
  /** The commands after it, in revision order: the rows the table lacks (the writer's repair). */
  outcomesMissing: OutcomeRow[];
};

export type SnapshotRejection = 'hashMismatch' | 'notInLog' | 'unreadable';

export type LoadInput = {
  store: EventStore;
  pool: pg.Pool;
  stream: string;
  window: OutcomeWindow;
  logger: Logger;
  /** Read every snapshot but use none (the auditor's full replay, tests). */
  ignoreSnapshots?: boolean;
};

/**
 * Start-up and reload (DESIGN.md §3): the newest snapshot whose hash matches its text, whose last
 * event is in the log, and which deserializes with every invariant; then every event after it.
 * Outcomes are recorded from wherever the command-outcome table's progress row stops, which may
 * be before the snapshot, so every command id is in the window or in the table; the commands after
 * that row are also returned as rows, for the writer to write (`outcomesMissing`).
 */
export async function loadLedger(input: LoadInput): Promise<LoadedLedger> {
  const { store, stream, window } = input;
  const start = await startingPoint(input);
  const projected = await readProjectedRevision(input.pool);
  window.setProjectedRevision(projected);
  const fold = new OutcomeFold(window, projected);
  const loaded: LoadedLedger = {
    ...start,
    lastEventId: start.lastEventId,
    outcomesRevision: projected,
    outcomesMissing: fold.missing,
  };
  const outcomesFrom = Math.min(start.snapshotRevision, projected) + 1;
  try {
    for await (const event of store.readStream(stream, {
      from: BigInt(outcomesFrom),
      maxCount: Number.MAX_SAFE_INTEGER,
    })) {
      const revision = Number(event.revision);
      if (revision > start.snapshotRevision) {
        evolve(loaded.state, event as unknown as LedgerStreamEvent);
        loaded.revision = revision;
        loaded.lastEventId = event.id;
        loaded.position = event.position ?? loaded.position;
      }
      fold.add(event);
    }
  } catch (error) {
    if (!(error instanceof StreamNotFoundError)) throw error;
  }
  fold.flush();
  if (fold.positionsMissing || (loaded.revision >= 0 && loaded.position === undefined)) {
    // A store that omits positions from stream reads: the head is at or after every event.
    const head = await store.headPosition();
    fold.fillPositions(head);
    loaded.position ??= head;
  }
  assertLedgerInvariants(loaded.state);
  return loaded;
}

type StartingPoint = Omit<LoadedLedger, 'lastEventId' | 'outcomesRevision' | 'outcomesMissing'> & {
  lastEventId: string | undefined;
};

async function startingPoint(input: LoadInput): Promise<StartingPoint> {
  const snapshotsSkipped: StartingPoint['snapshotsSkipped'] = [];
  const snapshots = input.ignoreSnapshots ? [] : await listSnapshots(input.pool, input.stream);
  for (const snapshot of snapshots) {
    const verdict = await checkSnapshot(input, snapshot);
    if (typeof verdict === 'string') {
      snapshotsSkipped.push({ revision: snapshot.revision, reason: verdict });
      input.logger.warn('ledger snapshot skipped', {
        revision: snapshot.revision,
        reason: verdict,
      });
      continue;
    }
    return {
      state: verdict,
      revision: snapshot.revision,
      lastEventId: snapshot.lastEventId,
      position: snapshot.position,
      snapshotRevision: snapshot.revision,
      snapshotsSkipped,
    };
  }
  return {
    state: initialState(),
    revision: -1,
    lastEventId: undefined,
    position: undefined,
    snapshotRevision: -1,
    snapshotsSkipped,
  };
}

async function checkSnapshot(
  input: LoadInput,
  snapshot: Snapshot,
): Promise<LedgerState | SnapshotRejection> {
  if (hashStateText(snapshot.stateText) !== snapshot.stateHash) return 'hashMismatch';
  // A snapshot from another history (a restored database, a rewound log) names an event that is
  // not at its revision.
  const atRevision = await readEventAt(input.store, input.stream, snapshot.revision);
  if (atRevision?.id !== snapshot.lastEventId) return 'notInLog';
  try {
    return deserializeState(JSON.parse(snapshot.stateText));
  } catch {
    return 'unreadable';
  }
}

/** The event at `revision`, or undefined when the stream is shorter (or missing). */
export async function readEventAt(
  store: EventStore,
  stream: string,
  revision: number,
): Promise<RecordedEvent | undefined> {
  try {
    for await (const event of store.readStream(stream, { from: BigInt(revision), maxCount: 1 })) {
      return event.revision === BigInt(revision) ? event : undefined;
    }
  } catch (error) {
    if (!(error instanceof StreamNotFoundError)) throw error;
  }
  return undefined;
}

/**
 * Groups consecutive events of one command into one window entry, and keeps the commands after
 * the command-outcome table's progress as rows for it.
 */
class OutcomeFold {
  positionsMissing = false;
  /** Rows of the commands whose last event is after `#tableRevision`, in revision order. */
  readonly missing: OutcomeRow[] = [];
  #window: OutcomeWindow;
  #tableRevision: number;
  #current:
    | {
        key: string;
        actor: string;
        commandId: string;
        bodyHash: string;
        revisionFirst: number;
        count: number;
        position: GlobalPosition | undefined;
      }
    | undefined;
  #withoutPosition: string[] = [];

  constructor(window: OutcomeWindow, tableRevision: number) {
    this.#window = window;
    this.#tableRevision = tableRevision;
  }

  add(event: RecordedEvent): void {
    const { actor, commandId, bodyHash } = event.metadata;
    if (
      typeof actor !== 'string' ||
      typeof commandId !== 'string' ||
      typeof bodyHash !== 'string'
    ) {
      throw new TypeError(`ledger event ${event.id} lacks actor, commandId or bodyHash`);
    }
    const key = commandKey(actor, commandId);
    const revision = Number(event.revision);
    const current = this.#current;
    if (current?.key === key && current.revisionFirst + current.count === revision) {
      current.count += 1;
      current.position = event.position;
      return;
    }
    this.flush();
    this.#current = {
      key,
      actor,
      commandId,
      bodyHash,
      revisionFirst: revision,
      count: 1,
      position: event.position,
    };
  }

  flush(): void {
    const current = this.#current;
    if (current === undefined) return;
    this.#current = undefined;
    if (current.position === undefined) {
      this.positionsMissing = true;
      this.#withoutPosition.push(current.key);
    }
    this.#window.set(current.key, {
      bodyHash: current.bodyHash,
      revisionFirst: current.revisionFirst,
      eventCount: current.count,
      position: current.position,
      answer: undefined,
      pending: undefined,
    });
    if (current.revisionFirst + current.count - 1 > this.#tableRevision) {
      this.missing.push({
        actor: current.actor,
        commandId: current.commandId,
        bodyHash: current.bodyHash,
        revisionFirst: current.revisionFirst,
        eventCount: current.count,
        position: current.position ?? '',
      });
    }
  }

  fillPositions(head: GlobalPosition | undefined): void {
    for (const key of this.#withoutPosition) {
      const record = this.#window.get(key);
      if (record !== undefined && record.position === undefined) record.position = head;
    }
    for (const row of this.missing) if (row.position === '') row.position = head ?? '';
  }
}

/**
 * The newest instant the ledger recorded (its last event that records one: a CommandRejected
 * records none), read backwards from the head; undefined for an empty ledger, or when the last
 * `lookBack` events are all rejections.
 */
export async function lastDecidedAt(
  store: EventStore,
  stream: string,
  lookBack = 256,
): Promise<string | undefined> {
  try {
    for await (const event of store.readStream(stream, {
      direction: 'backwards',
      maxCount: lookBack,
    })) {
      const at = decidedAtOf(event as unknown as LedgerStreamEvent);
      if (at !== undefined) return at;
    }
  } catch (error) {
    if (!(error instanceof StreamNotFoundError)) throw error;
  }
  return undefined;
}
