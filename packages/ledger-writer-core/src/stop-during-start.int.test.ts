// Proves that a writer service stopped while it is still starting (taking the leader lock, loading
// the ledger, or standing by) ends cleanly: no error is logged, `leading` does not fail, and the
// lock is released at once, so another writer leads right after.
import type { LogFields, Logger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import pg from 'pg';
import { expect, test } from 'vitest';
import { startLedgerWriterService } from './ledger-writer-service.ts';
import {
  answerOf,
  coins,
  freshId,
  seedAccounts,
  submission,
  transfer,
} from './testing/writer-fixtures.ts';

const database = useTestDatabase();

type Entry = { level: 'info' | 'warn' | 'error'; message: string; fields?: LogFields | undefined };

function recordingLogger(entries: Entry[]): Logger {
  const logger: Logger = {
    info: (message, fields) => entries.push({ level: 'info', message, fields }),
    warn: (message, fields) => entries.push({ level: 'warn', message, fields }),
    error: (message, fields) => entries.push({ level: 'error', message, fields }),
    child: () => logger,
  };
  return logger;
}

function startService(entries: Entry[]) {
  return startLedgerWriterService({
    databaseUrl: database().url,
    logger: recordingLogger(entries),
    runExpiry: false,
  });
}

/** Advisory locks held in this test's database, by any session. */
async function advisoryLocksHeld(): Promise<number> {
  const client = new pg.Client({ connectionString: database().url });
  await client.connect();
  try {
    const { rows } = await client.query<{ held: number }>(
      `SELECT count(*)::int AS held FROM pg_locks
        WHERE locktype = 'advisory' AND granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    return rows[0]?.held ?? 0;
  } finally {
    await client.end();
  }
}

test('stopped at each point of its start, the service releases the lock and logs no error', async () => {
  const seeding = await startService([]);
  await seeding.leading;
  await seedAccounts(seeding.writer() ?? expect.unreachable(), ['gina', 'hank'], 100);
  await seeding.stop();

  // 0 ms: before the lock is taken; later ones land in the lock query or the ledger load.
  for (const afterMs of [0, 1, 5, 15, 40, 100]) {
    const entries: Entry[] = [];
    const service = await startService(entries);
    const leadingOutcome = service.leading.then(
      () => 'settled',
      (error: unknown) => `failed: ${String(error)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, afterMs));
    await service.stop();
    expect(await service.ended).toBe('requested');
    expect(await leadingOutcome).toBe('settled');
    expect(service.writer()).toBeUndefined();
    expect(await advisoryLocksHeld(), `stopped after ${afterMs} ms`).toBe(0);
    expect(entries.filter((entry) => entry.level !== 'info')).toEqual([]);
  }

  const next = await startService([]);
  await next.leading;
  const accepted = await next.submit(submission(transfer(freshId(), 'gina', 'hank', coins(1))));
  expect(answerOf(accepted).kind).toBe('accepted');
  await next.stop();
});

test('a standby stopped while another writer leads ends without an error', async () => {
  const leader = await startService([]);
  await leader.leading;
  const entries: Entry[] = [];
  const standby = await startService(entries);
  await new Promise((resolve) => setTimeout(resolve, 50));
  await standby.stop();
  expect(await standby.ended).toBe('requested');
  await expect(standby.leading).resolves.toBeUndefined();
  expect(entries.filter((entry) => entry.level === 'error')).toEqual([]);
  await leader.stop();
  expect(await advisoryLocksHeld()).toBe(0);
});
