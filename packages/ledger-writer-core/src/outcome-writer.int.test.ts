// Proves that the writer writes one command-outcome row per command (rejections included, whatever characters its key holds) after each commit and moves the progress row with it; that a restart repairs rows lost between a commit and its outcome statement; that while rows cannot be written the window forgets nothing (it refuses work instead) and catches up afterwards; and that a row already there is tolerated or continued, while a command found twice stops the outcome writer with nothing of that statement written.
import { createPool } from '@ledger/db';
import type { LedgerSubmission } from '@ledger/ledger-client';
import { silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readProjectedRevision } from './command-outcome-projection.ts';
import type { LedgerWriter } from './ledger-writer.ts';
import { type OutcomeRow, OutcomeWriter } from './outcome-writer.ts';
import {
  answerOf,
  chainClearing,
  coins,
  expectAccepted,
  freshId,
  openMember,
  outcomesWritten,
  readLedger,
  seedAccounts,
  startTestWriter,
  submission,
  transfer,
} from './testing/writer-fixtures.ts';

const database = useTestDatabase();
let pool: pg.Pool;
beforeAll(() => {
  pool = createPool({ url: database().url, poolSizeMax: 2 });
});
afterAll(async () => {
  await pool.end();
});

type TableRow = {
  actor: string;
  command_id: string;
  body_hash: string;
  revision_first: string;
  event_count: number;
};

async function tableRows(): Promise<TableRow[]> {
  const { rows } = await pool.query<TableRow>(
    `SELECT actor, command_id, body_hash, revision_first::text AS revision_first, event_count
       FROM ledger_command_outcomes_v1 o ORDER BY o.revision_first`,
  );
  return rows;
}

/** The rows the ledger stream says the table must hold: one per command, in revision order. */
async function rowsFromLog(store: Parameters<typeof readLedger>[0]): Promise<TableRow[]> {
  const rows: TableRow[] = [];
  for (const event of await readLedger(store)) {
    const { actor, commandId, bodyHash } = event.metadata as Record<string, string>;
    const last = rows.at(-1);
    if (last !== undefined && last.actor === actor && last.command_id === commandId) {
      last.event_count += 1;
      continue;
    }
    rows.push({
      actor: actor as string,
      command_id: commandId as string,
      body_hash: bodyHash as string,
      revision_first: String(event.revision),
      event_count: 1,
    });
  }
  return rows;
}

/** Member accounts funded from chain clearing (the first test opened the system accounts). */
async function openFunded(
  writer: Pick<LedgerWriter, 'submit'>,
  accounts: readonly string[],
  units: number,
): Promise<void> {
  for (const account of accounts) {
    expectAccepted(await writer.submit(submission(openMember(account))));
    expectAccepted(
      await writer.submit(
        submission(transfer(freshId('fund'), chainClearing, account, coins(units))),
      ),
    );
  }
}

async function resetTable(): Promise<void> {
  await pool.query('DELETE FROM ledger_command_outcomes_v1');
  await pool.query('UPDATE ledger_command_outcome_progress_v1 SET revision = -1');
}

/** A pool whose queries fail while `down` is set (the outcome writer's database unreachable). */
function flakyPool(real: pg.Pool): { pool: pg.Pool; setDown(down: boolean): void } {
  let down = false;
  const refuse = () => Promise.reject(new Error('connection refused (test)'));
  const wrapped = {
    query: (...args: unknown[]) =>
      down ? refuse() : (real.query as (...a: unknown[]) => unknown)(...args),
    connect: () => (down ? refuse() : real.connect()),
  } as unknown as pg.Pool;
  return {
    pool: wrapped,
    setDown(value) {
      down = value;
    },
  };
}

