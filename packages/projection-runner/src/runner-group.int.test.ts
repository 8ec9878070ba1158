// Proves the runner group: the head reads that runners ask in one turn are one read of the log,
// each runner getting exactly what a filtered read of its own would give; the checkpoint moves of
// one turn are one statement in which a moved checkpoint refuses only itself; a runner behind the
// others is served from what the group already read; given a head read delay, requests and appends
// that come within it share one read, while a read after a full page does not wait; and runners
// sharing a group apply every event once with one read and one checkpoint statement per append.
import type { EventStore, GlobalPosition, ReadAllOptions } from '@ledger/event-store';
import { silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readCheckpoint } from './checkpoint-store.ts';
import { CheckpointConflictError } from './errors.ts';
import { clientLockSessions, LeaderLocks } from './leader-locks.ts';
import { keyOf } from './projection.ts';
import { createProjectionRunner } from './projection-runner.ts';
import { registerProjection } from './registry.ts';
import { createRunnerGroup } from './runner-group.ts';
import {
  amountEvents,
  eventually,
  postgresStore,
  readTotals,
  startRunner,
  totalsProjection,
} from './test-support.ts';
import { manualWakeUps } from './wake-ups.ts';

const database = useTestDatabase();
let store: EventStore;
beforeAll(() => {
  store = postgresStore(database().url);
});
afterAll(async () => {
  await store.close();
});

/** The store, counting its readAll calls (and whether each was filtered). */
function counting(inner: EventStore) {
  const reads: { after: GlobalPosition | undefined; filtered: boolean }[] = [];
  const wrapped: EventStore = {
    ...inner,
    readAll(options: ReadAllOptions) {
      reads.push({ after: options.after, filtered: options.filter !== undefined });
      return inner.readAll(options);
    },
  };
  return { store: wrapped, reads };
}

test('head reads asked in one turn are one read; each runner gets what its own filtered read gives', async () => {
  await store.append('group-alpha-1', amountEvents([1, 2], 'Alpha.Added'), {
    expected: { kind: 'no_stream' },
  });
  const middle = (
    await store.append('group-beta-1', amountEvents([3], 'Beta.Added'), {
      expected: { kind: 'no_stream' },
    })
  ).position;
  await store.append('group-alpha-1', amountEvents([4], 'Alpha.Added'), {
    expected: { kind: 'exact', revision: 1n },
  });
  await store.append('group-gamma-1', amountEvents([5], 'Gamma.Added'), {
    expected: { kind: 'no_stream' },
  });
  const { store: reading, reads } = counting(store);
  const group = createRunnerGroup(database().db, reading);
  const asks = [
    { after: undefined, filter: { streamPrefixes: ['group-alpha'] } },
    { after: middle, filter: { streamPrefixes: ['group-alpha'] } },
    { after: undefined, filter: { eventTypePrefixes: ['Beta.', 'Gamma.'] } },
    { after: middle, filter: { streamPrefixes: ['group-beta'] } },
    { after: undefined, filter: undefined },
  ];
  const pages = await Promise.all(asks.map((ask) => group.readHead(ask.after, 500, ask.filter)));
  expect(reads).toEqual([{ after: undefined, filtered: false }]);
  for (const [index, ask] of asks.entries()) {
    const own = await store.readAll({ after: ask.after, maxCount: 500, filter: ask.filter });
    const page = pages[index];
    expect(page?.events.map((event) => event.id)).toEqual(own.events.map((event) => event.id));
    expect(page?.lastSeen).toBe(own.lastSeen ?? own.events.at(-1)?.position);
    expect(page?.full).toBe(false);
  }
  // Nothing after the head: nothing seen, and the runner is caught up.
  const head = pages[4]?.lastSeen;
  expect(await group.readHead(head, 500, { streamPrefixes: ['group-alpha'] })).toEqual({
    events: [],
    lastSeen: undefined,
    full: false,
  });
});

