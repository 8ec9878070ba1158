import type { ProjectionContext } from '@ledger/projection-runner';
import type { AccountRow, AssetTotalRow } from './ledger-batch.ts';

/**
 * The account rows as the projection's last committed batch left them, kept in the runner's
 * memory for this projection (ProjectionContext.memory: one leadership on one database, emptied
 * by the runner whenever a batch fails). The projection is the only writer of its accounts table,
 * so a batch that follows the one that filled the cache finds its rows here instead of reading
 * them (one statement per batch and the parsing of every row, docs/performance.md, "Third pass,
 * projector"). Safety does not rest on the cache: every update still names the revision it
 * expects in the table, and any failure of a batch that used cached rows is an
 * AccountCacheMismatchError, which the runner retries with an empty memory (so from the tables).
 */
export class AccountCache {
  readonly #rows = new Map<string, AccountRow>();
  /**
   * The asset totals rows (the books) as the same batches left them, under the same guards: a
   * handful of rows, never evicted; their upsert names the revision it expects too.
   */
  readonly #assets = new Map<string, AssetTotalRow>();
  /** The `ledger` stream revision of the last event the cached rows include. */
  #revision: bigint | undefined;
  readonly #table: string;
  readonly #maxRows: number;

  constructor(table: string, maxRows: number) {
    this.#table = table;
    this.#maxRows = maxRows;
  }

  /**
   * The cache for a batch whose first ledger event is at `firstRevision`, emptied unless it
   * continues the cached rows exactly (the batch before it committed and nothing was applied in
   * between); undefined when the runner keeps no memory (projectBatch, the auditor).
   */
  static forBatch(
    context: Pick<ProjectionContext, 'table' | 'memory'>,
    table: string,
    firstRevision: bigint,
    maxRows = accountCacheMaxRows,
  ): AccountCache | undefined {
    const memory = context.memory;
    if (memory === undefined) return undefined;
    const key = `ledger-accounts:${table}`;
    let cache = memory.get(key) as AccountCache | undefined;
    if (cache === undefined || cache.#table !== table) {
      cache = new AccountCache(table, maxRows);
      memory.set(key, cache);
    }
    if (cache.#revision === undefined || cache.#revision + 1n !== firstRevision) cache.#clear();
    return cache;
  }

  /** A copy of the cached row (the batch changes its copy, never the cache). */
  get(account: string): AccountRow | undefined {
    const row = this.#rows.get(account);
    return row === undefined ? undefined : copyAccountRow(row);
  }

  /** A copy of the cached asset totals row (the batch changes its copy, never the cache). */
  getAsset(asset: string): AssetTotalRow | undefined {
    const row = this.#assets.get(asset);
    return row === undefined ? undefined : copyAssetTotalRow(row);
  }

  /** After the batch committed: its rows are what the tables now hold. */
  remember(
    rows: Iterable<AccountRow>,
    revision: bigint,
    assets: Iterable<AssetTotalRow> = [],
  ): void {
    for (const row of assets) this.#assets.set(row.asset, row);
    // A row already cached takes the batch's values in place (the batch only ever had a copy), so
    // the cache keeps its long-lived objects and the batch's copies die young: replacing them
    // promoted every touched row to V8's old space on every batch, then left it there as garbage.
    // A row cached for the first time keeps its place at the end of the map's order: the rows
    // leave in the order they were first cached (the bound is only a safety net).
    for (const row of rows) {
      const cached = this.#rows.get(row.account);
      if (cached === undefined) this.#rows.set(row.account, row);
      else if (cached !== row) assignAccountRow(cached, row);
    }
    this.#revision = revision;
    if (this.#rows.size > this.#maxRows) {
      let excess = this.#rows.size - this.#maxRows;
      for (const account of this.#rows.keys()) {
        if (excess-- <= 0) break;
        this.#rows.delete(account);
      }
    }
  }

  /** Drops the asset totals only (bench-projector's `+accountcache` variant: the read per batch). */
  forgetAssetTotals(): void {
    this.#assets.clear();
  }

  get size(): number {
    return this.#rows.size;
  }

  #clear(): void {
    this.#rows.clear();
    this.#assets.clear();
    this.#revision = undefined;
  }
}

/**
 * Field-by-field copies: one object shape, built in one step. Object spread (`{ ...row }`) went
 * through V8's generic clone (CloneObjectIC, ~2.5 % of the projector process's CPU samples at 256
 * HTTP clients); every field is listed, so a field added to the row type must be added here (the
 * return types make the compiler say so).
 */
export function copyAccountRow(row: AccountRow): AccountRow {
  return {
    account: row.account,
    seq: row.seq,
    accountNumber: row.accountNumber,
    kind: row.kind,
    memberId: row.memberId,
    memberSeq: row.memberSeq,
    systemRole: row.systemRole,
    asset: row.asset,
    decimalPoint: row.decimalPoint,
    status: row.status,
    balance: row.balance,
    held: row.held,
    dailyLimit: row.dailyLimit,
    isNegativeAllowed: row.isNegativeAllowed,
    openedAt: row.openedAt,
    lastRevision: row.lastRevision,
    lastPosition: row.lastPosition,
    logRows: row.logRows,
    logLastAt: row.logLastAt,
    logTimesOrdered: row.logTimesOrdered,
  };
}

/**
 * Every field of `from` written into `to` (the cache's row, in place). `Object.assign`, not a list
 * of fields: a field added to the row type can never be left stale in the cache.
 */
function assignAccountRow(to: AccountRow, from: AccountRow): void {
  Object.assign(to, from);
}

export function copyAssetTotalRow(row: AssetTotalRow): AssetTotalRow {
  return {
    asset: row.asset,
    decimalPoint: row.decimalPoint,
    balanceTotal: row.balanceTotal,
    memberBalanceTotal: row.memberBalanceTotal,
    memberHeldTotal: row.memberHeldTotal,
    systemBalanceTotal: row.systemBalanceTotal,
    memberAccounts: row.memberAccounts,
    systemAccounts: row.systemAccounts,
    accountTransferRows: row.accountTransferRows,
    lastRevision: row.lastRevision,
  };
}

/** About 0.5 KiB per row: 200,000 accounts ≈ 100 MiB at most; the first cached go first. */
export const accountCacheMaxRows = 200_000;

/**
 * A batch that used cached account rows failed (an update refused, a broken invariant, a
 * duplicate log row): the table may have moved without this process, so the batch is retried
 * with an empty memory before anything is blamed on the event.
 */
export class AccountCacheMismatchError extends Error {
  /** The runner retries with an empty memory (isTransientError). */
  readonly transient = true;

  constructor(cause?: unknown) {
    super(
      'a batch with cached account rows failed (the cache may be stale); retrying from the table',
      cause === undefined ? undefined : { cause },
    );
    this.name = 'AccountCacheMismatchError';
  }
}
