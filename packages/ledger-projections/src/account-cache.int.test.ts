// Proves the balances projection's account cache (kept in the runner's memory between batches):
// a batch that follows the committed one takes its accounts from the cache and gives the same
// tables as reading them; a rolled-back batch leaves the cache as it was; a batch that does not
// follow the cached revision reads the table; and a stale cache (another leader moved the rows)
// is refused with a transient error and nothing of the batch is written; the same for the asset
// totals the cache keeps beside the accounts (a stale totals row alone is refused too).
import type { RecordedEvent } from '@ledger/event-store';
import { systemAccountId } from '@ledger/ledger';
import { isTransientError, projectionContext, registerProjection } from '@ledger/projection-runner';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AccountCache, AccountCacheMismatchError } from './account-cache.ts';
import { walletAccountId } from './account-identity.ts';
import { findAccount } from './account-queries.ts';
import { applyLedgerBatch, ledgerBalancesProjection } from './ledger-balances-projection.ts';
import {
  btcLeg,
  type LedgerFixture,
  openAsset,
  openWalletAccount,
  startLedgerFixture,
  transfer,
} from './testing/ledger-fixture.ts';

const database = useTestDatabase();
let fixture: LedgerFixture;
const clearing = systemAccountId('chainClearing', 'BTC');
const alice = walletAccountId(1);
const bob = walletAccountId(2);

beforeAll(async () => {
  fixture = await startLedgerFixture(database().url);
  await openAsset(fixture, 'BTC', 8);
  await fixture.accept(openWalletAccount(1, 10, 'BTC', 8));
  await fixture.accept(openWalletAccount(2, 20, 'BTC', 8));
  await fixture.accept(transfer([btcLeg(clearing, alice, '10.00000000')], 'deposit'));
  await registerProjection(database().db, ledgerBalancesProjection);
});
afterAll(async () => {
  await fixture.close();
});

async function ledgerEvents(): Promise<RecordedEvent[]> {
  const { events } = await fixture.store.readAll({ maxCount: 10_000 });
  return events.filter((event) => event.streamName === 'ledger');
}

/** A runner-like context: the memory survives batches, afterCommit runs when `commit` is true. */
function runnerContext() {
  const memory = new Map<string, unknown>();
  const runner = {
    memory,
    assetsCached: [] as string[],
    async batch(events: readonly RecordedEvent[], commit = true) {
      const actions: (() => void)[] = [];
      const context = {
        ...projectionContext(ledgerBalancesProjection),
        memory,
        afterCommit: (action: () => void) => void actions.push(action),
      };
      const rollback = new Error('rolled back by the test');
      let cached: string[] = [];
      try {
        await database()
          .db.transaction()
          .execute(async (trx) => {
            const batch = await applyLedgerBatch(trx, events, context);
            cached = [...(batch?.accountsCached ?? [])].sort();
            runner.assetsCached = [...(batch?.assetsCached ?? [])].sort();
            if (!commit) throw rollback;
          });
      } catch (error) {
        if (error !== rollback) throw error;
        return cached;
      }
      for (const action of actions) action();
      return cached;
    },
  };
  return runner;
}

test('the cache serves the next batch, survives a rollback, and agrees with the table', async () => {
  const runner = runnerContext();
  const opened = await ledgerEvents();
  expect(await runner.batch(opened)).toEqual([]);
  await fixture.accept(transfer([btcLeg(alice, bob, '1.00000000')]));
  await fixture.accept(transfer([btcLeg(alice, bob, '2.00000000')]));
  const [first, second] = (await ledgerEvents()).slice(opened.length);
  // A batch rolled back leaves the cache at the committed batch: the same events again use it.
  expect(await runner.batch([first as RecordedEvent], false)).toEqual([alice, bob]);
  expect(await runner.batch([first as RecordedEvent])).toEqual([alice, bob]);
  expect(await runner.batch([second as RecordedEvent])).toEqual([alice, bob]);
  // The asset totals came from the cache too (nothing read): the books still agree.
  expect(runner.assetsCached).toEqual(['BTC']);
  expect(await findAccount(database().db, 1)).toMatchObject({ balance: '7.00000000' });
  expect(await findAccount(database().db, 2)).toMatchObject({ balance: '3.00000000' });

  // Another transaction applies the next event: the one after it does not follow the cached
  // revision, so its accounts are read from the table.
  await fixture.accept(transfer([btcLeg(alice, bob, '0.25000000')]));
  await fixture.accept(transfer([btcLeg(bob, alice, '0.12500000')]));
  const [third, fourth] = (await ledgerEvents()).slice(opened.length + 2);
  await database()
    .db.transaction()
    .execute(async (trx) => {
      await applyLedgerBatch(
        trx,
        [third as RecordedEvent],
        projectionContext(ledgerBalancesProjection),
      );
    });
  expect(await runner.batch([fourth as RecordedEvent])).toEqual([]);
  expect(await findAccount(database().db, 2)).toMatchObject({ balance: '3.12500000' });
});

