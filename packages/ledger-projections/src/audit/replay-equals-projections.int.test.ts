// Proves T10 (replay determinism): while a seeded random workload runs through the real writer and
// both ledger projections run live, a rebuild of every projection from event 0 in a scratch schema
// matches the live tables row for row (md5 of each row, chunk by chunk at the live checkpoint); an
// account's replayed timeline equals its balance-change log; and a tampered or deleted live row is
// found and named.
import { randomUUID } from 'node:crypto';
import { systemAccountId } from '@ledger/ledger';
import { clientLockSessions, createProjectionRunner, LeaderLocks } from '@ledger/projection-runner';
import { silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { memberIdOf, walletAccountId, walletAccountStream } from '../account-identity.ts';
import { ledgerBalancesProjection } from '../ledger-balances-projection.ts';
import { ledgerProfilesProjection } from '../ledger-profiles-projection.ts';
import {
  type LedgerFixture,
  openAsset,
  openWalletAccount,
  startLedgerFixture,
  transfer,
} from '../testing/ledger-fixture.ts';
import { auditedProjections } from './audited-projections.ts';
import { runAudit } from './run-audit.ts';
import { rebuildAndCompare } from './scratch-rebuild.ts';

const database = useTestDatabase();
let fixture: LedgerFixture;
const accounts = Array.from({ length: 16 }, (_, index) => walletAccountId(index + 1));
const clearing = systemAccountId('chainClearing', 'KRW');
const fees = systemAccountId('feeRevenue', 'KRW');

/** mulberry32: seeded, so a failing run replays. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function workload(commands: number, seed: number): Promise<void> {
  const random = seededRandom(seed);
  const pick = () => accounts[Math.floor(random() * accounts.length)] as string;
  const openHolds: { holdId: string; account: string }[] = [];
  const submissions: Promise<unknown>[] = [];
  for (let index = 0; index < commands; index += 1) {
    const roll = random();
    const debit = pick();
    let credit = pick();
    if (credit === debit)
      credit = accounts[(accounts.indexOf(debit) + 1) % accounts.length] as string;
    const amount = String(1 + Math.floor(random() * 5));
    if (roll < 0.6) {
      const legs = [{ debit, credit, asset: 'KRW', amount }];
      if (roll < 0.18) legs.push({ debit, credit: fees, asset: 'KRW', amount: '1' });
      submissions.push(
        fixture.writer.submit({
          commandId: randomUUID(),
          actor: 'system:t10',
          command: transfer(legs),
        }),
      );
    } else if (roll < 0.8) {
      const holdId = randomUUID();
      openHolds.push({ holdId, account: debit });
      submissions.push(
        fixture.writer.submit({
          commandId: randomUUID(),
          actor: 'system:t10',
          command: {
            type: 'PlaceHold',
            data: { holdId, account: debit, amount, reason: 'withdrawal' },
          },
        }),
      );
    } else {
      const hold = openHolds.shift();
      if (hold === undefined) continue;
      submissions.push(
        fixture.writer.submit({
          commandId: randomUUID(),
          actor: 'system:t10',
          command:
            roll < 0.9
              ? { type: 'ReleaseHold', data: { holdId: hold.holdId } }
              : {
                  type: 'CaptureHolds',
                  data: {
                    transferId: randomUUID(),
                    cause: 'withdrawal',
                    captures: [
                      {
                        holdId: hold.holdId,
                        legs: [
                          { debit: hold.account, credit: clearing, asset: 'KRW', amount: '1' },
                        ],
                      },
                    ],
                  },
                },
        }),
      );
    }
    if (submissions.length >= 64) await Promise.all(submissions.splice(0));
  }
  await Promise.all(submissions);
}

let locks: LeaderLocks;
const stopping = new AbortController();
let runners: Promise<void>[] = [];

beforeAll(async () => {
  const { db, url } = database();
  fixture = await startLedgerFixture(url);
  await openAsset(fixture, 'KRW', 0);
  for (const [index, account] of accounts.entries()) {
    await fixture.accept(openWalletAccount(index + 1, 100 + (index % 4), 'KRW', 0));
    await fixture.accept(
      transfer([{ debit: clearing, credit: account, asset: 'KRW', amount: '1000' }], 'deposit'),
    );
    await fixture.store.append(
      walletAccountStream(index + 1),
      [
        {
          id: randomUUID(),
          type: 'WalletAccountTitled',
          data: {
            accountSeq: index + 1,
            account,
            memberSeq: Number(memberIdOf(100 + (index % 4))),
            title: `Account ${index + 1}`,
            titledAt: '2025-03-01T00:00:00.000Z',
          },
          metadata: { commandId: randomUUID(), actor: `member:${100 + (index % 4)}` },
        },
      ],
      { expected: { kind: 'no_stream' } },
    );
  }
  locks = new LeaderLocks(clientLockSessions(url));
  runners = [ledgerBalancesProjection, ledgerProfilesProjection].map((projection) =>
    createProjectionRunner({
      db,
      eventStore: fixture.store,
      projection,
      locks,
      logger: silentLogger,
      batchSize: 200,
      idleDelayMs: { min: 2, max: 10 },
    }).run(stopping.signal),
  );
});
afterAll(async () => {
  stopping.abort();
  await Promise.all(runners);
  await locks.close();
  await fixture.close();
});

describe('T10: replay equals the projections', () => {
  test('a rebuild during live traffic matches the live tables row for row', async () => {
    const { db } = database();
    const traffic = workload(3_000, 10);
    // Compared while the writer and the live projections are still moving.
    const first = await rebuildAndCompare({
      db,
      store: fixture.store,
      projection: auditedProjections[0] as (typeof auditedProjections)[number],
      schema: 'audit_live',
    });
    await traffic;
    expect(first.differences).toEqual([]);
    for (const projection of auditedProjections) {
      const result = await rebuildAndCompare({
        db,
        store: fixture.store,
        projection,
        schema: `audit_${projection.name.replace('-', '_')}`,
      });
      expect(result.differences).toEqual([]);
      expect(result.rows).toBeGreaterThan(0);
    }
  });

  test('the full audit passes: chain, replay, books, one account timeline against its log', async () => {
    const { db } = database();
    const report = await runAudit({
      db,
      pool: fixture.pool,
      store: fixture.store,
      account: accounts[3],
      rebuild: true,
    });
    expect(report.chain.ok).toBe(true);
    expect(report.replay.ok).toBe(true);
    expect(report.books).toEqual([]);
    expect(report.timelineMismatches).toEqual([]);
    expect(report.replay.ok && report.replay.timeline.length).toBeGreaterThan(10);
    expect(report.rebuild?.differences).toEqual([]);
    expect(report.ok).toBe(true);
  });

  test('a tampered balance, a deleted log row, a renumbered row, a false time-order flag and a miscounted account-transfer total are found and named', async () => {
    const { db } = database();
    stopping.abort();
    await Promise.all(runners);
    await sql`UPDATE ledger_accounts_v1 SET balance = balance + 1 WHERE account = ${accounts[5]}`.execute(
      db,
    );
    const { rows } = await sql<{ entry: string }>`DELETE FROM ledger_balance_log_v1
      WHERE entry = (SELECT max(entry) FROM ledger_balance_log_v1) RETURNING entry::text`.execute(
      db,
    );
    const { rows: renumbered } = await sql<{ entry: string }>`UPDATE ledger_balance_log_v1
      SET debit_ordinal = debit_ordinal + 1
      WHERE entry = (SELECT min(entry) FROM ledger_balance_log_v1 WHERE debit_account = ${accounts[2]})
      RETURNING entry::text`.execute(db);
    await sql`UPDATE ledger_accounts_v1 SET log_times_ordered = false WHERE account = ${accounts[7]}`.execute(
      db,
    );
    const { rows: transfersKept } = await sql<{ kept: string }>`UPDATE ledger_asset_totals_v1
      SET account_transfer_rows = account_transfer_rows + 1 WHERE asset = 'KRW'
      RETURNING account_transfer_rows::text AS kept`.execute(db);
    const report = await runAudit({ db, pool: fixture.pool, store: fixture.store, rebuild: true });
    expect(report.ok).toBe(false);
    expect(report.rebuild?.differences).toEqual(
      expect.arrayContaining([
        {
          projection: 'ledger-balances',
          table: 'ledger_accounts',
          key: accounts[5],
          kind: 'differs',
        },
        {
          projection: 'ledger-balances',
          table: 'ledger_balance_log',
          key: rows[0]?.entry,
          kind: 'missing_live',
        },
      ]),
    );
    expect(report.books).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'asset_not_zero', asset: 'KRW' }),
        // The deleted row's accounts still count it.
        expect.objectContaining({ kind: 'log_rows_disagree' }),
        // Its first debit row, one past its place in the account's log.
        expect.objectContaining({
          kind: 'log_ordinals_disagree',
          account: accounts[2],
          entry: renumbered[0]?.entry,
        }),
        { kind: 'log_order_disagrees', account: accounts[7], kept: false, counted: true },
        // More account-transfer rows kept than the log has.
        expect.objectContaining({
          kind: 'account_transfers_disagree',
          asset: 'KRW',
          kept: transfersKept[0]?.kept,
        }),
      ]),
    );
  });
});
