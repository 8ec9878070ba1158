import { type Kysely, sql } from 'kysely';
import { ledgerBalancesProjectionName } from './ledger-balances-projection.ts';
import { ledgerProfilesProjectionName } from './ledger-profiles-projection.ts';
import { formatMinorUnits, minorUnitsOf } from './minor-units.ts';

/**
 * The per-asset books (every system account, the members' total, and their sum, which is zero),
 * read in one snapshot so the figures agree with each other, plus the state of the ledger
 * projections (a stopped one is reported with the event that stopped it).
 */

// biome-ignore lint/suspicious/noExplicitAny: the read models are typed by their queries.
type AnyDb = Kysely<any>;

export type AssetBook = {
  asset: string;
  decimal_point: number;
  system_accounts: {
    account: string;
    system_role: string;
    balance: string;
    holding_balance: string;
    status: string;
  }[];
  member_accounts: number;
  member_balance_total: string;
  member_holding_total: string;
  system_balance_total: string;
  /** Members plus system accounts: "0" (with the asset's digits) unless something is broken. */
  sum: string;
};

export type LedgerProjectionState = {
  projection: string;
  checkpoint: string | null;
  updated_at: string | null;
  /** Set when the projection stopped on an event it could not apply. */
  failure: { event_id: string | null; event_type: string | null; error: string } | null;
};

export async function readBooks(
  db: AnyDb,
): Promise<{ books: AssetBook[]; projections: LedgerProjectionState[] }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => ({
      books: await booksIn(trx),
      projections: await projectionStates(trx),
    }));
}

async function booksIn(db: AnyDb): Promise<AssetBook[]> {
  const { rows: totals } = await sql<{
    asset: string;
    decimal_point: number;
    member_balance_total: string;
    member_held_total: string;
    system_balance_total: string;
    member_accounts: number;
  }>`SELECT asset, decimal_point, member_balance_total::text, member_held_total::text,
      system_balance_total::text, member_accounts FROM ledger_asset_totals ORDER BY asset`.execute(
    db,
  );
  const { rows: systems } = await sql<{
    account: string;
    asset: string;
    system_role: string;
    balance: string;
    held: string;
    status: string;
  }>`SELECT account, asset, system_role, balance::text, held::text, status FROM ledger_accounts
      WHERE kind = 'system' ORDER BY asset, account`.execute(db);
  return totals.map((total) => {
    const units = (text: string) => minorUnitsOf(text, total.decimal_point);
    const format = (value: bigint) => formatMinorUnits(value, total.decimal_point);
    const accounts = systems.filter((row) => row.asset === total.asset);
    const systemSum = accounts.reduce((sum, row) => sum + units(row.balance), 0n);
    return {
      asset: total.asset,
      decimal_point: total.decimal_point,
      system_accounts: accounts.map((row) => ({
        account: row.account,
        system_role: row.system_role,
        balance: format(units(row.balance)),
        holding_balance: format(units(row.held)),
        status: row.status,
      })),
      member_accounts: total.member_accounts,
      member_balance_total: format(units(total.member_balance_total)),
      member_holding_total: format(units(total.member_held_total)),
      system_balance_total: format(systemSum),
      sum: format(units(total.member_balance_total) + systemSum),
    };
  });
}

async function projectionStates(db: AnyDb): Promise<LedgerProjectionState[]> {
  const names = [ledgerBalancesProjectionName, ledgerProfilesProjectionName];
  const { rows } = await sql<{
    projection: string;
    position: string | null;
    updated_at: Date | null;
    event_id: string | null;
    event_type: string | null;
    error_message: string | null;
  }>`SELECT r.projection, c.position, c.updated_at, f.event_id, f.event_type, f.error_message
      FROM projection_registry r
      JOIN projection_checkpoints c ON c.projection = r.projection AND c.version = r.version
      LEFT JOIN projection_failures f ON f.projection = r.projection AND f.version = r.version
        AND f.resolved_at IS NULL
     WHERE r.status = 'live' AND r.projection = ANY(${names}::text[])
     ORDER BY r.projection`.execute(db);
  return rows.map((row) => ({
    projection: row.projection,
    checkpoint: row.position,
    updated_at: row.updated_at?.toISOString() ?? null,
    failure:
      row.error_message === null
        ? null
        : { event_id: row.event_id, event_type: row.event_type, error: row.error_message },
  }));
}
