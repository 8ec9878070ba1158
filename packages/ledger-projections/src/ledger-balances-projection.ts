import type { RecordedEvent } from '@ledger/event-store';
import {
  isTransientError,
  type Projection,
  type ProjectionContext,
} from '@ledger/projection-runner';
import type { Transaction } from 'kysely';
import { AccountCache, AccountCacheMismatchError } from './account-cache.ts';
import { applyLedgerEvent } from './apply-ledger-event.ts';
import { emptyBatch, keysOf, type LedgerBatch } from './ledger-batch.ts';
import { loadBatchRows, writeBatchRows } from './ledger-batch-store.ts';
import { ProjectionInvariantError } from './projection-invariant-error.ts';
import { balanceTables, createBalanceTables, tableOf } from './read-model-tables.ts';

/** The ledger stream (@ledger/ledger-writer-core's `ledgerStream`). */
export const ledgerStreamName = 'ledger';
export const ledgerBalancesProjectionName = 'ledger-balances';

/**
 * The money read models of the ledger stream, in one projection so one read of the log and one
 * transaction per batch feed them all: accounts with balance, held and status (one update per
 * touched account per batch), the balance-change log (one row per leg with both balances after
 * it, one per hold change), holds, and per-asset totals (the books). It stops on the first event
 * that breaks an invariant (ProjectionInvariantError), and checks that every asset's balances
 * still sum to zero before it writes.
 */
// biome-ignore lint/suspicious/noExplicitAny: raw SQL on its own tables; runs on any projector's db.
export const ledgerBalancesProjection: Projection<any> = {
  name: ledgerBalancesProjectionName,
  version: 1,
  filter: { streamPrefixes: [ledgerStreamName] },
  tables: Object.values(balanceTables),
  setup: (trx, context) => createBalanceTables(trx, context),
  apply: async (trx, events, context) => {
    await applyLedgerBatch(trx, events, context);
  },
};

/** One batch: load what it names, apply each event in memory, check, write (also the auditor's). */
export async function applyLedgerBatch(
  // biome-ignore lint/suspicious/noExplicitAny: the read models are typed by their queries.
  trx: Transaction<any>,
  events: readonly RecordedEvent[],
  context: Pick<ProjectionContext, 'table' | 'memory' | 'afterCommit'>,
): Promise<LedgerBatch | undefined> {
  // The prefix also passes streams such as `ledger-archive`; only `ledger` is the ledger.
  const ledgerEvents = events.filter((event) => event.streamName === ledgerStreamName);
  const first = ledgerEvents[0];
  const last = ledgerEvents.at(-1);
  if (first === undefined || last === undefined) return undefined;
  const table = tableOf(context);
  // The account rows of the batch before, when the runner keeps them for us (account-cache.ts).
  const cache =
    context.afterCommit === undefined
      ? undefined
      : AccountCache.forBatch(context, context.table(balanceTables.accounts), first.revision);
  const batch = emptyBatch();
  await loadBatchRows(trx, table, batch, keysOf(ledgerEvents), cache);
  try {
    for (const event of ledgerEvents) applyLedgerEvent(batch, event);
    assertBooksBalance(batch, last);
    await writeBatchRows(trx, table, batch);
  } catch (error) {
    // With cached rows, a broken invariant or a refused write may come from a stale cache (a
    // zombie leader): retried from the table first, where it is the event's fault if it recurs.
    if ((batch.accountsCached.size > 0 || batch.assetsCached.size > 0) && !isTransientError(error))
      throw new AccountCacheMismatchError(error);
    throw error;
  }
  if (cache !== undefined)
    context.afterCommit?.(() =>
      cache.remember(batch.accounts.values(), last.revision, batch.assets.values()),
    );
  return batch;
}

/** Per asset, member and system balances sum to zero (DESIGN.md §3, double entry). */
function assertBooksBalance(batch: LedgerBatch, last: RecordedEvent): void {
  for (const asset of batch.assetsChanged) {
    const totals = batch.assets.get(asset);
    if (totals === undefined) continue;
    if (
      totals.balanceTotal !== 0n ||
      totals.memberBalanceTotal + totals.systemBalanceTotal !== 0n
    ) {
      throw new ProjectionInvariantError(last, `the balances of ${asset} do not sum to zero`);
    }
    if (totals.memberHeldTotal < 0n) {
      throw new ProjectionInvariantError(last, `the member held total of ${asset} is negative`);
    }
  }
}
