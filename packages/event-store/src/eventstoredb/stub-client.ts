import { PassThrough } from 'node:stream';
import {
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type EventData,
  type Filter,
  type Position,
  type ReadPosition,
  type ResolvedEvent,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import type { EsdbClient, EsdbSubscription } from './client.ts';

/**
 * A scriptable stand-in for EventStoreDBClient (test helper): no server can run on the build
 * machines (guide §9). `$all` reads are INCLUSIVE of `fromPosition`, the worst case the adapter
 * must handle.
 */
export type StubEntry = AllStreamResolvedEvent;

export function allEvent(input: {
  commit: bigint;
  prepare?: bigint;
  type?: string;
  stream?: string;
  revision?: bigint;
  data?: unknown;
  metadata?: unknown;
  id?: string;
}): StubEntry {
  const position: Position = { commit: input.commit, prepare: input.prepare ?? input.commit };
  return {
    event: {
      streamId: input.stream ?? 'account-1',
      id: input.id ?? `00000000-0000-4000-8000-${input.commit.toString().padStart(12, '0')}`,
      isJson: true,
      revision: input.revision ?? 0n,
      type: input.type ?? 'AccountOpened',
      created: new Date('2026-01-02T03:04:05.000Z'),
      data: (input.data ?? { n: String(input.commit) }) as Record<string, unknown>,
      metadata: input.metadata ?? { commandId: 'c-1' },
      position,
    },
    commitPosition: position.commit,
  } as StubEntry;
}

export class StubSubscription extends PassThrough implements EsdbSubscription {
  readonly fromPosition: ReadPosition;
  readonly serverFilter: Filter;
  unsubscribed = false;
  constructor(fromPosition: ReadPosition, filter: Filter) {
    super({ objectMode: true });
    this.fromPosition = fromPosition;
    this.serverFilter = filter;
  }
  async unsubscribe(): Promise<void> {
    this.unsubscribed = true;
  }
  /** As the client does: the callback is awaited before later responses are processed. */
  async checkpoint(commit: bigint, prepare: bigint = commit): Promise<void> {
    await this.serverFilter.checkpointReached?.(this as never, { commit, prepare });
  }
  caughtUp(): void {
    this.emit('caughtUp');
  }
}

type AppendHandler = (
  stream: string,
  events: EventData[],
  options: { expectedRevision: AppendExpectedRevision },
) => Promise<{ nextExpectedRevision: bigint; position?: Position }>;

export class StubClient implements EsdbClient {
  log: StubEntry[] = [];
  streams = new Map<string, ResolvedEvent[]>();
  appendCalls: { stream: string; events: EventData[]; expectedRevision: AppendExpectedRevision }[] =
    [];
  readAllCalls: { fromPosition: ReadPosition; maxCount: number | bigint; direction: string }[] = [];
  readStreamCalls: { stream: string; options: unknown }[] = [];
  subscriptions: StubSubscription[] = [];
  readStreamError: Error | undefined;
  onAppend: AppendHandler = async () => ({
    nextExpectedRevision: 0n,
    position: { commit: 1n, prepare: 1n },
  });
  onSubscribe: (subscription: StubSubscription) => void = () => {};
  disposed = false;

  async appendToStream(
    stream: string,
    events: EventData[],
    options: { expectedRevision: AppendExpectedRevision },
  ) {
    this.appendCalls.push({ stream, events, expectedRevision: options.expectedRevision });
    return this.onAppend(stream, events, options);
  }

  /** Honours direction, fromRevision and maxCount, as the server does. */
  readStream(
    stream: string,
    options: { fromRevision?: unknown; direction?: unknown; maxCount?: number | bigint },
  ): AsyncIterable<ResolvedEvent> {
    this.readStreamCalls.push({ stream, options });
    const stored = this.streams.get(stream);
    const error = this.readStreamError;
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision;
    const ordered = backwards ? [...(stored ?? [])].reverse() : (stored ?? []);
    const selected = ordered
      .filter((entry) => {
        if (typeof from !== 'bigint') return true;
        const revision = entry.event?.revision ?? 0n;
        return backwards ? revision <= from : revision >= from;
      })
      .slice(0, options.maxCount === undefined ? undefined : Number(options.maxCount));
    return (async function* () {
      if (error) throw error;
      yield* selected;
    })();
  }

  readAll(options: { fromPosition: ReadPosition; maxCount: number | bigint; direction: string }) {
    this.readAllCalls.push(options);
    const max = Number(options.maxCount);
    const ordered = options.direction === 'backwards' ? [...this.log].reverse() : this.log;
    const from = options.fromPosition;
    const selected = ordered.filter((entry) => {
      if (from === 'start' || from === 'end') return true;
      const position = entry.event?.position ?? { commit: 0n, prepare: 0n };
      const order = compare(position, from);
      return options.direction === 'backwards' ? order <= 0 : order >= 0;
    });
    const page = selected.slice(0, max);
    return (async function* () {
      yield* page;
    })();
  }

  /**
   * Makes appends land (a tiny in-memory server): the expected revision is checked as the server
   * does, events get consecutive revisions and commit positions, and reads see them.
   */
  storeAppends(): this {
    this.onAppend = async (stream, events, { expectedRevision }) => {
      const stored = this.streams.get(stream) ?? [];
      const current = stored.length === 0 ? 'no_stream' : BigInt(stored.length - 1);
      const fits =
        expectedRevision === 'any' ||
        (expectedRevision === 'no_stream' && current === 'no_stream') ||
        (expectedRevision === 'stream_exists' && current !== 'no_stream') ||
        expectedRevision === current;
      if (!fits) {
        throw new WrongExpectedVersionError(undefined, {
          streamName: stream,
          expected: expectedRevision,
          current,
        });
      }
      for (const event of events) {
        const commit = BigInt(this.log.length + 1) * 100n;
        const entry = allEvent({
          commit,
          stream,
          revision: BigInt(stored.length),
          type: event.type,
          id: event.id,
          data: event.data,
          metadata: event.metadata,
        });
        stored.push(entry);
        this.log.push(entry);
      }
      this.streams.set(stream, stored);
      const last = this.log.at(-1)?.event?.position;
      return {
        nextExpectedRevision: BigInt(stored.length - 1),
        ...(last ? { position: last } : {}),
      };
    };
    return this;
  }

  subscribeToAll(options: { fromPosition: ReadPosition; filter: Filter }): StubSubscription {
    const subscription = new StubSubscription(options.fromPosition, options.filter);
    this.subscriptions.push(subscription);
    setImmediate(() => this.onSubscribe(subscription));
    return subscription;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
  }
}

function compare(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}
