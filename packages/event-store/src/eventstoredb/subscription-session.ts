import type { AllStreamResolvedEvent, Position } from '@eventstore/db-client';
import type { EventFilter, GlobalPosition, RecordedEvent, SubscriptionItem } from '../port.ts';
import type { EsdbSubscription } from './client.ts';
import { fromAllEvent, isSystemEvent, matchesFilter } from './mapping.ts';
import { encodePosition } from './position.ts';

/** The server sent an event at or before a position it had already reported as passed. */
export class OutOfOrderPositionError extends Error {
  readonly position: GlobalPosition;
  readonly previous: GlobalPosition;
  constructor(position: GlobalPosition, previous: GlobalPosition) {
    super(`event at ${position} arrived after position ${previous}`);
    this.name = 'OutOfOrderPositionError';
    this.position = position;
    this.previous = previous;
  }
}

/** The server ended the subscription without an error; treated as a drop. */
export class SubscriptionEndedError extends Error {
  constructor() {
    super('subscription ended by the server');
    this.name = 'SubscriptionEndedError';
  }
}

type Queued =
  | { kind: 'event'; event: RecordedEvent }
  | { kind: 'checkpoint'; position: GlobalPosition }
  | { kind: 'caughtUp'; position: GlobalPosition | undefined }
  | { kind: 'failed'; error: Error };

type Marker = { kind: 'checkpoint'; position: GlobalPosition } | { kind: 'caughtUp' };

export type SessionOptions = {
  /** Exclusive start; also the floor below which events are dropped as already delivered. */
  after: GlobalPosition | undefined;
  filter: EventFilter | undefined;
  batchSizeMax: number;
  batchLingerMs: number;
};

/**
 * One server subscription, turned into an ordered queue of port items. The client reports
 * `caughtUp` and checkpoints out of band (an emitted event and an awaited callback) while earlier
 * events may still sit in the Readable's buffer; a marker is therefore held back until as many
 * `data` events as were buffered when it arrived have been seen. Without that, a checkpoint could
 * overtake an event and a projector would store a position past an event it never applied.
 */
export class SubscriptionSession {
  #options: SessionOptions;
  #subscription: EsdbSubscription | undefined;
  #queue: Queued[] = [];
  #held: { marker: Marker; releaseAt: number }[] = [];
  #dataSeen = 0;
  #queuedEvents = 0;
  #paused = false;
  #wake: (() => void) | undefined;
  /** Highest position put into the queue (event or checkpoint); output positions only grow. */
  #last: GlobalPosition | undefined;
  #lastWasCheckpoint = false;

  constructor(options: SessionOptions) {
    this.#options = options;
    this.#last = options.after;
  }

  get lastPosition(): GlobalPosition | undefined {
    return this.#last;
  }

  /** For the client's `checkpointReached`: runs before the client pushes any later event. */
  readonly onCheckpoint = (_subscription: unknown, position: Position): void => {
    this.#onMarker({ kind: 'checkpoint', position: encodePosition(position) });
  };

