// Proves that answers survive a restart (from the log, or from the command-outcome projection once the in-memory window has lost them, without failing fresh commands batched with a stale retry), and that snapshot + fold equals a full fold while a corrupted snapshot is detected and skipped.
import { serializeState } from '@ledger/ledger';
import type { LedgerSubmission } from '@ledger/ledger-client';
import { silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { loadLedger } from './ledger-loader.ts';
import { OutcomeWindow } from './outcome-window.ts';
import { hashStateText } from './snapshots.ts';
import {
  answerOf,
  asset,
  coins,
  commandRuns,
  freshId,
  openMember,
  readLedger,
  seedAccounts,
  seededRandom,
  startTestWriter,
  submission,
  type TestWriter,
  transfer,
} from './testing/writer-fixtures.ts';

const database = useTestDatabase();

function stateHash(state: Parameters<typeof serializeState>[0]): string {
  return hashStateText(JSON.stringify(serializeState(state)));
}

async function load(running: TestWriter, ignoreSnapshots: boolean) {
  const window = new OutcomeWindow({ sizeMax: 1_000_000, answersMax: 16 });
  const loaded = await loadLedger({
    store: running.store,
    pool: running.pool,
    stream: 'ledger',
    window,
    logger: silentLogger,
    ignoreSnapshots,
  });
  return { ...loaded, window };
}

describe('restart', () => {
  const kept: LedgerSubmission[] = [];

  test('answers survive a restart: the original answer, rejections included', async () => {
    const first = await startTestWriter(database().url);
    await seedAccounts(first.writer, ['carol', 'dave'], 100);
    kept.push(
      submission(transfer(freshId('kept'), 'carol', 'dave', coins(1)), { actor: 'member:3' }),
      submission(transfer(freshId('kept'), 'carol', 'dave', coins(1_000)), { actor: 'member:3' }),
      submission(
        {
          type: 'PlaceHold',
          data: {
            holdId: freshId('hold'),
            account: 'carol',
            amount: coins(2),
            reason: 'withdrawal',
          },
        },
        { actor: 'member:3' },
      ),
    );
    const originals = await Promise.all(kept.map((each) => first.writer.submit(each)));
    expect(originals.map((result) => answerOf(result).kind)).toEqual([
      'accepted',
      'rejected',
      'accepted',
    ]);
    await first.close();

    const second = await startTestWriter(database().url);
    const retries = await Promise.all(kept.map((each) => second.writer.submit(each)));
    retries.forEach((retry, index) => {
      expect(retry).toMatchObject({ kind: 'answered', replayed: true });
      expect(answerOf(retry)).toEqual(answerOf(originals[index] as never));
    });
    await second.close();
  });

  test('a stale retry older than the window is answered from the projection, and fresh commands in its batch commit', async () => {
    // The writer wrote its outcome rows; a graceful stop waits for the last of them.
    const helper = await startTestWriter(database().url);
    await helper.close();

    const restarted = await startTestWriter(database().url);
    // Everything is in the snapshot and in the projection: nothing in memory.
    expect(restarted.writer.stats().windowSize).toBe(0);
    const fresh = Array.from({ length: 5 }, () =>
      submission(transfer(freshId('fresh'), 'dave', 'carol', coins(1)), { actor: 'member:3' }),
    );
    const stale = kept[0] as LedgerSubmission;
    const reused = { ...(kept[1] as LedgerSubmission), command: openMember('someone-else') };
    const results = await Promise.all([
      restarted.writer.submit(stale),
      ...fresh.map((each) => restarted.writer.submit(each)),
      restarted.writer.submit(reused),
    ]);
    expect(results[0]).toMatchObject({
      kind: 'answered',
      replayed: true,
      answer: { kind: 'accepted' },
    });
    for (const result of results.slice(1, 6)) {
      expect(result).toMatchObject({
        kind: 'answered',
        replayed: false,
        answer: { kind: 'accepted' },
      });
    }
    expect(results[6]?.kind).toBe('IdempotencyKeyReused');
    const runs = commandRuns(await readLedger(restarted.store));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    await restarted.close();
  });
});

describe('snapshots', () => {
  test('snapshot + fold gives the same state hash as a full fold', async () => {
    const running = await startTestWriter(database().url, {
      settings: { snapshotEveryEvents: 40 },
    });
    const accounts = Array.from({ length: 12 }, (_, index) => `snap-${index}`);
    await Promise.all(
      accounts.map((account) => running.writer.submit(submission(openMember(account)))),
    );
    await Promise.all(
      accounts.map((account) =>
        running.writer.submit(
          submission({
            type: 'PostTransfer',
            data: {
              transferId: freshId(),
              cause: 'deposit',
              legs: [
                {
                  debit: `system:chainClearing:${asset}`,
                  credit: account,
                  asset,
                  amount: coins(50),
                },
              ],
            },
          }),
        ),
      ),
    );
    const random = seededRandom(5);
    for (let round = 0; round < 10; round += 1) {
      await Promise.all(
        Array.from({ length: 30 }, () => {
          const from = accounts[Math.floor(random() * accounts.length)] as string;
          const to = accounts[Math.floor(random() * accounts.length)] as string;
          return running.writer.submit(submission(transfer(freshId(), from, to, coins(1))));
        }),
      );
    }
    expect(running.writer.stats().snapshots).toBeGreaterThan(0);
    const live = stateHash(running.writer.state());
    // Events after the newest snapshot, so the load below folds some.
    await running.writer.submit(submission(transfer(freshId(), 'snap-0', 'snap-1', coins(1))));
    const afterOne = stateHash(running.writer.state());
    expect(afterOne).not.toBe(live);

    const fromSnapshot = await load(running, false);
    const full = await load(running, true);
    expect(fromSnapshot.snapshotRevision).toBeGreaterThan(0);
    expect(fromSnapshot.revision).toBe(full.revision);
    expect(stateHash(fromSnapshot.state)).toBe(stateHash(full.state));
    expect(stateHash(full.state)).toBe(afterOne);
    await running.close();
  });

  test('a corrupted snapshot is detected and skipped', async () => {
    const running = await startTestWriter(database().url);
    const full = await load(running, true);
    const { db } = database();
    const newest = await sql<{ id: string; revision: string }>`
      SELECT id::text, revision::text FROM ledger_snapshots ORDER BY revision DESC, id DESC LIMIT 1`.execute(
      db,
    );
    const id = newest.rows[0]?.id as string;
    // A changed balance without a matching hash.
    await sql`UPDATE ledger_snapshots SET state = replace(state, '"balance":"', '"balance":"1') WHERE id = ${id}::bigint`.execute(
      db,
    );
    const tampered = await load(running, false);
    expect(tampered.snapshotsSkipped[0]).toEqual({
      revision: Number(newest.rows[0]?.revision),
      reason: 'hashMismatch',
    });
    expect(stateHash(tampered.state)).toBe(stateHash(full.state));

    // A consistent hash over a state that breaks the zero-sum: caught by the invariants.
    await sql`UPDATE ledger_snapshots SET state_hash = encode(sha256(convert_to(state, 'UTF8')), 'hex') WHERE id = ${id}::bigint`.execute(
      db,
    );
    const broken = await load(running, false);
    expect(broken.snapshotsSkipped[0]?.reason).toBe('unreadable');
    expect(stateHash(broken.state)).toBe(stateHash(full.state));

    // A snapshot of another history: its last event is not in this log.
    await sql`UPDATE ledger_snapshots SET last_event_id = gen_random_uuid()`.execute(db);
    const foreign = await load(running, false);
    expect(foreign.snapshotsSkipped.every((skipped) => skipped.reason !== undefined)).toBe(true);
    expect(foreign.snapshotsSkipped.some((skipped) => skipped.reason === 'notInLog')).toBe(true);
    expect(foreign.snapshotRevision).toBe(-1);
    expect(stateHash(foreign.state)).toBe(stateHash(full.state));
    await running.close();
  });
});
