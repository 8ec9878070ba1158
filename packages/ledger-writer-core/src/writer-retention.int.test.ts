// Proves the writer keeps nothing per command it has answered: after thousands of commands, each
// followed by an idle turn, the live promises (counted after a full collection) are as many as
// after the first few hundred. Two retentions this catches: the idle wait of before 13b0dd7 raced a
// promise that settled only at stop (one promise kept per idle turn for the life of the process),
// and the submission queue held every taken submission, with its caller's pending reply, until its
// next compaction (docs/performance.md, eighth pass).
import { queryObjects } from 'node:v8';
import { useTestDatabase } from '@ledger/testing';
import { expect, test } from 'vitest';
import {
  coins,
  expectAccepted,
  freshId,
  outcomesWritten,
  seedAccounts,
  startTestWriter,
  submission,
  transfer,
} from './testing/writer-fixtures.ts';

const database = useTestDatabase();

test('idle turns between commands leave no promise behind', async () => {
  const running = await startTestWriter(database().url);
  try {
    const { writer } = running;
    await seedAccounts(writer, ['ann', 'ben'], 10);
    // One command at a time, so the writer goes idle after every one.
    const oneByOne = async (count: number) => {
      for (let index = 0; index < count; index += 1) {
        const [debit, credit] = index % 2 === 0 ? ['ann', 'ben'] : ['ben', 'ann'];
        expectAccepted(
          await writer.submit(submission(transfer(freshId('t'), debit, credit, coins(1)))),
        );
      }
      await outcomesWritten(writer);
    };
    await oneByOne(300);
    const promisesBefore = queryObjects(Promise, { format: 'count' }) as number;
    const commands = 2_000;
    await oneByOne(commands);
    const promisesAfter = queryObjects(Promise, { format: 'count' }) as number;
    // Either retention kept at least one promise per command (2,000 here).
    expect(promisesAfter - promisesBefore).toBeLessThan(commands / 20);
  } finally {
    await running.close();
  }
}, 60_000);
