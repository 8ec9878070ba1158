// Proves the process runner and the resumer on a real PostgreSQL event store: a process runs its
// steps until none is next with one stream read per step, a crash between a step's side effect
// and its record is finished by running the process again with the side effect made once (the
// same derived command id), a refused record throws the process's error, and the resumer runs
// processes nudged by another actor's append and those on its work list, a failing one aside.
import { randomUUID } from 'node:crypto';
import { accepted, rejected } from '@ledger/decider';
import type { EventStore } from '@ledger/event-store';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  handleCommand,
  type ProcessDefinition,
  runProcess,
  startProcessResumer,
  stepCommandId,
} from './index.ts';

/** A payout: requested → its money moved (one bank command) → closed. */
type PayoutEvent =
  | { type: 'PayoutRequested'; data: { amount: string } }
  | { type: 'PayoutMoved'; data: { bankCommandId: string } }
  | { type: 'PayoutClosed'; data: Record<string, never> };
type PayoutState = { status: 'none' | 'requested' | 'moved' | 'closed'; amount: string };
type PayoutCommand =
  | { type: 'RecordMove'; bankCommandId: string }
  | { type: 'Close' }
  | { type: 'Refuse' };
type PayoutStep = { kind: 'move'; amount: string } | { kind: 'close' };
type Moved = { type: 'Moved'; data: { commandId: string; amount: string } };

const bank = {
  initialState: (): string[] => [],
  evolve: (commandIds: string[], event: Moved) => [...commandIds, event.data.commandId],
};

const database = useTestDatabase();
let store: EventStore;
beforeAll(() => {
  store = createPostgresEventStore({ url: database().url });
});
afterAll(() => store.close());

const payoutStream = (id: string) => `payout-${id}`;

/** The payout process over `eventStore`; `crashAfterMove` throws right after the money moved. */
function payouts(eventStore: EventStore, crashAfterMove = { once: false }) {
  const definition: ProcessDefinition<PayoutState, PayoutEvent, PayoutCommand, string, PayoutStep> =
    {
      name: 'payout',
      streamOf: payoutStream,
      streamPrefix: 'payout-',
      actor: 'system:payout',
      refused: (rejection) => new Error(`refused: ${rejection}`),
      decider: {
        initialState: () => ({ status: 'none', amount: '0' }),
        evolve: (state, event) => {
          if (event.type === 'PayoutRequested')
            return { status: 'requested', amount: event.data.amount };
          return { ...state, status: event.type === 'PayoutMoved' ? 'moved' : 'closed' };
        },
        decide: (command, state) => {
          if (command.type === 'Refuse') return rejected('no');
          if (command.type === 'RecordMove') {
            return state.status === 'requested'
              ? accepted([{ type: 'PayoutMoved', data: { bankCommandId: command.bankCommandId } }])
              : accepted([]);
          }
          return state.status === 'moved'
            ? accepted([{ type: 'PayoutClosed', data: {} }])
            : accepted([]);
        },
      },
      nextStep: (state) =>
        state.status === 'requested'
          ? { kind: 'move', amount: state.amount }
          : state.status === 'moved'
            ? { kind: 'close' }
            : undefined,
      steps: {
        async move(step, { processId }) {
          const bankCommandId = stepCommandId(processId, 'move');
          await handleCommand(
            eventStore,
            'bank',
            bank,
            (seen) =>
              seen.includes(bankCommandId)
                ? accepted([])
                : accepted<Moved>([
                    { type: 'Moved', data: { commandId: bankCommandId, amount: step.amount } },
                  ]),
            { commandId: bankCommandId, requestId: processId, actor: 'system:payout' },
          );
          if (crashAfterMove.once) {
            crashAfterMove.once = false;
            throw new Error('crash after the move');
          }
          return {
            commandId: stepCommandId(processId, 'move-outcome'),
            command: { type: 'RecordMove', bankCommandId },
          };
        },
        async close(_, { processId }) {
          return { commandId: stepCommandId(processId, 'close'), command: { type: 'Close' } };
        },
      },
    };
  return definition;
}

async function request(id: string, actor = 'member:1') {
  await store.append(
    payoutStream(id),
    [{ id: randomUUID(), type: 'PayoutRequested', data: { amount: '5' }, metadata: { actor } }],
    { expected: { kind: 'no_stream' } },
  );
}

async function movesOf(id: string): Promise<number> {
  let count = 0;
  for await (const event of store.readStream('bank')) {
    if ((event.data as Moved['data']).commandId === stepCommandId(id, 'move')) count += 1;
  }
  return count;
}

/** The store, counting reads of process streams. */
function counting(reads: { count: number }): EventStore {
  return new Proxy(store, {
    get(target, property) {
      if (property === 'readStream') {
        return (stream: string, options?: Parameters<EventStore['readStream']>[1]) => {
          if (stream.startsWith('payout-')) reads.count += 1;
          return target.readStream(stream, options);
        };
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('runProcess', () => {
  test('takes every step until none is next, reading the process stream once per step', async () => {
    await request('p1');
    const reads = { count: 0 };
    const run = await runProcess(counting(reads), payouts(counting(reads)), 'p1');
    expect(run).toMatchObject({ state: { status: 'closed' }, steps: 2 });
    expect(run.position).not.toBeNull();
    // One read to start, then one per step: each record's read is the next step's state.
    expect(reads.count).toBe(1 + run.steps);
    expect(await movesOf('p1')).toBe(1);
    expect(await runProcess(store, payouts(store), 'p1')).toMatchObject({
      steps: 0,
      position: null,
    });
  });

  test('a crash between the side effect and its record: the next run finishes it, money moved once', async () => {
    await request('p2');
    const crash = { once: true };
    await expect(runProcess(store, payouts(store, crash), 'p2')).rejects.toThrow(/crash/);
    expect(await movesOf('p2')).toBe(1);
    const run = await runProcess(store, payouts(store), 'p2');
    expect(run.state.status).toBe('closed');
    expect(await movesOf('p2')).toBe(1);
  });

  test('a refused record throws the process’s error', async () => {
    await request('p3');
    const definition = payouts(store);
    const refusing = {
      ...definition,
      steps: {
        ...definition.steps,
        move: async () => ({ commandId: 'p3:refuse', command: { type: 'Refuse' } as const }),
      },
    };
    await expect(runProcess(store, refusing, 'p3')).rejects.toThrow('refused: no');
  });
});

describe('startProcessResumer', () => {
  test('runs a process another actor appended to, and those on its work list; a failing one waits', async () => {
    await request('p4');
    const definition = payouts(store);
    const failures: string[] = [];
    const resumer = startProcessResumer({
      eventStore: store,
      intervalMs: 60_000,
      logger: { info: () => {}, warn: (message) => failures.push(message) },
      processes: [
        {
          name: 'payout',
          streamPrefix: 'payout-',
          actor: definition.actor,
          pending: async () => ['missing', 'p4'],
          run: async (id) => {
            if (id === 'missing') throw new Error('no such payout');
            return runProcess(store, definition, id);
          },
        },
      ],
    });
    try {
      const closed = async (id: string) =>
        (await runProcess(store, { ...definition, nextStep: () => undefined }, id)).state.status ===
        'closed';
      await until(() => closed('p4'));
      expect(failures).toEqual(['payout waits for a later round']);
      // The work list is polled once a minute here: p5 runs on the nudge of its own append.
      await resumer.ready;
      await request('p5');
      await until(() => closed('p5'));
      expect(await movesOf('p5')).toBe(1);
    } finally {
      await resumer.stop();
    }
  });
});
