import { describe, expect, test } from 'vitest';
import {
  DuplicateEventIdError,
  InvalidArgumentError,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '../errors.ts';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  PreparedEvents,
} from '../port.ts';
import {
  type ContractCapabilities,
  type MakeContractStore,
  type Run,
  runner,
} from './contract-store.ts';
import { makeEvents, readAllUntil, readWholeStream, uniqueStream } from './support.ts';

/** Items 7–10 of the guide's §11: optimistic concurrency, modes, revisions, idempotency. */
export function describeAppendContract(make: MakeContractStore, can: ContractCapabilities): void {
  const run = runner(make);
  describe('append', () => {
    describeRevisions(run);
    describeModes(run);
    describeConcurrency(run);
    describeIdempotency(run);
    describeReusedIds(run, can);
    describePrepared(run);
  });
}

function describeRevisions(run: Run): void {
  test(
    'revisions are 0-based and gapless; a multi-event append gets consecutive revisions',
    run(async (store) => {
      const stream = uniqueStream();
      const first = await store.append(stream, makeEvents(1), { expected: { kind: 'no_stream' } });
      expect(first.nextExpectedRevision).toBe(0n);
      const second = await store.append(stream, makeEvents(3), {
        expected: { kind: 'exact', revision: 0n },
      });
      expect(second.nextExpectedRevision).toBe(3n);
      const events = await readWholeStream(store, stream);
      expect(events.map((event) => event.revision)).toEqual([0n, 1n, 2n, 3n]);
    }),
  );

  test(
    'an empty append is rejected',
    run(async (store) => {
      const attempt = store.append(uniqueStream(), [], { expected: { kind: 'any' } });
      await expect(attempt).rejects.toBeInstanceOf(InvalidArgumentError);
      await expect(attempt).rejects.toMatchObject({ code: 'empty_append' });
    }),
  );

  test(
    'an append whose signal is already aborted is not made',
    run(async (store) => {
      const stream = uniqueStream();
      const error = await store
        .append(stream, makeEvents(1), { expected: { kind: 'any' }, signal: AbortSignal.abort() })
        .catch((reason: unknown) => reason);
      expect((error as Error).name).toBe('AbortError');
      await expect(readWholeStream(store, stream)).rejects.toBeInstanceOf(StreamNotFoundError);
    }),
  );

  test(
    'AppendResult.position is the global position of the last event appended',
    run(async (store) => {
      const stream = uniqueStream();
      const before = await store.headPosition();
      const result = await store.append(stream, makeEvents(3), { expected: { kind: 'no_stream' } });
      const seen = await readAllUntil(store, {
        after: before,
        filter: { streamPrefixes: [stream] },
        done: (events) => events.length >= 3,
      });
      expect(seen.at(-1)?.position).toBe(result.position);
    }),
  );
}

function describeModes(run: Run): void {
  test(
    'exact: appends at the last revision; a stale revision fails with the actual one',
    run(async (store) => {
      const stream = uniqueStream();
      await store.append(stream, makeEvents(2), { expected: { kind: 'no_stream' } });
      const ok = await store.append(stream, makeEvents(1), {
        expected: { kind: 'exact', revision: 1n },
      });
      expect(ok.nextExpectedRevision).toBe(2n);
      const stale = store.append(stream, makeEvents(1), {
        expected: { kind: 'exact', revision: 1n },
      });
      await expectConflict(stale, stream, 2n);
      const missing = store.append(uniqueStream(), makeEvents(1), {
        expected: { kind: 'exact', revision: 0n },
      });
      await expectConflict(missing, undefined, 'no_stream');
    }),
  );

  test(
    'no_stream: creates a stream, and fails on an existing one with its revision',
    run(async (store) => {
      const stream = uniqueStream();
      await store.append(stream, makeEvents(2), { expected: { kind: 'no_stream' } });
      await expectConflict(
        store.append(stream, makeEvents(1), { expected: { kind: 'no_stream' } }),
        stream,
        1n,
      );
    }),
  );

  test(
    'stream_exists: fails on a missing stream, appends to an existing one',
    run(async (store) => {
      const stream = uniqueStream();
      const missing = store.append(stream, makeEvents(1), { expected: { kind: 'stream_exists' } });
      await expectConflict(missing, stream, 'no_stream');
      await store.append(stream, makeEvents(1), { expected: { kind: 'any' } });
      const result = await store.append(stream, makeEvents(2), {
        expected: { kind: 'stream_exists' },
      });
      expect(result.nextExpectedRevision).toBe(2n);
    }),
  );
}

