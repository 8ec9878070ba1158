import type { GlobalPosition } from '@ledger/event-store';
import type { LedgerState } from '@ledger/ledger';
import { type Kysely, sql } from 'kysely';
import { ledgerBalancesProjectionName } from '../ledger-balances-projection.ts';
import type { LedgerFollower } from './ledger-follower.ts';
import {
  type AssetHoldings,
  checkLiabilities,
  checkNegatives,
  checkZeroSum,
  compareAccounts,
  compareTotals,
  type FindingKind,
  findingKinds,
  holdingsFromChainClearing,
  type ProjectedAccount,
  type ProjectedAssetTotals,
  projectedAsReplayed,
  type ReconciliationFinding,
  type ReplayedAccount,
  replayedAccountsOf,
  sumsByAsset,
} from './reconciliation-check.ts';

/**
 * One run of the continuous reconciliation (T25; docs/adr/0020): the projected accounts are read
 * in chunks of `chunkRows` by key, each chunk in its own short REPEATABLE READ transaction
 * together with the live `ledger-balances` checkpoint; the replay is advanced to exactly that
 * checkpoint before the chunk is compared, so both sides describe the same log although the
 * projection keeps moving (the auditor's rebuild-and-diff does the same). The per-asset totals
 * are read with the first chunk. At the end, the replay (at the last checkpoint) is checked whole:
 * negatives, zero-sum, liabilities against holdings. The result is stored in
 * `ledger_reconciliation_runs` (migration 0028), older runs beyond `runsKept` deleted.
 */

// biome-ignore lint/suspicious/noExplicitAny: the read models are typed by their queries.
type AnyDb = Kysely<any>;

/** Findings stored per run, at most (the counts stay exact). */
export const reconciliationFindingsStoredMax = 1_000;

export type ReconciliationStatus = 'ok' | 'discrepancy';

export type ReconciliationRun = {
  runId: string;
  status: ReconciliationStatus;
  startedAt: Date;
  finishedAt: Date;
  /** The last `ledger-balances` checkpoint compared (undefined: nothing projected yet). */
  checkedPosition: GlobalPosition | undefined;
  /** The last ledger revision the replay folded (-1: none). */
  checkedRevision: string;
  accountsChecked: number;
  assetsChecked: number;
  findingsTotal: number;
  counts: Record<FindingKind, number>;
  /** The first `reconciliationFindingsStoredMax` findings. */
  findings: ReconciliationFinding[];
};

/**
 * Where the holdings come from, read after the replay reached the position it is given at (the
 * order wallet-holdings.ts needs); default: the ledger's own chain clearing (see the ADR).
 */
export type HoldingsSource = (replay: {
  accounts: readonly ReplayedAccount[];
  state: LedgerState;
}) => Promise<AssetHoldings[]>;

export async function runReconciliation(input: {
  db: AnyDb;
  follower: LedgerFollower;
  holdings?: HoldingsSource;
  chunkRows?: number;
  runsKept?: number;
  /** Findings kept in the result and the stored row (default 1,000); the counts stay exact. */
  findingsStoredMax?: number;
  now?: () => Date;
}): Promise<ReconciliationRun> {
  const { db, follower } = input;
  const now = input.now ?? (() => new Date());
  const chunkRows = input.chunkRows ?? 2_000;
  const findingsMax = input.findingsStoredMax ?? reconciliationFindingsStoredMax;
  const startedAt = now();
  // Counts stay exact; only the first findings are kept (a table corrupted wholesale must not
  // fill the projector's memory).
  const counts = Object.fromEntries(findingKinds.map((kind) => [kind, 0])) as Record<
    FindingKind,
    number
  >;
  const findings: ReconciliationFinding[] = [];
  const record = (found: readonly ReconciliationFinding[]) => {
    for (const finding of found) {
      counts[finding.kind] += 1;
      if (findings.length < findingsMax) findings.push(finding);
    }
  };
  let accountsChecked = 0;
  let after: string | undefined;
  let checkpoint: GlobalPosition | undefined;
  for (let first = true; ; first = false) {
    const chunk = await readChunk(db, after, chunkRows, first);
    checkpoint = chunk.checkpoint;
    await follower.advanceTo(checkpoint);
    if (follower.broken !== undefined) break;
    // The replay's accounts in this chunk's key range, at this chunk's checkpoint.
    const last = chunk.rows.length === chunkRows ? chunk.rows.at(-1)?.account : undefined;
    const replayed = follower.accountsWithin(after, last);
    record(compareAccounts(replayed, chunk.rows));
    record(checkNegatives(projectedAsReplayed(chunk.rows), 'projected'));
    if (chunk.stopped !== undefined) record([chunk.stopped]);
    if (chunk.totals !== undefined) {
      record(compareTotals(sumsByAsset(replayedAccountsOf(follower.state)), chunk.totals));
    }
    accountsChecked += chunk.rows.length;
    if (last === undefined) break;
    after = last;
  }
  follower.assertWhole();
  const replayed = replayedAccountsOf(follower.state);
  if (follower.broken === undefined) {
    const holdings = await (input.holdings ?? defaultHoldings)({
      accounts: replayed,
      state: follower.state,
    });
    record(checkNegatives(replayed, 'replayed'));
    record(checkZeroSum(sumsByAsset(replayed), 'replayed'));
    record(checkLiabilities(replayed, holdings));
  } else {
    // The first thing to read: nothing after that event was checked.
    counts.ReplayBroken += 1;
    findings.unshift({ kind: 'ReplayBroken', ...follower.broken });
    findings.length = Math.min(findings.length, findingsMax);
  }
  const findingsTotal = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const run = {
    status: findingsTotal === 0 ? 'ok' : 'discrepancy',
    startedAt,
    finishedAt: now(),
    checkedPosition: checkpoint,
    checkedRevision: follower.revision.toString(),
    accountsChecked,
    assetsChecked: follower.state.assets.size,
    findingsTotal,
    counts,
    findings,
  } satisfies Omit<ReconciliationRun, 'runId'>;
  const runId = await storeRun(db, run, input.runsKept ?? 10_080);
  return { runId, ...run };
}