test('a full shared page that ends before a runner position sends that runner to a read of its own', async () => {
  const first = await store.append('group-full-1', amountEvents([1, 2, 3, 4, 5, 6]), {
    expected: { kind: 'no_stream' },
  });
  const all = await store.readAll({ after: undefined, maxCount: 10_000 });
  const sixth = all.events.findIndex((event) => event.position === first.position);
  const before = all.events[sixth - 6]?.position;
  const third = all.events[sixth - 3]?.position;
  const { store: reading, reads } = counting(store);
  const group = createRunnerGroup(database().db, reading);
  const filter = { streamPrefixes: ['group-full'] };
  const [behind, ahead] = await Promise.all([
    group.readHead(before, 2, filter),
    group.readHead(third, 2, filter),
  ]);
  expect(behind?.events.map((event) => event.position)).toEqual(
    all.events.slice(sixth - 5, sixth - 3).map((event) => event.position),
  );
  expect(behind?.full).toBe(true);
  expect(ahead?.events.map((event) => event.position)).toEqual(
    all.events.slice(sixth - 2, sixth).map((event) => event.position),
  );
  expect(reads).toHaveLength(2);
});

test('a runner behind the others, inside what the group last read, is served from memory and the log is read on after it', async () => {
  const start = (
    await store.append('group-window-0', amountEvents([0]), { expected: { kind: 'no_stream' } })
  ).position;
  await store.append('group-window-1', amountEvents([1, 2, 3]), {
    expected: { kind: 'no_stream' },
  });
  const { store: reading, reads } = counting(store);
  const group = createRunnerGroup(database().db, reading);
  const filter = { streamPrefixes: ['group-window-'] };
  // Both at the same place: one read, as before.
  const [slow, fast] = await Promise.all([
    group.readHead(start, 500, filter),
    group.readHead(start, 500, filter),
  ]);
  expect(slow?.events).toHaveLength(3);
  // The fast runner goes on alone and reads the next append.
  await store.append('group-window-2', amountEvents([4, 5]), { expected: { kind: 'no_stream' } });
  const next = await group.readHead(fast?.lastSeen, 500, filter);
  expect(next.events).toHaveLength(2);
  // The slow runner, one event into the first append, gets the rest of the log from memory: the
  // store is read only after the last position the group has seen (nothing new there).
  const behind = slow?.events[0]?.position;
  const page = await group.readHead(behind, 500, filter);
  const own = await store.readAll({ after: behind, maxCount: 500, filter });
  expect(page.events.map((event) => event.id)).toEqual(own.events.map((event) => event.id));
  expect(page.events).toHaveLength(4);
  expect(page.lastSeen).toBe(next.lastSeen);
  expect(page.full).toBe(false);
  expect(reads.map((read) => read.after)).toEqual([start, fast?.lastSeen, next.lastSeen]);
  expect(group.stats.headEvents).toBe(5);
});

test('with a head read delay, what is asked and appended within it is one read; after a full page, no wait', async () => {
  const start = (
    await store.append('group-delay-0', amountEvents([0]), { expected: { kind: 'no_stream' } })
  ).position;
  const { store: reading, reads } = counting(store);
  const group = createRunnerGroup(database().db, reading, { headReadDelayMs: 200 });
  const filter = { streamPrefixes: ['group-delay-'] };
  // One runner asks, an append lands, another runner asks in a later turn: one read gets both.
  const asked = Date.now();
  const first = group.readHead(start, 500, filter);
  await store.append('group-delay-1', amountEvents([1, 2]), { expected: { kind: 'no_stream' } });
  const second = group.readHead(start, 500, undefined);
  const [mine, theirs] = await Promise.all([first, second]);
  expect(Date.now() - asked).toBeGreaterThanOrEqual(190);
  expect(mine.events).toHaveLength(2);
  expect(theirs.events.map((event) => event.id)).toEqual(mine.events.map((event) => event.id));
  expect(reads).toHaveLength(1);
  // A page that stopped at its size (catching up): the next read goes out at once.
  await store.append('group-delay-2', amountEvents([3, 4, 5]), { expected: { kind: 'no_stream' } });
  const full = await group.readHead(mine.lastSeen, 2, filter);
  expect(full.full).toBe(true);
  const resumed = Date.now();
  const rest = await group.readHead(full.lastSeen, 2, filter);
  expect(rest.events).toHaveLength(1);
  expect(Date.now() - resumed).toBeLessThan(150);
  expect(reads).toHaveLength(3);
});