function describeConcurrency(run: Run): void {
  test(
    'any never conflicts, even for concurrent first writes to a new stream',
    run(async (store) => {
      const stream = uniqueStream();
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          store.append(stream, makeEvents(2), { expected: { kind: 'any' } }),
        ),
      );
      const ends = results.map((result) => result.nextExpectedRevision).sort(compareBigints);
      expect(ends).toEqual([1n, 3n, 5n, 7n, 9n, 11n, 13n, 15n]);
      const events = await readWholeStream(store, stream);
      expect(events.map((event) => event.revision)).toEqual(
        Array.from({ length: 16 }, (_, i) => BigInt(i)),
      );
    }),
  );

  const contested: ExpectedRevision[] = [{ kind: 'exact', revision: 0n }, { kind: 'no_stream' }];
  for (const expected of contested) {
    test(
      `K concurrent appends at ${expected.kind}: exactly one wins, the others learn the actual revision`,
      run(async (store) => {
        const stream = uniqueStream();
        if (expected.kind === 'exact')
          await store.append(stream, makeEvents(1), { expected: { kind: 'no_stream' } });
        const settled = await Promise.allSettled(
          Array.from({ length: 12 }, () => store.append(stream, makeEvents(2), { expected })),
        );
        const winners = settled.filter((outcome) => outcome.status === 'fulfilled');
        expect(winners).toHaveLength(1);
        const won = (winners[0] as PromiseFulfilledResult<AppendResult>).value.nextExpectedRevision;
        for (const outcome of settled) {
          if (outcome.status === 'fulfilled') continue;
          expect(outcome.reason).toBeInstanceOf(WrongExpectedRevisionError);
          expect((outcome.reason as WrongExpectedRevisionError).actual).toBe(won);
        }
        expect(await readWholeStream(store, stream)).toHaveLength(Number(won) + 1);
      }),
    );
  }
}

function describeIdempotency(run: Run): void {
  const modes: ExpectedRevision[] = [
    { kind: 'exact', revision: 0n },
    { kind: 'stream_exists' },
    { kind: 'any' },
  ];
  for (const expected of modes) {
    test(
      `a retried ${expected.kind} append returns the original result and stores nothing twice`,
      run(async (store) => {
        const stream = uniqueStream();
        await store.append(stream, makeEvents(1), { expected: { kind: 'no_stream' } });
        const events = makeEvents(3);
        const original = await store.append(stream, events, { expected });
        const retried = await store.append(stream, events, { expected });
        expect(retried).toEqual(original);
        expect(await readWholeStream(store, stream)).toHaveLength(4);
      }),
    );
  }

  test(
    'a retried no_stream append returns the original result',
    run(async (store) => {
      const stream = uniqueStream();
      const events = makeEvents(2);
      const original = await store.append(stream, events, { expected: { kind: 'no_stream' } });
      expect(await store.append(stream, events, { expected: { kind: 'no_stream' } })).toEqual(
        original,
      );
    }),
  );
}

function describeReusedIds(run: Run, can: ContractCapabilities): void {
  test.skipIf(!can.eventIdsUniqueInStream)(
    'the same ids at another position of the stream are refused',
    run(async (store) => {
      const stream = uniqueStream();
      const events = makeEvents(2);
      await store.append(stream, events, { expected: { kind: 'no_stream' } });
      await store.append(stream, makeEvents(1), { expected: { kind: 'exact', revision: 1n } });
      const moved = store.append(stream, events, { expected: { kind: 'exact', revision: 2n } });
      await expect(moved).rejects.toBeInstanceOf(DuplicateEventIdError);
      expect(await readWholeStream(store, stream)).toHaveLength(3);
    }),
  );

  test.skipIf(!can.globalEventIds)(
    'the same ids in another stream are refused',
    run(async (store) => {
      const events = makeEvents(2);
      await store.append(uniqueStream(), events, { expected: { kind: 'no_stream' } });
      const elsewhere = uniqueStream();
      const attempt = store.append(elsewhere, events, { expected: { kind: 'any' } });
      await expect(attempt).rejects.toBeInstanceOf(DuplicateEventIdError);
      await expect(readWholeStream(store, elsewhere)).rejects.toBeInstanceOf(StreamNotFoundError);
    }),
  );
}

