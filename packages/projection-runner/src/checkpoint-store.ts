import type { GlobalPosition } from '@ledger/event-store';
import { type Kysely, sql } from 'kysely';
import {
  CheckpointConflictError,
  CheckpointRegressionError,
  ProjectionNotRegisteredError,
} from './errors.ts';
import type { ProjectionKey } from './projection.ts';
import type { ProjectionTables } from './tables.ts';

/** The runner's tables on any kysely instance or transaction (the same connection either way). */
export function projectionTables<DB>(db: Kysely<DB>): Kysely<ProjectionTables> {
  return db.$extendTables<ProjectionTables>() as unknown as Kysely<ProjectionTables>;
}

export type CheckpointRow = {
  position: GlobalPosition | undefined;
  status: 'building' | 'live' | 'retired';
};

/** The checkpoint and registry status of one projection version, in one statement. */
export async function readCheckpoint<DB>(
  db: Kysely<DB>,
  key: ProjectionKey,
): Promise<CheckpointRow> {
  const row = await projectionTables(db)
    .selectFrom('projection_checkpoints as c')
    .innerJoin('projection_registry as r', (join) =>
      join.onRef('r.projection', '=', 'c.projection').onRef('r.version', '=', 'c.version'),
    )
    .select(['c.position', 'r.status'])
    .where('c.projection', '=', key.projection)
    .where('c.version', '=', key.version)
    .executeTakeFirst();
  if (!row) throw new ProjectionNotRegisteredError(key.projection, key.version);
  return {
    position: (row.position ?? undefined) as GlobalPosition | undefined,
    status: row.status,
  };
}

/**
 * Compare-and-set: moves the checkpoint from `expected` to `next`, or throws
 * CheckpointConflictError when it is not at `expected` (the caller's transaction then rolls back,
 * taking the read-model change with it). Storing the position already stored (`expected` =
 * `next`) is an idempotent no-op; replaying an advance that already happened is a conflict,
 * because the read-model change that came with it would be applied twice.
 */
export async function advanceCheckpoint<DB>(
  db: Kysely<DB>,
  key: ProjectionKey,
  expected: GlobalPosition | undefined,
  next: GlobalPosition,
  options: { synchronousCommit?: boolean } = {},
): Promise<void> {
  if (expected !== undefined && next < expected)
    throw new CheckpointRegressionError(expected, next);
  const update = projectionTables(db)
    .updateTable('projection_checkpoints')
    .set({ position: next, updated_at: sql<Date>`now()` })
    .where('projection', '=', key.projection)
    .where('version', '=', key.version)
    .where((eb) =>
      expected === undefined ? eb('position', 'is', null) : eb('position', '=', expected),
    );
  // synchronous_commit off for the rest of the caller's transaction, set by the same statement
  // rather than one more round trip (see BatchPipeline).
  const updated =
    options.synchronousCommit === false
      ? (
          await update
            .returning(sql<string>`set_config('synchronous_commit', 'off', true)`.as('sync'))
            .execute()
        ).length
      : Number((await update.executeTakeFirst()).numUpdatedRows);
  if (updated !== 1) throw new CheckpointConflictError(key.projection, key.version, expected);
}