const defaultHoldings: HoldingsSource = async ({ accounts }) => holdingsFromChainClearing(accounts);

/**
 * The live `ledger-balances` checkpoint (undefined: nothing projected yet): how far a replay kept
 * between runs may be folded ahead of the next run without passing what that run will compare.
 */
export async function liveBalancesCheckpoint(db: AnyDb): Promise<GlobalPosition | undefined> {
  const { rows } = await sql<{ position: string | null }>`SELECT c.position
    FROM projection_registry r JOIN projection_checkpoints c
      ON c.projection = r.projection AND c.version = r.version
   WHERE r.projection = ${ledgerBalancesProjectionName} AND r.status = 'live'`.execute(db);
  return (rows[0]?.position ?? undefined) as GlobalPosition | undefined;
}

/**
 * Folds a replay kept between runs up to the live balances checkpoint, never past it: the next
 * run's chunks are read at that checkpoint or a later one, so the replay stays usable, and the
 * run folds only what came since. Returns the checkpoint folded to.
 */
export async function followLiveCheckpoint(
  db: AnyDb,
  follower: LedgerFollower,
): Promise<GlobalPosition | undefined> {
  const checkpoint = await liveBalancesCheckpoint(db);
  await follower.advanceTo(checkpoint);
  return checkpoint;
}

async function readChunk(
  db: AnyDb,
  after: string | undefined,
  chunkRows: number,
  withTotals: boolean,
): Promise<{
  checkpoint: GlobalPosition | undefined;
  rows: ProjectedAccount[];
  totals: ProjectedAssetTotals[] | undefined;
  stopped: ReconciliationFinding | undefined;
}> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const checkpoint = await liveBalancesCheckpoint(trx);
      const lower = after === undefined ? sql`TRUE` : sql`account > ${after}`;
      const { rows } = await sql<ProjectedAccount>`SELECT account, kind, system_role, asset,
          decimal_point, status, balance::text AS balance, held::text AS held
        FROM ledger_accounts WHERE ${lower} AND kind <> 'limit'
        ORDER BY account LIMIT ${chunkRows}`.execute(trx);
      const totals = withTotals
        ? (
            await sql<ProjectedAssetTotals>`SELECT asset, decimal_point,
              balance_total::text AS balance_total,
              member_balance_total::text AS member_balance_total,
              member_held_total::text AS member_held_total,
              system_balance_total::text AS system_balance_total
            FROM ledger_asset_totals ORDER BY asset`.execute(trx)
          ).rows
        : undefined;
      const stopped = withTotals ? await stoppedOn(trx) : undefined;
      return { checkpoint, rows, totals, stopped };
    });
}

/** The open failure that stopped the live balances projection, if any. */
async function stoppedOn(trx: AnyDb): Promise<ReconciliationFinding | undefined> {
  const { rows } = await sql<{
    event_id: string | null;
    event_type: string | null;
    error_message: string;
  }>`SELECT f.event_id, f.event_type, f.error_message
      FROM projection_registry r JOIN projection_failures f
        ON f.projection = r.projection AND f.version = r.version AND f.resolved_at IS NULL
     WHERE r.projection = ${ledgerBalancesProjectionName} AND r.status = 'live'
     ORDER BY f.id LIMIT 1`.execute(trx);
  const row = rows[0];
  return row === undefined
    ? undefined
    : {
        kind: 'ProjectionStopped',
        projection: ledgerBalancesProjectionName,
        eventId: row.event_id,
        eventType: row.event_type,
        error: row.error_message,
      };
}

async function storeRun(
  db: AnyDb,
  run: Omit<ReconciliationRun, 'runId'>,
  runsKept: number,
): Promise<string> {
  const { rows } = await sql<{ run_id: string }>`INSERT INTO ledger_reconciliation_runs
      (status, started_at, finished_at, checked_position, checked_revision, accounts_checked,
       assets_checked, findings_total, counts, findings)
    VALUES (${run.status}, ${run.startedAt}, ${run.finishedAt}, ${run.checkedPosition ?? null},
      ${run.checkedRevision}::bigint, ${run.accountsChecked}, ${run.assetsChecked},
      ${run.findingsTotal}, ${JSON.stringify(run.counts)}::jsonb,
      ${JSON.stringify(run.findings)}::jsonb)
    RETURNING run_id::text AS run_id`.execute(db);
  const runId = rows[0]?.run_id;
  if (runId === undefined) throw new Error('the reconciliation run was not stored');
  await sql`DELETE FROM ledger_reconciliation_runs
    WHERE run_id <= ${runId}::bigint - ${runsKept}::bigint`.execute(db);
  return runId;
}
