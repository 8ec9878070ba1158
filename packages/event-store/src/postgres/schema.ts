import type { ColumnType, Generated } from 'kysely';

/**
 * The event store's tables as kysely sees them (migrations/src/0001-event-store.ts). Appends go
 * through es_append/es_append_batch only; these types are for reads and audits. int8 and xid8
 * columns arrive as decimal strings.
 */
export type EsStreamsTable = {
  stream_id: string;
  category: string;
  revision: ColumnType<string, string | bigint, string | bigint>;
  last_link_hash: Buffer;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};

export type EsEventsTable = {
  transaction_id: Generated<string>;
  global_seq: Generated<string>;
  stream_id: string;
  stream_revision: ColumnType<string, string | bigint, never>;
  event_id: string;
  event_type: string;
  data: ColumnType<unknown, string, never>;
  metadata: ColumnType<Record<string, unknown>, string | undefined, never>;
  content_hash: Buffer;
  link_hash: Buffer;
  recorded_at: Generated<Date>;
};

export type EventStoreTables = {
  es_streams: EsStreamsTable;
  es_events: EsEventsTable;
};