test('checkpoint moves of one turn are one statement; a moved checkpoint refuses only its own', async () => {
  const { db } = database();
  const keys = [];
  for (const name of ['group_moves_a', 'group_moves_b', 'group_moves_c']) {
    const projection = totalsProjection({ name });
    await registerProjection(db, projection);
    keys.push(keyOf(projection));
  }
  const [a, b, c] = keys as [(typeof keys)[0], (typeof keys)[0], (typeof keys)[0]];
  const p = (n: number) => `${String(n).padStart(20, '0')}:${'0'.repeat(20)}` as GlobalPosition;
  const group = createRunnerGroup(db, store);
  await group.advancePast(c, undefined, p(1));
  const outcomes = await Promise.allSettled([
    group.advancePast(a, undefined, p(5)),
    group.advancePast(b, undefined, p(6)),
    // c is at p(1), not at the start: refused, and the others still move.
    group.advancePast(c, undefined, p(7)),
  ]);
  expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
  expect((outcomes[2] as PromiseRejectedResult).reason).toBeInstanceOf(CheckpointConflictError);
  expect(group.stats).toMatchObject({ advances: 4, advanceStatements: 2 });
  expect((await readCheckpoint(db, a)).position).toBe(p(5));
  expect((await readCheckpoint(db, b)).position).toBe(p(6));
  expect((await readCheckpoint(db, c)).position).toBe(p(1));
});

test('runners sharing a group apply every event once, with one read and one checkpoint statement per append', async () => {
  const { db, url } = database();
  const locks = new LeaderLocks(clientLockSessions(url));
  const hints = manualWakeUps();
  const { store: reading, reads } = counting(store);
  const group = createRunnerGroup(db, reading);
  const names = ['shared_wanted', 'shared_other_1', 'shared_other_2', 'shared_other_3'];
  const runners = names.map((name, index) =>
    createProjectionRunner({
      db,
      eventStore: reading,
      projection: totalsProjection({
        name,
        filter: { streamPrefixes: [index === 0 ? 'shared-wanted' : `shared-nothing-${index}`] },
      }),
      locks,
      logger: silentLogger,
      wakeUps: hints,
      group,
      // Only hints wake them: what each append costs is counted without idle polls.
      idleDelayMs: { min: 30_000, max: 30_000 },
    }),
  );
  const handles = runners.map((runner) => startRunner(runner));
  const checkpoints = async () =>
    Promise.all(
      names.map(
        async (name) => (await readCheckpoint(db, { projection: name, version: 1 })).position,
      ),
    );
  try {
    expect(await eventually(async () => runners.every((runner) => runner.status().caughtUp))).toBe(
      true,
    );
    const readsBefore = reads.length;
    const statementsBefore = group.stats.advanceStatements;
    const appends = 10;
    let revision: bigint | undefined;
    for (let index = 0; index < appends; index += 1) {
      const result = await store.append('shared-wanted', amountEvents([index + 1]), {
        expected: revision === undefined ? { kind: 'no_stream' } : { kind: 'exact', revision },
      });
      revision = result.nextExpectedRevision;
      hints.notify();
      // Every checkpoint, the filtered-out ones included, reaches the append before the next.
      expect(
        await eventually(async () =>
          (await checkpoints()).every(
            (position) => position !== undefined && position >= result.position,
          ),
        ),
      ).toBe(true);
    }
    expect(await readTotals(db, 'shared_wanted')).toEqual({ events: appends, sum: 55n });
    for (const name of names.slice(1)) expect((await readTotals(db, name)).events).toBe(0);
    // One shared read per append (not one per runner), one statement for the three skips.
    expect(reads.length - readsBefore).toBe(appends);
    expect(reads.slice(readsBefore).every((read) => !read.filtered)).toBe(true);
    expect(group.stats.advanceStatements - statementsBefore).toBe(appends);
  } finally {
    await Promise.all(handles.map((handle) => handle.stop()));
    await locks.close();
  }
});
