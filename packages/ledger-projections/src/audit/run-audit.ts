import type { EventStore } from '@ledger/event-store';
import { type ChainVerdict, verifyChain } from '@ledger/event-store/postgres';
import { type Kysely, sql } from 'kysely';
import type pg from 'pg';
import { ledgerStreamName } from '../ledger-balances-projection.ts';
import { minorUnitsOf } from '../minor-units.ts';
import { auditedProjections } from './audited-projections.ts';
import { type BookProblem, checkLiveBooks } from './book-checks.ts';
import { replayLedger, type TimelinePoint } from './replay-ledger.ts';
import { type RebuildProgress, type RowDifference, rebuildAndCompare } from './scratch-rebuild.ts';

/**
 * The whole audit (scripts/auditor.ts prints it): the ledger's hash chain, a replay of the ledger
 * through the pure domain, the live books, one account's timeline against its balance-change log,
 * and a rebuild of every ledger projection in a scratch schema compared with the live tables.
 * `ok` is false on any discrepancy.
 */

// biome-ignore lint/suspicious/noExplicitAny: the read models are typed by their queries.
type AnyDb = Kysely<any>;

export type TimelineMismatch = { revision: string; replayed: TimelinePoint; logged: string };

export type AuditReport = {
  ok: boolean;
  chain: ChainVerdict;
  replay: Awaited<ReturnType<typeof replayLedger>>;
  books: BookProblem[];
  timelineMismatches: TimelineMismatch[];
  rebuild: { differences: RowDifference[]; rows: number; events: number } | undefined;
};

export type AuditProgress =
  | { phase: 'chain' }
  | { phase: 'replay'; events: number }
  | { phase: 'books' }
  | ({ phase: 'rebuild' } & RebuildProgress);

export async function runAudit(input: {
  db: AnyDb;
  pool: pg.Pool;
  store: EventStore;
  /** A ledger account id: its timeline is replayed and checked against the log. */
  account?: string | undefined;
  rebuild: boolean;
  /** The scratch schema (created, then dropped unless keepScratch). */
  schema?: string;
  keepScratch?: boolean;
  onProgress?: (progress: AuditProgress) => void;
}): Promise<AuditReport> {
  const progress = input.onProgress ?? (() => {});
  progress({ phase: 'chain' });
  const chain = await verifyChain(input.pool, { stream: ledgerStreamName });
  const replay = await replayLedger(input.store, {
    ...(input.account === undefined ? {} : { account: input.account }),
    onProgress: (events) => progress({ phase: 'replay', events }),
  });
  progress({ phase: 'books' });
  const { problems: books } = await checkLiveBooks(input.db);
  const timelineMismatches =
    replay.ok && input.account !== undefined
      ? await compareTimeline(input.db, input.account, replay.timeline)
      : [];
  const rebuild = input.rebuild ? await rebuildAll(input, progress) : undefined;
  const ok =
    // An empty ledger has no stream yet: nothing to verify is not a failure.
    (chain.ok || chain.reason === 'stream_not_found') &&
    replay.ok &&
    books.length === 0 &&
    timelineMismatches.length === 0 &&
    (rebuild?.differences.length ?? 0) === 0;
  return { ok, chain, replay, books, timelineMismatches, rebuild };
}

async function rebuildAll(
  input: { db: AnyDb; store: EventStore; schema?: string; keepScratch?: boolean },
  progress: (progress: AuditProgress) => void,
) {
  const schema = input.schema ?? `ledger_audit_${Date.now().toString(36)}`;
  const total = { differences: [] as RowDifference[], rows: 0, events: 0 };
  try {
    for (const projection of auditedProjections) {
      const result = await rebuildAndCompare({
        db: input.db,
        store: input.store,
        projection,
        schema,
        onProgress: (step) => progress({ phase: 'rebuild', ...step }),
      });
      total.differences.push(...result.differences);
      total.rows += result.rows;
      total.events += result.events;
    }
  } finally {
    if (!input.keepScratch)
      await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(input.db);
  }
  return total;
}

/**
 * Each balance change of the replayed timeline against the log's last row of the same ledger
 * revision for that account (a transfer with a fee logs two rows on the payer; the last one
 * carries the balance after the whole event). Only revisions the replay reached are compared:
 * the log may already be ahead.
 */
async function compareTimeline(
  db: AnyDb,
  account: string,
  timeline: readonly TimelinePoint[],
): Promise<TimelineMismatch[]> {
  const changes = timeline.filter(
    (point) =>
      point.eventType !== 'AccountOpened' &&
      point.eventType !== 'AccountStatusChanged' &&
      point.eventType !== 'DailyLimitSet',
  );
  const last = changes.at(-1);
  if (last === undefined) return [];
  const { rows } = await sql<{
    revision: string;
    balance: string;
    held: string;
    decimal_point: number;
  }>`
    SELECT DISTINCT ON (l.revision) l.revision::text AS revision,
      CASE WHEN l.debit_account = ${account} THEN l.debit_balance_after ELSE l.credit_balance_after END::text AS balance,
      CASE WHEN l.debit_account = ${account} THEN l.debit_held_after ELSE l.credit_held_after END::text AS held,
      t.decimal_point
      FROM ledger_balance_log l JOIN ledger_asset_totals t USING (asset)
     WHERE (l.debit_account = ${account} OR l.credit_account = ${account})
       AND l.revision <= ${last.revision.toString()}::bigint
     ORDER BY l.revision, l.entry DESC`.execute(db);
  const logged = new Map(rows.map((row) => [row.revision, row]));
  const mismatches: TimelineMismatch[] = [];
  for (const point of changes) {
    const row = logged.get(point.revision.toString());
    const same =
      row !== undefined &&
      minorUnitsOf(row.balance, row.decimal_point) ===
        minorUnitsOf(point.balance, row.decimal_point) &&
      minorUnitsOf(row.held, row.decimal_point) === minorUnitsOf(point.held, row.decimal_point);
    if (!same) {
      mismatches.push({
        revision: point.revision.toString(),
        replayed: point,
        logged: row === undefined ? 'no log row' : `balance ${row.balance}, held ${row.held}`,
      });
    }
  }
  return mismatches;
}