/** The port's optional `prepare`; both adapters have it, so the suite requires it. */
function prepareWith(store: EventStore, events: readonly NewEvent[]): PreparedEvents {
  if (!store.prepare) throw new Error('the store under test has no prepare()');
  return store.prepare(events);
}

function describePrepared(run: Run): void {
  test(
    'a prepared append stores the same events as the plain one',
    run(async (store) => {
      const stream = uniqueStream();
      const first = makeEvents(2);
      const second = makeEvents(3);
      const preparedFirst = prepareWith(store, first);
      const preparedSecond = prepareWith(store, second);
      expect(preparedFirst).toEqual(first);
      expect(Object.isFrozen(preparedFirst)).toBe(true);
      const opened = await store.append(stream, preparedFirst, {
        expected: { kind: 'no_stream' },
      });
      expect(opened.nextExpectedRevision).toBe(1n);
      const next = await store.append(stream, preparedSecond, {
        expected: { kind: 'exact', revision: 1n },
      });
      expect(next.nextExpectedRevision).toBe(4n);
      expect(next.position > opened.position).toBe(true);
      const stored = await readWholeStream(store, stream);
      expect(
        stored.map(({ id, type, data, metadata, revision }) => ({
          id,
          type,
          data,
          metadata,
          revision,
        })),
      ).toEqual(
        [...first, ...second].map((event, index) => ({
          id: event.id,
          type: event.type,
          data: event.data,
          metadata: event.metadata,
          revision: BigInt(index),
        })),
      );
    }),
  );

  test(
    'prepare refuses what append refuses, before any append',
    run(async (store) => {
      expect(() => prepareWith(store, [])).toThrow(
        expect.objectContaining({ name: 'InvalidArgumentError', code: 'empty_append' }),
      );
    }),
  );

  test(
    'a prepared append keeps the expected-revision check and is retried idempotently',
    run(async (store) => {
      const stream = uniqueStream();
      await store.append(stream, makeEvents(1), { expected: { kind: 'no_stream' } });
      const prepared = prepareWith(store, makeEvents(2));
      await expectConflict(
        store.append(stream, prepared, { expected: { kind: 'exact', revision: 5n } }),
        stream,
        0n,
      );
      const original = await store.append(stream, prepared, {
        expected: { kind: 'exact', revision: 0n },
      });
      const retried = await store.append(stream, prepared, {
        expected: { kind: 'exact', revision: 0n },
      });
      expect(retried).toEqual(original);
      expect(await readWholeStream(store, stream)).toHaveLength(3);
    }),
  );

  test(
    'a prepared array passed on by a wrapper that copies it is appended as plain events',
    run(async (store) => {
      const stream = uniqueStream();
      const events = makeEvents(2);
      const copied = prepareWith(store, events).map((event) => ({ ...event }));
      await store.append(stream, copied, { expected: { kind: 'no_stream' } });
      expect((await readWholeStream(store, stream)).map((event) => event.id)).toEqual(
        events.map((event) => event.id),
      );
    }),
  );

  test(
    'prepared and plain appends from concurrent callers share the store',
    run(async (store) => {
      const streams = Array.from({ length: 6 }, () => uniqueStream());
      const results = await Promise.all(
        streams.map((stream, index) => {
          const events = makeEvents(index + 1);
          return store.append(stream, index % 2 === 0 ? prepareWith(store, events) : events, {
            expected: { kind: 'no_stream' },
          });
        }),
      );
      expect(results.map((result) => result.nextExpectedRevision)).toEqual([
        0n,
        1n,
        2n,
        3n,
        4n,
        5n,
      ]);
      for (const [index, stream] of streams.entries()) {
        expect(await readWholeStream(store, stream)).toHaveLength(index + 1);
      }
    }),
  );
}

async function expectConflict(
  attempt: Promise<unknown>,
  stream: string | undefined,
  actual: bigint | 'no_stream',
): Promise<void> {
  const error = await attempt.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  expect((error as WrongExpectedRevisionError).actual).toBe(actual);
  if (stream !== undefined) expect((error as WrongExpectedRevisionError).stream).toBe(stream);
}

function compareBigints(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