describe('the writer writes its command outcomes', () => {
  test('one row per command after each commit, rejections included; progress follows', async () => {
    await resetTable();
    const running = await startTestWriter(database().url);
    try {
      await seedAccounts(running.writer, ['ann', 'ben'], 5);
      const results = await Promise.all([
        running.writer.submit(submission(transfer(freshId('t'), 'ann', 'ben', coins(2)))),
        running.writer.submit(submission(transfer(freshId('t'), 'ann', 'ben', coins(50)))),
        running.writer.submit(
          submission(transfer(freshId('t'), 'ben', 'ann', coins(1)), { actor: 'member:9' }),
        ),
        // A key with what an array literal must escape or quote (the rows go as array literals).
        running.writer.submit(
          submission(transfer(freshId('t'), 'ben', 'ann', coins(1)), {
            actor: 'member:"9"\\',
            commandId: `${freshId('k')} "q" \\ a,{b} NULL`,
          }),
        ),
      ]);
      expect(results.map((result) => answerOf(result).kind)).toEqual([
        'accepted',
        'rejected',
        'accepted',
        'accepted',
      ]);
      await outcomesWritten(running.writer);
      const stats = running.writer.stats();
      expect(await readProjectedRevision(pool)).toBe(stats.revision);
      expect(await tableRows()).toEqual(await rowsFromLog(running.store));
      expect(stats.outcomeConflicts).toBe(0);
      expect(stats.outcomeStatements).toBeLessThanOrEqual(stats.batches);
    } finally {
      await running.close();
    }
  });

  test('a restart writes the rows lost between a commit and its outcome statement', async () => {
    await resetTable();
    const first = await startTestWriter(database().url);
    const kept: LedgerSubmission[] = [];
    let originals: ReturnType<typeof answerOf>[] = [];
    try {
      await openFunded(first.writer, ['cat', 'dan'], 5);
      for (let index = 0; index < 4; index += 1) {
        kept.push(submission(transfer(freshId('t'), 'cat', 'dan', coins(1))));
      }
      originals = (await Promise.all(kept.map((each) => first.writer.submit(each)))).map(answerOf);
      await outcomesWritten(first.writer);
    } finally {
      await first.close();
    }
    // As if the process died after its last commits, before their outcome statements.
    await pool.query(
      'DELETE FROM ledger_command_outcomes_v1 WHERE revision_first > (SELECT max(revision_first) - 4 FROM ledger_command_outcomes_v1)',
    );
    await pool.query(
      'UPDATE ledger_command_outcome_progress_v1 SET revision = (SELECT max(revision_first + event_count - 1) FROM ledger_command_outcomes_v1)',
    );
    const second = await startTestWriter(database().url);
    try {
      await outcomesWritten(second.writer);
      expect(await tableRows()).toEqual(await rowsFromLog(second.store));
      expect(await readProjectedRevision(pool)).toBe(second.writer.stats().revision);
      const retries = await Promise.all(kept.map((each) => second.writer.submit(each)));
      retries.forEach((retry, index) => {
        expect(retry).toMatchObject({ kind: 'answered', replayed: true });
        expect(answerOf(retry)).toEqual(originals[index]);
      });
    } finally {
      await second.close();
    }
  });

  test('while the rows cannot be written nothing is forgotten: it refuses work, then catches up', async () => {
    const flaky = flakyPool(pool);
    const running = await startTestWriter(database().url, {
      outcomePool: flaky.pool,
      settings: { outcomesInMemoryMax: 12, outcomesInMemoryKept: 4, answersInMemoryMax: 2 },
    });
    try {
      await outcomesWritten(running.writer);
      await openFunded(running.writer, ['eve', 'fay'], 50);
      await outcomesWritten(running.writer);
      flaky.setDown(true);
      const accepted: LedgerSubmission[] = [];
      let refused = 0;
      for (let index = 0; index < 20; index += 1) {
        const each = submission(transfer(freshId('t'), 'eve', 'fay', coins(1)));
        const result = await running.writer.submit(each);
        if (result.kind === 'Unavailable') {
          expect(result.reason).toBe('overloaded');
          refused += 1;
        } else {
          accepted.push(each);
        }
      }
      // Every accepted command not in the table stays in the window, up to its bound.
      expect(refused).toBeGreaterThan(0);
      // Each refusal is counted in the writer's status (the backpressure a breakpoint run reads).
      expect(running.writer.stats().overloaded).toBe(refused);
      expect(running.writer.stats().windowSize).toBe(12);
      // Its statements (at most one per 50 ms) fail meanwhile, and are retried.
      const deadline = performance.now() + 5_000;
      while (running.writer.stats().outcomeFailures === 0 && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(running.writer.stats().outcomeFailures).toBeGreaterThan(0);
      flaky.setDown(false);
      await outcomesWritten(running.writer);
      expect(await tableRows()).toEqual(await rowsFromLog(running.store));
      // Work is taken again once the window could let the written ones go.
      const after = await running.writer.submit(
        submission(transfer(freshId('t'), 'eve', 'fay', coins(1))),
      );
      expect(answerOf(after).kind).toBe('accepted');
      // The oldest accepted ones left the window: answered through the table, same outcome.
      const retry = await running.writer.submit(accepted[0] as LedgerSubmission);
      expect(retry).toMatchObject({ kind: 'answered', replayed: true });
    } finally {
      await running.close();
    }
  });
});

describe('rows already in the table', () => {
  function row(revision: number, commandId: string, eventCount = 1): OutcomeRow {
    return {
      actor: 'member:1',
      commandId,
      bodyHash: `hash-of-${commandId}`,
      revisionFirst: revision,
      eventCount,
      position: `p${String(revision + eventCount - 1).padStart(8, '0')}`,
    };
  }

  async function write(rows: OutcomeRow[]): Promise<OutcomeWriter> {
    const writer = new OutcomeWriter({ pool, logger: silentLogger, onWritten: () => {} });
    writer.reset(rows, -1);
    await writer.drain(5_000);
    await writer.close();
    return writer;
  }

  test('an identical row is tolerated and a partial one continued; a command found twice stops it', async () => {
    await resetTable();
    await write([row(0, 'a'), row(1, 'b', 2)]);
    // Again, with `b` now one event longer (a row the old projection split over two pages).
    const again = await write([row(0, 'a'), row(1, 'b', 3), row(4, 'c')]);
    expect(again.halted).toBe(false);
    expect(again.stats()).toMatchObject({ conflicts: 1, statements: 1, revisionWritten: 4 });
    expect((await tableRows()).map((each) => [each.command_id, each.event_count])).toEqual([
      ['a', 1],
      ['b', 3],
      ['c', 1],
    ]);
    expect(await readProjectedRevision(pool)).toBe(4);

    // `a` again at another revision: nothing of the statement is written, and it stops.
    const twice = await write([row(5, 'd'), row(6, 'a')]);
    expect(twice.halted).toBe(true);
    expect((await tableRows()).map((each) => each.command_id)).toEqual(['a', 'b', 'c']);
    expect(await readProjectedRevision(pool)).toBe(4);
    // The same command twice among the rows themselves.
    const inRows = await write([row(5, 'e'), row(6, 'e')]);
    expect(inRows.halted).toBe(true);
    expect(await readProjectedRevision(pool)).toBe(4);
  });
});