  attach(subscription: EsdbSubscription): void {
    this.#subscription = subscription;
    subscription.on('data', (resolved) => this.#onData(resolved));
    subscription.on('caughtUp', () => this.#onMarker({ kind: 'caughtUp' }));
    subscription.on('error', (error) => this.#push({ kind: 'failed', error }));
    subscription.on('end', () =>
      this.#push({ kind: 'failed', error: new SubscriptionEndedError() }),
    );
  }

  async close(): Promise<void> {
    this.#wake?.();
    await this.#subscription?.unsubscribe();
  }

  /** Port items in server order: events in batches, markers on their own. Throws on a drop. */
  async *items(signal: AbortSignal): AsyncGenerator<SubscriptionItem> {
    while (!signal.aborted) {
      await this.#waitForItem(signal, undefined);
      const head = this.#queue[0];
      if (!head) continue;
      if (head.kind === 'failed') throw head.error;
      if (head.kind !== 'event') {
        this.#queue.shift();
        yield head;
        continue;
      }
      const events = await this.#takeBatch(signal);
      yield { kind: 'events', events };
    }
  }

  async #takeBatch(signal: AbortSignal): Promise<RecordedEvent[]> {
    const { batchSizeMax, batchLingerMs } = this.#options;
    const events: RecordedEvent[] = [];
    let lingered = false;
    while (events.length < batchSizeMax) {
      const head = this.#queue[0];
      if (head?.kind === 'event') {
        this.#queue.shift();
        this.#queuedEvents -= 1;
        events.push(head.event);
        continue;
      }
      // Live events trickle in one by one: wait a moment once so they leave as one batch.
      if (head !== undefined || lingered || batchLingerMs <= 0) break;
      lingered = true;
      await this.#waitForItem(signal, batchLingerMs);
    }
    this.#applyBackpressure();
    return events;
  }

  #onData(resolved: AllStreamResolvedEvent): void {
    this.#dataSeen += 1;
    const entry = fromAllEvent(resolved);
    if (entry && this.#accepts(entry.position)) {
      const { event } = entry;
      if (!isSystemEvent(event) && matchesFilter(event, this.#options.filter)) {
        this.#push({ kind: 'event', event });
        this.#queuedEvents += 1;
      } else {
        this.#passed(entry.position);
      }
    }
    while (this.#held[0] && this.#held[0].releaseAt <= this.#dataSeen) {
      const held = this.#held.shift();
      if (held) this.#release(held.marker);
    }
    this.#applyBackpressure();
  }

  /** Drops re-deliveries (the floor is exclusive); refuses an event behind a passed checkpoint. */
  #accepts(position: GlobalPosition): boolean {
    const last = this.#last;
    if (last === undefined || position > last) {
      this.#last = position;
      this.#lastWasCheckpoint = false;
      return true;
    }
    // At or before the start, or a re-delivered event: already seen. Behind a checkpoint the
    // server said it had passed: delivering it would be out of order, dropping it would lose it.
    if (this.#lastWasCheckpoint) {
      this.#push({ kind: 'failed', error: new OutOfOrderPositionError(position, last) });
    }
    return false;
  }

  #onMarker(marker: Marker): void {
    const buffered = this.#subscription?.readableLength ?? 0;
    if (buffered === 0 && this.#held.length === 0) {
      this.#release(marker);
      return;
    }
    this.#held.push({ marker, releaseAt: this.#dataSeen + buffered });
  }

  /**
   * An event the server sent but the client filter dropped (the server filters on one thing only):
   * progress, reported as a checkpoint, coalesced with a checkpoint still waiting in the queue.
   */
  #passed(position: GlobalPosition): void {
    this.#lastWasCheckpoint = true;
    const tail = this.#queue.at(-1);
    if (tail?.kind === 'checkpoint') tail.position = position;
    else this.#push({ kind: 'checkpoint', position });
  }

  #release(marker: Marker): void {
    if (marker.kind === 'caughtUp') {
      this.#push({ kind: 'caughtUp', position: this.#last });
      return;
    }
    // A checkpoint that does not move forward says nothing new.
    if (this.#last !== undefined && marker.position <= this.#last) return;
    this.#last = marker.position;
    this.#lastWasCheckpoint = true;
    this.#push(marker);
  }

  #push(item: Queued): void {
    this.#queue.push(item);
    this.#wake?.();
  }

  #applyBackpressure(): void {
    const highWater = this.#options.batchSizeMax * 4;
    if (!this.#paused && this.#queuedEvents >= highWater) {
      this.#paused = true;
      this.#subscription?.pause();
    } else if (this.#paused && this.#queuedEvents <= highWater / 2) {
      this.#paused = false;
      this.#subscription?.resume();
    }
  }

  #waitForItem(signal: AbortSignal, timeoutMs: number | undefined): Promise<void> {
    if (this.#queue.length > 0 || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.#wake = undefined;
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = timeoutMs === undefined ? undefined : setTimeout(done, timeoutMs);
      this.#wake = done;
      signal.addEventListener('abort', done, { once: true });
    });
  }
}