/** Accepts a command and applies its event as another leader would: its own transaction, no cache of ours. */
async function appliedByAnotherLeader(
  command: Parameters<typeof fixture.accept>[0],
): Promise<RecordedEvent> {
  const before = await ledgerEvents();
  await fixture.accept(command);
  const [next] = (await ledgerEvents()).slice(before.length);
  if (next === undefined) throw new Error('no event appended');
  await database()
    .db.transaction()
    .execute(async (trx) => {
      await applyLedgerBatch(trx, [next], projectionContext(ledgerBalancesProjection));
    });
  return next;
}

test('a stale cache is refused with a transient error and nothing of the batch is written', async () => {
  const next = await appliedByAnotherLeader(transfer([btcLeg(alice, bob, '0.50000000')]));
  const logBefore = await logCount();
  const error = await runStale(next).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AccountCacheMismatchError);
  expect(isTransientError(error)).toBe(true);
  expect(await logCount()).toBe(logBefore);
  expect(await findAccount(database().db, 2)).toMatchObject({ balance: '3.62500000' });
});

test('stale asset totals alone are refused with a transient error, nothing written', async () => {
  const next = await appliedByAnotherLeader(transfer([btcLeg(bob, alice, '0.25000000')]));
  const logBefore = await logCount();
  const totalsBefore = await totalsRow();
  // The cache holds the BTC totals as of the revision before `next` (balanced, so no invariant
  // breaks: only the update's revision guard can refuse them) and no account rows.
  const memory = new Map<string, unknown>();
  const context = {
    ...projectionContext(ledgerBalancesProjection),
    memory,
    afterCommit: () => undefined,
  };
  const cache = AccountCache.forBatch(context, 'ledger_accounts_v1', next.revision);
  cache?.remember([], next.revision - 1n, [
    {
      asset: 'BTC',
      decimalPoint: 8,
      balanceTotal: 0n,
      memberBalanceTotal: 5_000_000_000n,
      memberHeldTotal: 0n,
      systemBalanceTotal: -5_000_000_000n,
      memberAccounts: 2,
      systemAccounts: 1,
      accountTransferRows: 0,
      lastRevision: next.revision - 1n,
    },
  ]);
  const error = await database()
    .db.transaction()
    .execute(async (trx) => {
      await applyLedgerBatch(trx, [next], context);
    })
    .catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AccountCacheMismatchError);
  expect(isTransientError(error)).toBe(true);
  expect(await logCount()).toBe(logBefore);
  expect(await totalsRow()).toEqual(totalsBefore);
});

async function totalsRow(): Promise<unknown> {
  const { rows } = await sql`SELECT * FROM ledger_asset_totals WHERE asset = 'BTC'`.execute(
    database().db,
  );
  return rows[0];
}

/** A cache filled as of the revision before `event`, then `event` applied with it. */
async function runStale(event: RecordedEvent): Promise<void> {
  const memory = new Map<string, unknown>();
  const actions: (() => void)[] = [];
  const context = {
    ...projectionContext(ledgerBalancesProjection),
    memory,
    afterCommit: (action: () => void) => void actions.push(action),
  };
  // The rows as they were before `event`: every account one revision behind it, as a zombie
  // leader would have cached them.
  const cache = AccountCache.forBatch(context, 'ledger_accounts_v1', event.revision);
  const { rows } = await sql<{ account: string }>`SELECT account FROM ledger_accounts`.execute(
    database().db,
  );
  const stale = rows.map((row) => ({
    account: row.account,
    seq: null,
    accountNumber: null,
    kind: row.account.startsWith('wallet:') ? ('member' as const) : ('system' as const),
    memberId: row.account.startsWith('wallet:') ? 'member:1' : null,
    memberSeq: null,
    systemRole: null,
    asset: 'BTC',
    decimalPoint: 8,
    status: 'normal' as const,
    balance: 1_000_000_000n,
    held: 0n,
    dailyLimit: null,
    isNegativeAllowed: !row.account.startsWith('wallet:'),
    openedAt: '2025-03-01T00:00:00.000Z',
    lastRevision: event.revision - 1n,
    lastPosition: '',
    logRows: 0,
    logLastAt: null,
    logTimesOrdered: true,
  }));
  cache?.remember(stale, event.revision - 1n);
  await database()
    .db.transaction()
    .execute(async (trx) => {
      await applyLedgerBatch(trx, [event], context);
    });
}

async function logCount(): Promise<string> {
  const { rows } = await sql<{ count: string }>`SELECT count(*)::text AS count
    FROM ledger_balance_log`.execute(database().db);
  return rows[0]?.count ?? '0';
}
