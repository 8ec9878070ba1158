// Proves that of two writers started at once exactly one leads (the other answers notLeader and takes over when the leader stops), and that a writer that appends without the lock is fenced by the ledger stream's expected revision: it stops, a leader it overtook reloads, and no command is appended twice.
import { silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { describe, expect, test } from 'vitest';
import { withoutLock } from './leadership.ts';
import { startLedgerWriterService } from './ledger-writer-service.ts';
import {
  answerOf,
  coins,
  commandRuns,
  freshId,
  readLedger,
  seedAccounts,
  startTestWriter,
  submission,
  transfer,
} from './testing/writer-fixtures.ts';

const database = useTestDatabase();

function startService() {
  return startLedgerWriterService({
    databaseUrl: database().url,
    logger: silentLogger,
    runExpiry: false,
  });
}

describe('two writers started at once', () => {
  test('one leads, the other answers notLeader and takes over when the leader stops', async () => {
    const [one, two] = await Promise.all([startService(), startService()]);
    const first = await Promise.race([one.leading.then(() => one), two.leading.then(() => two)]);
    const second = first === one ? two : one;
    await seedAccounts(first, ['gina', 'hank'], 100);
    const refused = await second.submit(submission(transfer(freshId(), 'gina', 'hank', coins(1))));
    expect(refused).toMatchObject({ kind: 'Unavailable', reason: 'notLeader' });
    expect(second.writer()).toBeUndefined();

    await first.stop();
    await second.leading;
    const accepted = await second.submit(submission(transfer(freshId(), 'gina', 'hank', coins(1))));
    expect(answerOf(accepted).kind).toBe('accepted');
    await second.stop();
  });
});

describe('fencing by the expected revision', () => {
  test('a writer appending without the lock after the leader moved on is fenced and stops', async () => {
    const leader = await startTestWriter(database().url);
    const intruder = await startTestWriter(database().url, { leadership: withoutLock() });
    const moved = await leader.writer.submit(
      submission(transfer(freshId(), 'gina', 'hank', coins(1))),
    );
    expect(answerOf(moved).kind).toBe('accepted');

    const attempt = await intruder.writer.submit(
      submission(transfer(freshId(), 'gina', 'hank', coins(1))),
    );
    expect(attempt).toMatchObject({ kind: 'Unavailable', reason: 'notLeader' });
    expect(await intruder.writer.stopped).toBe('overtaken');
    expect(
      answerOf(
        await leader.writer.submit(submission(transfer(freshId(), 'hank', 'gina', coins(1)))),
      ).kind,
    ).toBe('accepted');
    await intruder.close();
    await leader.close();
  });

  test('a leader overtaken by a stale writer reloads, decides its commands again and goes on', async () => {
    const leader = await startTestWriter(database().url);
    const stale = await startTestWriter(database().url, { leadership: withoutLock() });
    // The stale writer gets in first: its append fits the revision both loaded.
    const sneaked = await stale.writer.submit(
      submission(transfer(freshId(), 'gina', 'hank', coins(1))),
    );
    expect(answerOf(sneaked).kind).toBe('accepted');
    const mine = submission(transfer(freshId(), 'hank', 'gina', coins(2)));
    const result = await leader.writer.submit(mine);
    expect(result).toMatchObject({
      kind: 'answered',
      replayed: false,
      answer: { kind: 'accepted' },
    });
    expect(leader.writer.stats().reloads).toBe(1);
    expect(leader.writer.status()).toBe('running');

    const again = await stale.writer.submit(
      submission(transfer(freshId(), 'gina', 'hank', coins(1))),
    );
    expect(again).toMatchObject({ kind: 'Unavailable', reason: 'notLeader' });
    expect(await stale.writer.stopped).toBe('overtaken');

    const events = await readLedger(leader.store);
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
    const runs = commandRuns(events);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    await stale.close();
    await leader.close();
  });
});
