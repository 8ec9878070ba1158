import { describe, expect, test } from 'vitest';
import { StreamNotFoundError } from '../errors.ts';
import type { EventStore, RecordedEvent } from '../port.ts';
import {
  type ContractCapabilities,
  type MakeContractStore,
  type Run,
  runner,
} from './contract-store.ts';
import {
  isStrictlyIncreasing,
  makeEvents,
  readAllUntil,
  readWholeStream,
  sleep,
  uniqueStream,
} from './support.ts';

/** readStream, readAll and headPosition (guide §7–§8, §11 item 14 for filters). */
export function describeReadContract(make: MakeContractStore, can: ContractCapabilities): void {
  const run = runner(make);
  describe('readStream', () => describeReadStream(run, can));
  describe('readAll', () => {
    describeReadAll(run);
    describeFilters(run);
    describeHead(run);
  });
}

function describeReadStream(run: Run, can: ContractCapabilities): void {
  test(
    'reads forwards and backwards, from a revision, at most maxCount',
    run(async (store) => {
      const stream = uniqueStream();
      await store.append(stream, makeEvents(10), { expected: { kind: 'no_stream' } });
      const revisions = async (options: Parameters<EventStore['readStream']>[1]) => {
        const seen: bigint[] = [];
        for await (const event of store.readStream(stream, options)) seen.push(event.revision);
        return seen;
      };
      expect(await revisions({})).toEqual([0n, 1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n]);
      expect(await revisions({ from: 7n })).toEqual([7n, 8n, 9n]);
      expect(await revisions({ from: 2n, maxCount: 3 })).toEqual([2n, 3n, 4n]);
      expect(await revisions({ direction: 'backwards', maxCount: 3 })).toEqual([9n, 8n, 7n]);
      expect(await revisions({ direction: 'backwards', from: 1n })).toEqual([1n, 0n]);
      expect(await revisions({ from: 10n })).toEqual([]);
    }),
  );

  test(
    'a missing stream is StreamNotFoundError',
    run(async (store) => {
      await expect(readWholeStream(store, uniqueStream())).rejects.toBeInstanceOf(
        StreamNotFoundError,
      );
    }),
  );

  test(
    'events come back as they were appended',
    run(async (store) => {
      const stream = uniqueStream('member');
      const appended = makeEvents(2, 'MemberRegistered', {
        nested: { b: [1, 'x', null], a: true },
      });
      const result = await store.append(stream, appended, { expected: { kind: 'no_stream' } });
      const [first, second] = await readWholeStream(store, stream);
      expect(first).toMatchObject({
        id: appended[0]?.id,
        type: 'MemberRegistered',
        data: appended[0]?.data,
        metadata: appended[0]?.metadata,
        streamName: stream,
        revision: 0n,
      });
      expect(first?.recordedAt).toBeInstanceOf(Date);
      if (can.streamPositions) expect(second?.position).toBe(result.position);
    }),
  );
}

function describeReadAll(run: Run): void {
  test(
    'pages through the global log after an exclusive position, each event once, in order',
    run(async (store) => {
      const stream = uniqueStream();
      const before = await store.headPosition();
      for (let index = 0; index < 5; index += 1) {
        await store.append(stream, makeEvents(3), { expected: { kind: 'any' } });
      }
      const paged = await readAllUntil(store, {
        after: before,
        maxCount: 4,
        filter: { streamPrefixes: [stream] },
        done: (events) => events.length >= 15,
      });
      expect(paged.map((event) => event.revision)).toEqual(
        Array.from({ length: 15 }, (_, i) => BigInt(i)),
      );
      expect(isStrictlyIncreasing(paged)).toBe(true);
      const third = paged[2] as RecordedEvent;
      const rest = await store.readAll({
        after: third.position,
        maxCount: 100,
        filter: { streamPrefixes: [stream] },
      });
      expect(rest.events[0]?.revision).toBe(3n);
    }),
  );
}

function describeFilters(run: Run): void {
  test(
    'filters by event type and stream prefixes, and lastSeen moves past what they drop',
    run(async (store) => {
      const category = `cat${Date.now().toString(36)}`;
      const wanted = `${category}-wanted`;
      const other = `${category}-other`;
      const before = await store.headPosition();
      await store.append(wanted, makeEvents(2, 'Ledger.TransferPosted'), {
        expected: { kind: 'any' },
      });
      await store.append(other, makeEvents(2, 'Ledger.TransferPosted'), {
        expected: { kind: 'any' },
      });
      const last = await store.append(wanted, makeEvents(2, 'Member.Renamed'), {
        expected: { kind: 'any' },
      });
      const byType = await readAllUntil(store, {
        after: before,
        filter: { eventTypePrefixes: ['Ledger.'], streamPrefixes: [category] },
        done: (events) => events.length >= 4,
      });
      expect(byType.map((event) => event.type)).toEqual(Array(4).fill('Ledger.TransferPosted'));
      const both = await readAllUntil(store, {
        after: before,
        filter: { eventTypePrefixes: ['Ledger.'], streamPrefixes: [wanted] },
        done: (events) => events.length >= 2,
      });
      expect(both.map((event) => event.streamName)).toEqual([wanted, wanted]);
      // Once the last append is visible, a filtered read past the wanted events reports it seen.
      const deadline = Date.now() + 20_000;
      let tail = await store.readAll({
        after: both.at(-1)?.position,
        maxCount: 10,
        filter: { eventTypePrefixes: ['Ledger.'], streamPrefixes: [wanted] },
      });
      while ((tail.lastSeen ?? '') < last.position && Date.now() < deadline) {
        await sleep(10);
        tail = await store.readAll({
          after: both.at(-1)?.position,
          maxCount: 10,
          filter: { eventTypePrefixes: ['Ledger.'], streamPrefixes: [wanted] },
        });
      }
      expect(tail.events).toEqual([]);
      expect((tail.lastSeen ?? '') >= last.position).toBe(true);
    }),
  );
}

function describeHead(run: Run): void {
  test(
    'headPosition reaches the last appended event and positions compare as strings',
    run(async (store) => {
      const first = await store.append(uniqueStream(), makeEvents(1), {
        expected: { kind: 'any' },
      });
      const second = await store.append(uniqueStream(), makeEvents(1), {
        expected: { kind: 'any' },
      });
      expect(second.position > first.position).toBe(true);
      const deadline = Date.now() + 20_000;
      let head = await store.headPosition();
      while ((head ?? '') < second.position && Date.now() < deadline) {
        await sleep(10);
        head = await store.headPosition();
      }
      expect((head ?? '') >= second.position).toBe(true);
    }),
  );
}
