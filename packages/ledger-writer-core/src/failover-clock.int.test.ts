// Proves that the ledger's times never go back across a failover: a writer taking over whose system
// clock is an hour behind stamps its first events at the ledger's newest instant (read past a
// trailing rejection, which records none), then follows its own clock once that passes it.
import { decidedAtOf, type LedgerStreamEvent } from '@ledger/ledger';
import { useTestDatabase } from '@ledger/testing';
import { afterEach, describe, expect, test } from 'vitest';
import {
  answerOf,
  chainClearing,
  coins,
  expectAccepted,
  freshId,
  readLedger,
  seedAccounts,
  startTestWriter,
  submission,
  type TestWriter,
  transfer,
} from './testing/writer-fixtures.ts';

const database = useTestDatabase();
const running: TestWriter[] = [];
afterEach(async () => {
  for (const each of running.splice(0)) await each.close();
});

const hourMs = 3_600_000;

describe('a writer taking over', () => {
  test('never stamps an event earlier than the ledger’s newest instant', async () => {
    const first = await startTestWriter(database().url, {
      nowMs: () => Date.parse('2025-05-01T12:00:00.000Z'),
    });
    running.push(first);
    await seedAccounts(first.writer, ['wallet:1', 'wallet:2'], 5);
    // A rejection last: it records no instant, so the successor looks past it.
    const rejected = await first.writer.submit(
      submission(transfer(freshId('t'), 'wallet:1', 'wallet:2', coins(50))),
    );
    expect(answerOf(rejected).kind).toBe('rejected');
    await first.close();
    running.splice(0);

    let successorMs = Date.parse('2025-05-01T11:00:00.000Z');
    const successor = await startTestWriter(database().url, { nowMs: () => successorMs });
    running.push(successor);
    expectAccepted(
      await successor.writer.submit(
        submission(transfer(freshId('t'), 'wallet:1', 'wallet:2', coins(1))),
      ),
    );
    successorMs += 2 * hourMs;
    expectAccepted(
      await successor.writer.submit(
        submission(transfer(freshId('t'), chainClearing, 'wallet:2', coins(1))),
      ),
    );
    const instants = (await readLedger(successor.store))
      .map((event) => decidedAtOf(event as unknown as LedgerStreamEvent))
      .filter((at) => at !== undefined);
    expect(instants.slice(-2)).toEqual(['2025-05-01T12:00:00.000Z', '2025-05-01T13:00:00.000Z']);
    expect(instants).toEqual([...instants].sort());
  });
});
