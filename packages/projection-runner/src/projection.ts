import type { Database } from '@ledger/db';
import type { EventFilter, RecordedEvent } from '@ledger/event-store';
import type { Transaction } from 'kysely';

/** What a projection knows about where it writes. */
export type ProjectionContext = {
  projection: string;
  version: number;
  /** The physical name of a logical table for this version: `balances` → `balances_v2`. */
  table(logicalName: string): string;
  /**
   * What the projection keeps in memory between its batches, given only by the leader's pipeline
   * (absent for `projectBatch`, the auditor and tests): one map per leadership of this projection
   * version on one database, emptied whenever a batch fails for any reason (the rows it describes
   * may then differ from the tables). A projection that caches rows here must still guard its
   * writes (a zombie leader's cache is stale) and refuse a stale cache with a transient error.
   */
  memory?: Map<string, unknown>;
  /**
   * Runs `action` once this batch's transaction has committed; never when it rolled back or its
   * outcome is unknown. Present exactly when `memory` is.
   */
  afterCommit?(action: () => void): void;
};

/**
 * A read model fed by the event log. `apply` runs inside the runner's transaction, together with
 * the checkpoint's compare-and-set: it must only write through `trx`, and must throw (never skip,
 * never clamp) on an event it cannot apply, which stops the projection with a report.
 */
export type Projection<DB = Database> = {
  name: string;
  /** Bump to rebuild: the new version projects into its own tables and is swapped in when caught up. */
  version: number;
  filter?: EventFilter;
  /** Logical names of the tables `setup` creates; each is read through a view of that name. */
  tables?: readonly string[];
  /** Creates this version's tables (`context.table(name)`); runs once, at registration. */
  setup?(trx: Transaction<DB>, context: ProjectionContext): Promise<void>;
  apply(
    trx: Transaction<DB>,
    events: readonly RecordedEvent[],
    context: ProjectionContext,
  ): Promise<void>;
};

/** `balances`, 2 → `balances_v2`. */
export function versionedTable(logicalName: string, version: number): string {
  return `${logicalName}_v${version}`;
}

export function projectionContext(projection: {
  name: string;
  version: number;
}): ProjectionContext {
  return {
    projection: projection.name,
    version: projection.version,
    table: (logicalName) => versionedTable(logicalName, projection.version),
  };
}

/** The checkpoint row of one projection version. */
export type ProjectionKey = { projection: string; version: number };

export function keyOf(projection: { name: string; version: number }): ProjectionKey {
  return { projection: projection.name, version: projection.version };
}
