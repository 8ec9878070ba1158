// Proves the continuous reconciliation's run (T25) is exact while the ledger moves: with a real
// writer and the balances projection running live, runs that read the projection in chunks of 4
// accounts (each chunk at its own checkpoint, the replay advanced to exactly it) find nothing,
// a replay kept across runs equals one folded from the start, every run is stored; counts stay
// exact when only the first findings are kept; and an event
// that overdraws a member, appended behind the writer's back, is named as a broken replay.
import { randomUUID } from 'node:crypto';
import { systemAccountId } from '@ledger/ledger';
import { clientLockSessions, createProjectionRunner, LeaderLocks } from '@ledger/projection-runner';
import { silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { walletAccountId } from '../account-identity.ts';
import { ledgerBalancesProjection, ledgerStreamName } from '../ledger-balances-projection.ts';
import {
  type LedgerFixture,
  openAsset,
  openWalletAccount,
  startLedgerFixture,
  transfer,
} from '../testing/ledger-fixture.ts';
import { createLedgerFollower } from './ledger-follower.ts';
import { followLiveCheckpoint, runReconciliation } from './run-reconciliation.ts';

const database = useTestDatabase();
let fixture: LedgerFixture;
const accounts = Array.from({ length: 12 }, (_, index) => walletAccountId(index + 1));
const clearing = systemAccountId('chainClearing', 'KRW');
let locks: LeaderLocks;
const stopping = new AbortController();
let runner: Promise<void>;

beforeAll(async () => {
  const { db, url } = database();
  fixture = await startLedgerFixture(url);
  await openAsset(fixture, 'KRW', 0);
  for (const [index, account] of accounts.entries()) {
    await fixture.accept(openWalletAccount(index + 1, 100 + index, 'KRW', 0));
    await fixture.accept(
      transfer([{ debit: clearing, credit: account, asset: 'KRW', amount: '1000' }], 'deposit'),
    );
  }
  locks = new LeaderLocks(clientLockSessions(url));
  runner = createProjectionRunner({
    db,
    eventStore: fixture.store,
    projection: ledgerBalancesProjection,
    locks,
    logger: silentLogger,
    batchSize: 20,
    idleDelayMs: { min: 2, max: 10 },
  }).run(stopping.signal);
});
afterAll(async () => {
  stopping.abort();
  await runner;
  await locks.close();
  await fixture.close();
});

async function ledgerRevision(): Promise<string> {
  const { rows } = await sql<{ revision: string }>`SELECT max(stream_revision)::text AS revision
    FROM es_events WHERE stream_id = ${ledgerStreamName}`.execute(database().db);
  return rows[0]?.revision ?? '-1';
}

async function traffic(commands: number): Promise<void> {
  const submissions: Promise<unknown>[] = [];
  for (let index = 0; index < commands; index += 1) {
    const debit = accounts[index % accounts.length] as string;
    const credit = accounts[(index * 7 + 1) % accounts.length] as string;
    submissions.push(
      fixture.writer.submit({
        commandId: randomUUID(),
        actor: 'system:t25',
        command: transfer([
          { debit, credit: debit === credit ? clearing : credit, asset: 'KRW', amount: '1' },
        ]),
      }),
    );
    if (submissions.length >= 16) await Promise.all(submissions.splice(0));
  }
  await Promise.all(submissions);
}

describe('T25: the reconciliation run', () => {
  test('runs during live traffic, chunk by chunk, find nothing; the kept replay equals a fresh one', async () => {
    const { db } = database();
    const follower = createLedgerFollower(fixture.store, { pageSize: 50 });
    // Before the projection has the accounts, a run compares nothing with nothing (and is ok).
    const expected = accounts.length + 7;
    for (let tries = 0; tries < 400; tries += 1) {
      if ((await runReconciliation({ db, follower })).accountsChecked === expected) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const moving = traffic(1_500);
    let done = false;
    void moving.finally(() => {
      done = true;
    });
    const runs = [];
    while (!done) runs.push(await runReconciliation({ db, follower, chunkRows: 4 }));
    await moving;
    // Wait until the projection has everything, then once more.
    for (;;) {
      const last = await runReconciliation({ db, follower, chunkRows: 4 });
      runs.push(last);
      if (last.checkedRevision === (await ledgerRevision())) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(runs.length).toBeGreaterThan(2);
    // Every run with a finding at once, with where it stood (a failure says which runs and where).
    const found = runs.flatMap((run, index) =>
      run.findings.length === 0
        ? []
        : [
            {
              index,
              of: runs.length,
              at: run.checkedPosition,
              revision: run.checkedRevision,
              findings: run.findings,
            },
          ],
    );
    expect(found).toEqual([]);
    for (const run of runs) {
      expect(run.status).toBe('ok');
      expect(run.accountsChecked).toBe(expected);
    }
    const positions = new Set(runs.map((run) => run.checkedPosition));
    expect(positions.size).toBeGreaterThan(1);
    const fresh = createLedgerFollower(fixture.store);
    const again = await runReconciliation({ db, follower: fresh, chunkRows: 1_000 });
    expect(again.status).toBe('ok');
    expect(fresh.revision).toBe(follower.revision);
    expect([...fresh.state.accounts.entries()]).toEqual([...follower.state.accounts.entries()]);
    const { rows } = await sql<{ count: string }>`SELECT count(*)::text AS count
      FROM ledger_reconciliation_runs WHERE status = 'ok'`.execute(db);
    expect(Number(rows[0]?.count)).toBeGreaterThanOrEqual(runs.length + 1);
  });

  test('between runs the kept replay follows the live checkpoint, never past it, and the next run folds only what came since', async () => {
    const { db } = database();
    const follower = createLedgerFollower(fixture.store, { pageSize: 50 });
    const first = await runReconciliation({ db, follower });
    expect(first.status).toBe('ok');
    const moving = traffic(600);
    let done = false;
    void moving.finally(() => {
      done = true;
    });
    const follows: { revision: bigint; checkpoint: string | undefined }[] = [];
    while (!done) {
      const checkpoint = await followLiveCheckpoint(db, follower);
      follows.push({ revision: follower.revision, checkpoint });
      // Never past the checkpoint it was given (a later chunk must find the replay behind it).
      const position = follower.position;
      if (checkpoint !== undefined && position !== undefined)
        expect(position <= checkpoint).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await moving;
    let revision = '';
    for (let tries = 0; tries < 250; tries += 1) {
      await followLiveCheckpoint(db, follower);
      revision = await ledgerRevision();
      if (follower.revision.toString() === revision) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(follower.revision.toString()).toBe(revision);
    expect(new Set(follows.map((follow) => follow.revision)).size).toBeGreaterThan(2);
    // The run after the follows has nothing left to fold, and agrees.
    const run = await runReconciliation({ db, follower, chunkRows: 4 });
    expect(run.status).toBe('ok');
    expect(run.findings).toEqual([]);
    expect(String(run.checkedRevision)).toBe(revision);
    const fresh = createLedgerFollower(fixture.store);
    await runReconciliation({ db, follower: fresh });
    expect([...fresh.state.accounts.entries()]).toEqual([...follower.state.accounts.entries()]);
  });

  test('rows corrupted wholesale: every one counted, only the first kept', async () => {
    const { db } = database();
    const corrupted = accounts.slice(0, 3);
    await sql`UPDATE ledger_accounts SET held = held + 1 WHERE account = ANY(${corrupted}::text[])`.execute(
      db,
    );
    try {
      const run = await runReconciliation({
        db,
        follower: createLedgerFollower(fixture.store),
        chunkRows: 2,
        findingsStoredMax: 2,
      });
      expect(run.status).toBe('discrepancy');
      expect(run.findingsTotal).toBe(3);
      expect(run.counts.ProjectionMismatch).toBe(3);
      expect(run.findings).toEqual(
        corrupted.slice(0, 2).map((account) => ({
          kind: 'ProjectionMismatch',
          account,
          field: 'held',
          projected: '1',
          replayed: '0',
        })),
      );
    } finally {
      await sql`UPDATE ledger_accounts SET held = held - 1 WHERE account = ANY(${corrupted}::text[])`.execute(
        db,
      );
    }
  });

  test('an overdraft appended behind the writer: the projection stops on it, the replay names it', async () => {
    const { db } = database();
    await fixture.writer.stop();
    const revision = BigInt(await ledgerRevision());
    const id = randomUUID();
    await fixture.store.append(
      ledgerStreamName,
      [
        {
          id,
          type: 'TransferPosted',
          data: {
            transferId: randomUUID(),
            legs: [{ debit: accounts[0], credit: accounts[1], asset: 'KRW', amount: '1000000' }],
            cause: 'internalTransfer',
            postedAt: '2025-03-01T00:00:00.000Z',
          },
          metadata: { commandId: randomUUID(), actor: 'system:rogue' },
        },
      ],
      { expected: { kind: 'exact', revision } },
    );
    // The live projection refuses the event and stops before it; the scheduled run says so.
    const follower = createLedgerFollower(fixture.store);
    let run = await runReconciliation({ db, follower });
    for (let tries = 0; run.counts.ProjectionStopped === 0 && tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      run = await runReconciliation({ db, follower });
    }
    expect(run.status).toBe('discrepancy');
    expect(run.findings).toEqual([
      expect.objectContaining({
        kind: 'ProjectionStopped',
        projection: 'ledger-balances',
        eventId: id,
        eventType: 'TransferPosted',
      }),
    ]);
    expect(run.checkedRevision).toBe(revision.toString());
    // The replay, asked to go past the checkpoint to the log's head, names the event itself.
    await follower.advanceTo(await fixture.store.headPosition());
    expect(follower.broken).toMatchObject({ revision: (revision + 1n).toString(), eventId: id });
    const broken = await runReconciliation({ db, follower });
    expect(broken.findings[0]).toMatchObject({ kind: 'ReplayBroken', eventId: id });
  });
});
