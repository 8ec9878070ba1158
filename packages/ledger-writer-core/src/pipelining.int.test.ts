// Proves the writer's pipelining order: while one batch commits the next is decided and prepared
// by the store (canonical JSON and hashes, off the serial path; the append gets that prepared
// value), and once the first commits the next append is issued before the first batch's commands
// are answered; no answer ever comes before its own batch committed, and appends never overlap;
// an append slower than the slow-stage bound is counted (and logged) as a slow stage.
import type { EventStore, NewEvent } from '@ledger/event-store';
import { useTestDatabase } from '@ledger/testing';
import { expect, test } from 'vitest';
import { slowStageMs } from './limits.ts';
import {
  answerOf,
  coins,
  expectAccepted,
  freshId,
  openMember,
  seedAccounts,
  startTestWriter,
  submission,
  transfer,
} from './testing/writer-fixtures.ts';

const database = useTestDatabase();

type Gate = { opened: Promise<void>; open(): void };

function gate(): Gate {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

test('the next append is issued before the committed batch is answered', async () => {
  const timeline: string[] = [];
  const held = gate();
  let appendsInFlight = 0;
  let appendsInFlightMax = 0;
  const prepared = new Set<readonly NewEvent[]>();
  let appendsUnprepared = 0;
  const commandsOf = (events: readonly NewEvent[]) =>
    [...new Set(events.map((event) => String(event.metadata?.commandId)))].join(',');
  const recording = (store: EventStore): EventStore => ({
    ...store,
    prepare(events) {
      const value = (store.prepare as NonNullable<EventStore['prepare']>)(events);
      prepared.add(value);
      timeline.push(`prepare ${commandsOf(events)}`);
      return value;
    },
    async append(stream, events, options) {
      const commands = commandsOf(events).split(',');
      if (!prepared.has(events)) appendsUnprepared += 1;
      timeline.push(`append ${commands.join(',')}`);
      appendsInFlight += 1;
      appendsInFlightMax = Math.max(appendsInFlightMax, appendsInFlight);
      try {
        if (commands.includes('first')) await held.opened;
        const result = await store.append(stream, events, options);
        timeline.push(`committed ${commands.join(',')}`);
        return result;
      } finally {
        appendsInFlight -= 1;
      }
    },
  });
  const running = await startTestWriter(database().url, { wrapStore: recording });
  try {
    await seedAccounts(running.writer, ['ann', 'ben'], 10);
    timeline.length = 0;
    const answer = (commandId: string) =>
      running.writer
        .submit(submission(transfer(freshId('t'), 'ann', 'ben', coins(1)), { commandId }))
        .then((result) => {
          timeline.push(`answer ${commandId}`);
          return result;
        });
    const first = answer('first');
    // 'first' is being appended (held); these two are decided meanwhile, as the next batch.
    while (!timeline.includes('append first'))
      await new Promise((resolve) => setImmediate(resolve));
    const second = answer('second');
    const third = answer('third');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(timeline).toEqual(['prepare first', 'append first', 'prepare second,third']);
    held.open();
    const results = await Promise.all([first, second, third]);
    for (const result of results) expect(answerOf(result).kind).toBe('accepted');

    expect(timeline).toEqual([
      'prepare first',
      'append first',
      'prepare second,third',
      'committed first',
      'append second,third',
      'answer first',
      'committed second,third',
      'answer second',
      'answer third',
    ]);
    expect(appendsInFlightMax).toBe(1);
    expect(appendsUnprepared).toBe(0);
  } finally {
    await running.close();
  }
});

test('an append slower than slowStageMs is counted as a slow stage of the loop', async () => {
  const slow = (store: EventStore): EventStore => ({
    ...store,
    async append(stream, events, options) {
      await new Promise((resolve) => setTimeout(resolve, slowStageMs + 20));
      return store.append(stream, events, options);
    },
  });
  const running = await startTestWriter(database().url, { wrapStore: slow });
  try {
    const before = running.writer.stats().slowStages;
    expectAccepted(await running.writer.submit(submission(openMember(freshId('slow')))));
    expect(running.writer.stats().slowStages).toBe(before + 1);
  } finally {
    await running.close();
  }
});
