import type { ColumnType, Generated } from 'kysely';

/**
 * The runner's own tables (migrations/src/0002-projection-checkpoints.ts) as kysely sees them.
 * They are typed here rather than in @ledger/db because only the runner and its awaiter use them.
 */
export type ProjectionRegistryTable = {
  projection: string;
  version: number;
  /** building: projecting from the start while an older version serves; live: read through the views. */
  status: 'building' | 'live' | 'retired';
  /** Logical table names; version N's tables are `<name>_v<N>`, the live ones read through views `<name>`. */
  tables: ColumnType<string[], string[], string[]>;
  created_at: Generated<Date>;
  live_at: Date | null;
  retired_at: Date | null;
};

export type ProjectionCheckpointsTable = {
  projection: string;
  version: number;
  /** Encoded GlobalPosition (text COLLATE "C"); null = nothing applied yet. */
  position: string | null;
  updated_at: Generated<Date>;
};

export type ProjectionFailuresTable = {
  id: Generated<string>;
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
  error_detail: ColumnType<Record<string, unknown>, string, string>;
  failed_at: Generated<Date>;
  resolved_at: Date | null;
  resolution: string | null;
};

export type ProjectionTables = {
  projection_registry: ProjectionRegistryTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  projection_failures: ProjectionFailuresTable;
};
