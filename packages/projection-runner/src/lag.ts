import type { EventStore, GlobalPosition } from '@ledger/event-store';
import type { Kysely } from 'kysely';
import { projectionTables } from './checkpoint-store.ts';
import { ProjectionNotRegisteredError } from './errors.ts';
import type { ProjectionKey } from './projection.ts';

/**
 * How far a projection is behind. Positions are opaque, so the distance is given as time: the age
 * of the oldest event the checkpoint has not passed yet (0 when caught up), and how long ago the
 * checkpoint last moved.
 */
export type ProjectionLag = {
  projection: string;
  version: number;
  checkpoint: GlobalPosition | undefined;
  head: GlobalPosition | undefined;
  caughtUp: boolean;
  oldestPendingAgeMs: number;
  checkpointAgeMs: number;
};

export async function measureLag<DB>(
  db: Kysely<DB>,
  eventStore: EventStore,
  key: ProjectionKey,
  now: () => Date = () => new Date(),
): Promise<ProjectionLag> {
  // Head first: a checkpoint read afterwards can only be further on, never falsely behind.
  const head = await eventStore.headPosition();
  const row = await projectionTables(db)
    .selectFrom('projection_checkpoints')
    .select(['position', 'updated_at'])
    .where('projection', '=', key.projection)
    .where('version', '=', key.version)
    .executeTakeFirst();
  if (!row) throw new ProjectionNotRegisteredError(key.projection, key.version);
  const checkpoint = (row.position ?? undefined) as GlobalPosition | undefined;
  const caughtUp = head === undefined || (checkpoint !== undefined && checkpoint >= head);
  let oldestPendingAgeMs = 0;
  if (!caughtUp) {
    // Unfiltered on purpose: an event the projection will skip still holds its checkpoint back.
    const next = await eventStore.readAll({ after: checkpoint, maxCount: 1 });
    const pending = next.events[0];
    if (pending) oldestPendingAgeMs = Math.max(0, now().getTime() - pending.recordedAt.getTime());
  }
  return {
    ...key,
    checkpoint,
    head,
    caughtUp,
    oldestPendingAgeMs,
    checkpointAgeMs: Math.max(0, now().getTime() - row.updated_at.getTime()),
  };
}
