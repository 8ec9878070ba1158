// Proves the command handler on a real PostgreSQL event store: one read, one append at the
// revision read, a concurrent append decided again, a retried command appending the same event
// ids (never a second copy), a bounded number of attempts, and events no stream can store refused
// before anything is appended.
import { randomUUID } from 'node:crypto';
import { accepted } from '@ledger/decider';
import type { EventStore } from '@ledger/event-store';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  assertStorable,
  CommandConflictError,
  commandLimits,
  derivedEventId,
  handleCommand,
  UnstorableEventError,
} from './index.ts';

type Counted = { type: 'Counted'; data: { by: number; note?: string } };
const counter = {
  initialState: () => 0,
  evolve: (total: number, event: Counted) => total + event.data.by,
};
const countBy = (by: number) => () => accepted<Counted>([{ type: 'Counted', data: { by } }]);
const metadata = (commandId: string) => ({
  commandId,
  requestId: `r-${commandId}`,
  actor: 'system:test',
});

const database = useTestDatabase();
let store: EventStore;
beforeAll(() => {
  store = createPostgresEventStore({ url: database().url });
});
afterAll(() => store.close());

/** The store, with another writer appending 100 to the stream just before each of the next `times` appends. */
function withForeignAppends(times: number): EventStore {
  let left = times;
  return new Proxy(store, {
    get(target, property) {
      if (property === 'append') {
        const append: EventStore['append'] = async (stream, events, options) => {
          if (left > 0) {
            left -= 1;
            await target.append(
              stream,
              [{ id: randomUUID(), type: 'Counted', data: { by: 100 } }],
              {
                expected: { kind: 'any' },
              },
            );
          }
          return target.append(stream, events, options);
        };
        return append;
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function idsOf(stream: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const event of store.readStream(stream)) ids.push(event.id);
  return ids;
}

describe('handleCommand', () => {
  test('appends the decided events at the revision read, ids derived from the command', async () => {
    const outcome = await handleCommand(store, 'count-1', counter, countBy(2), metadata('c1'));
    expect(outcome).toMatchObject({ kind: 'accepted', state: 2 });
    expect(outcome.kind === 'accepted' && outcome.position).not.toBeNull();
    expect(await idsOf('count-1')).toEqual([derivedEventId('c1', 'count-1', 0)]);
  });

  test('a rejection and an empty decision append nothing', async () => {
    const rejected = await handleCommand(
      store,
      'count-2',
      counter,
      () => ({ kind: 'rejected', rejection: 'no' }) as const,
      metadata('c2'),
    );
    expect(rejected).toEqual({ kind: 'rejected', rejection: 'no', state: 0 });
    const empty = await handleCommand(
      store,
      'count-2',
      counter,
      () => accepted([]),
      metadata('c3'),
    );
    expect(empty).toEqual({ kind: 'accepted', events: [], state: 0, position: null });
    await expect(idsOf('count-2')).rejects.toThrow(/not found/);
  });

  test('a concurrent append between the read and the append is decided again on the new state', async () => {
    await handleCommand(store, 'count-3', counter, countBy(1), metadata('c4'));
    const seen: number[] = [];
    const outcome = await handleCommand(
      withForeignAppends(1),
      'count-3',
      counter,
      (total) => {
        seen.push(total);
        return countBy(total)();
      },
      metadata('c5'),
    );
    expect(seen).toEqual([1, 101]);
    expect(outcome).toMatchObject({ kind: 'accepted', state: 202 });
  });

  test('the same command appended again after it landed is refused, never a second copy', async () => {
    await handleCommand(store, 'count-4', counter, countBy(5), metadata('c10'));
    await expect(
      handleCommand(store, 'count-4', counter, countBy(5), metadata('c10')),
    ).rejects.toMatchObject({ name: 'DuplicateEventIdError' });
    expect(await idsOf('count-4')).toHaveLength(1);
  });

  test('a stream that changes under every attempt ends in CommandConflictError after the bound', async () => {
    await handleCommand(store, 'count-5', counter, countBy(1), metadata('c11'));
    let decisions = 0;
    const decide = () => {
      decisions += 1;
      return countBy(1)();
    };
    await expect(
      handleCommand(withForeignAppends(Infinity), 'count-5', counter, decide, metadata('c12')),
    ).rejects.toBeInstanceOf(CommandConflictError);
    expect(decisions).toBe(commandLimits.attemptsMax);
  });
});

test('an event no stream can store is refused before the append: nothing starts', async () => {
  const titled = () => accepted<Counted>([{ type: 'Counted', data: { by: 1, note: 'a\u0000b' } }]);
  await expect(
    handleCommand(store, 'count-6', counter, titled, metadata('c14')),
  ).rejects.toBeInstanceOf(UnstorableEventError);
  await expect(idsOf('count-6')).rejects.toThrow(/not found/);
});

describe('assertStorable', () => {
  test.each([
    ['a NUL character', { title: 'a\u0000b' }],
    ['a lone surrogate', { title: '\ud800x' }],
    ['a lone surrogate in a key', { ['\udc00']: 'x' }],
    ['a nested NUL', { items: [{ note: '\u0000' }] }],
    ['a bigint', { amount: 1n }],
  ])('refuses %s', (_, data) => {
    expect(() => assertStorable([{ type: 'Titled', data }])).toThrow(UnstorableEventError);
  });

  test('passes text any stream stores: pairs, bidi controls, long text', () => {
    expect(() =>
      assertStorable([
        { type: 'Titled', data: { title: '😀 \u202e 계좌', long: 'x'.repeat(65_536), n: 1 } },
      ]),
    ).not.toThrow();
  });
});
