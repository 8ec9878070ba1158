import type { GlobalPosition, RecordedEvent } from '@ledger/event-store';
import { type Kysely, sql } from 'kysely';
import { projectionTables } from './checkpoint-store.ts';
import type { ProjectionKey } from './projection.ts';

/** Why a projection stopped: the event it could not apply and what it threw. */
export type ProjectionFailure = {
  id: string;
  projection: string;
  version: number;
  /** The checkpoint the failing batch started after (nothing at or before it is affected). */
  checkpoint: GlobalPosition | undefined;
  event:
    | {
        id: string;
        type: string;
        streamName: string;
        revision: bigint;
        position: GlobalPosition | undefined;
      }
    | undefined;
  errorName: string;
  errorMessage: string;
  failedAt: Date;
};

/** Records the failure that stops a projection; the open row is the stopped state. */
export async function recordFailure<DB>(
  db: Kysely<DB>,
  key: ProjectionKey,
  input: {
    checkpoint: GlobalPosition | undefined;
    event: RecordedEvent | undefined;
    error: unknown;
  },
): Promise<ProjectionFailure> {
  const { checkpoint, event, error } = input;
  const name = error instanceof Error ? error.name : typeof error;
  const message = error instanceof Error ? error.message : String(error);
  const detail = {
    stack: error instanceof Error ? (error.stack ?? null) : null,
    code: (error as { code?: unknown } | null)?.code ?? null,
  };
  const row = await projectionTables(db)
    .insertInto('projection_failures')
    .values({
      projection: key.projection,
      version: key.version,
      checkpoint: checkpoint ?? null,
      event_position: event?.position ?? null,
      event_id: event?.id ?? null,
      event_type: event?.type ?? null,
      stream_name: event?.streamName ?? null,
      stream_revision: event === undefined ? null : event.revision.toString(),
      error_name: name,
      error_message: message,
      error_detail: JSON.stringify(detail),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toFailure(row);
}

/** The open failure of a projection version, if it is stopped. */
export async function openFailure<DB>(
  db: Kysely<DB>,
  key: ProjectionKey,
): Promise<ProjectionFailure | undefined> {
  const row = await projectionTables(db)
    .selectFrom('projection_failures')
    .selectAll()
    .where('projection', '=', key.projection)
    .where('version', '=', key.version)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return row ? toFailure(row) : undefined;
}

/**
 * Marks the open failure resolved (an operator, after fixing the cause: new code, repaired
 * reference data). A stopped runner notices and retries the same event; nothing is skipped.
 */
export async function resolveFailure<DB>(
  db: Kysely<DB>,
  key: ProjectionKey,
  resolution: string,
): Promise<boolean> {
  const result = await projectionTables(db)
    .updateTable('projection_failures')
    .set({ resolved_at: sql<Date>`now()`, resolution })
    .where('projection', '=', key.projection)
    .where('version', '=', key.version)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

function toFailure(row: {
  id: string;
  projection: string;
  version: number;
  checkpoint: string | null;
  event_position: string | null;
  event_id: string | null;
  event_type: string | null;
  stream_name: string | null;
  stream_revision: string | null;
  error_name: string;
  error_message: string;
  failed_at: Date;
}): ProjectionFailure {
  const event =
    row.event_id === null
      ? undefined
      : {
          id: row.event_id,
          type: row.event_type ?? '',
          streamName: row.stream_name ?? '',
          revision: BigInt(row.stream_revision ?? '0'),
          position: (row.event_position ?? undefined) as GlobalPosition | undefined,
        };
  return {
    id: String(row.id),
    projection: row.projection,
    version: row.version,
    checkpoint: (row.checkpoint ?? undefined) as GlobalPosition | undefined,
    event,
    errorName: row.error_name,
    errorMessage: row.error_message,
    failedAt: row.failed_at,
  };
}
