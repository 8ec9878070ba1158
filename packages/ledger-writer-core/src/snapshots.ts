import { createHash } from 'node:crypto';
import type { GlobalPosition } from '@ledger/event-store';
import { type LedgerState, serializeState } from '@ledger/ledger';
import type pg from 'pg';

/**
 * Snapshots of the ledger state (DESIGN.md §3, Point in time): the canonical JSON text of
 * `serializeState`, its SHA-256, and where in the stream it was taken. The text is stored as is,
 * so the hash can be checked against exactly what was hashed.
 */
export const snapshotFormatVersion = 1;

export type Snapshot = {
  /** Revision of the last event folded into the state, and that event's id. */
  revision: number;
  lastEventId: string;
  position: GlobalPosition | undefined;
  stateHash: string;
  stateText: string;
};

export function hashStateText(stateText: string): string {
  return createHash('sha256').update(stateText, 'utf8').digest('hex');
}

/** The state as snapshot text and hash (O(accounts + holds)). */
export function takeSnapshot(
  state: LedgerState,
  at: { revision: number; lastEventId: string; position: GlobalPosition | undefined },
): Snapshot {
  const stateText = JSON.stringify(serializeState(state));
  return { ...at, stateHash: hashStateText(stateText), stateText };
}

/** Stores a snapshot and deletes all but the newest `kept` of the stream. */
export async function saveSnapshot(
  pool: pg.Pool,
  stream: string,
  snapshot: Snapshot,
  kept: number,
): Promise<void> {
  await pool.query(
    `WITH saved AS (
       INSERT INTO ledger_snapshots
         (stream_id, revision, last_event_id, position, format_version, state_hash, state)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id)
     DELETE FROM ledger_snapshots WHERE stream_id = $1 AND id NOT IN (
       SELECT id FROM ledger_snapshots WHERE stream_id = $1 ORDER BY revision DESC, id DESC LIMIT $8)`,
    [
      stream,
      snapshot.revision,
      snapshot.lastEventId,
      snapshot.position ?? null,
      snapshotFormatVersion,
      snapshot.stateHash,
      snapshot.stateText,
      // The CTE's insert is invisible to the DELETE's subquery, so keep one fewer old ones.
      Math.max(0, kept - 1),
    ],
  );
}

/** The stream's snapshots, newest first (the loader takes the first one that checks out). */
export async function listSnapshots(pool: pg.Pool, stream: string): Promise<Snapshot[]> {
  const { rows } = await pool.query<{
    revision: string;
    last_event_id: string;
    position: string | null;
    format_version: number;
    state_hash: string;
    state: string;
  }>(
    `SELECT revision::text AS revision, last_event_id::text AS last_event_id, position,
            format_version, state_hash, state
       FROM ledger_snapshots WHERE stream_id = $1 ORDER BY revision DESC, id DESC`,
    [stream],
  );
  return rows
    .filter((row) => row.format_version === snapshotFormatVersion)
    .map((row) => ({
      revision: Number(row.revision),
      lastEventId: row.last_event_id,
      position: (row.position ?? undefined) as GlobalPosition | undefined,
      stateHash: row.state_hash,
      stateText: row.state,
    }));
}
