// Proves that with the key filter a running writer still finds a stale retry whose key left the
// in-memory window (answered from the command-outcome table, same answer, replayed; another body
// is refused), and that fresh keys skip the table lookup entirely.

import type { LedgerSubmission } from '@ledger/ledger-client';
import { useTestDatabase } from '@ledger/testing';
import { expect, test } from 'vitest';
import {
  answerOf,
  coins,
  freshId,
  openMember,
  outcomesWritten,
  seedAccounts,
  startTestWriter,
  submission,
  transfer,
} from './testing/writer-fixtures.ts';

const database = useTestDatabase();

test('a key evicted from the window is found through the filter; fresh keys are not looked up', async () => {
  const running = await startTestWriter(database().url, {
    settings: { outcomesInMemoryMax: 8, answersInMemoryMax: 2 },
  });
  try {
    await seedAccounts(running.writer, ['ann', 'ben'], 10);
    const first: LedgerSubmission = submission(transfer(freshId('t'), 'ann', 'ben', coins(1)), {
      actor: 'member:1',
    });
    const original = await running.writer.submit(first);
    expect(answerOf(original).kind).toBe('accepted');
    answerOf(await running.writer.submit(submission(openMember('one-more'))));
    // Each fresh command pushes the oldest projected key out of the full window; after two
    // rounds of seven (its outcome rows written in between) only fresh keys are left in it, and
    // `first` is only in the table. None of the fresh ones is looked up.
    const lookupBefore = running.writer.stats().lookupMs;
    for (let round = 0; round < 2; round += 1) {
      await outcomesWritten(running.writer);
      for (let index = 0; index < 7; index += 1) {
        const fresh = await running.writer.submit(
          submission(
            index % 2 === 0
              ? transfer(freshId('t'), 'ben', 'ann', coins(1))
              : transfer(freshId('t'), 'ann', 'ben', coins(1)),
            { actor: 'member:2' },
          ),
        );
        expect(answerOf(fresh).kind).toBe('accepted');
      }
    }
    expect(running.writer.stats().lookupMs).toBe(lookupBefore);
    expect(running.writer.stats().windowSize).toBeLessThanOrEqual(8);

    const [retry, reused] = await Promise.all([
      running.writer.submit(first),
      running.writer.submit({ ...first, command: openMember('someone-else') }),
    ]);
    expect(retry).toMatchObject({ kind: 'answered', replayed: true });
    expect(answerOf(retry)).toEqual(answerOf(original));
    expect(reused.kind).toBe('IdempotencyKeyReused');
    expect(running.writer.stats().lookupMs).toBeGreaterThan(lookupBefore);
  } finally {
    await running.close();
  }
});
