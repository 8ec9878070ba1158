import { type Kysely, sql } from 'kysely';

/**
 * The global log's page reads as functions with a generic plan (docs/adr/0017, addendum): the
 * same statements the adapter sent as named prepared statements, which Postgres planned again on
 * every call with the call's values (plan_cache_mode auto kept choosing custom plans, and
 * estimating `(transaction_id, global_seq) > (…)` near the end of the index looks the index's end
 * up each time): about half the backend CPU of a 20-event page at the head of the log. A
 * PL/pgSQL function caches its plan; `force_generic_plan` keeps the one plan, the index-ordered
 * scan of es_events_global. Same rows, same snapshot rule (STABLE: the body runs in the calling
 * statement's snapshot, so pg_current_snapshot() and the scan agree). Frozen in time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(readAllPageFunction).execute(db);
  await sql.raw(readAllFilteredFunction).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP FUNCTION es_read_all_page(xid8, bigint, int)`.execute(db);
  await sql`DROP FUNCTION es_read_all_filtered(xid8, bigint, int, text[], text[], int)`.execute(db);
}

// One page of the log after (p_after_tx, p_after_seq), at most p_max events, as one JSON
// document: an array of rows, each [[tx, seq, stream, revision, id, type, recorded µs] as strings,
// data, metadata]; with the row count and the page's last position.
const readAllPageFunction = `
    CREATE FUNCTION es_read_all_page(p_after_tx xid8, p_after_seq bigint, p_max int)
    RETURNS TABLE (page text, n int, last_tx text, last_seq text)
    LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
    #variable_conflict use_column
    BEGIN
      RETURN QUERY
      SELECT '[' || coalesce(string_agg(
            '[' || array_to_json(ARRAY[p.tx, p.seq, p.stream, p.revision, p.id, p.type, p.recorded_us])::text
              || ',' || p.data::text || ',' || p.metadata::text || ']',
            ',' ORDER BY p.transaction_id, p.global_seq), '') || ']',
          count(*)::int,
          (array_agg(p.tx ORDER BY p.transaction_id, p.global_seq))[count(*)],
          (array_agg(p.seq ORDER BY p.transaction_id, p.global_seq))[count(*)]
        FROM (SELECT e.transaction_id, e.global_seq, e.transaction_id::text AS tx,
                     e.global_seq::text AS seq, e.stream_id AS stream,
                     e.stream_revision::text AS revision, e.event_id::text AS id,
                     e.event_type AS type, e.data, e.metadata,
                     round(date_part('epoch', e.recorded_at) * 1000000)::int8::text AS recorded_us
                FROM es_events e
               WHERE e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
                 AND (e.transaction_id, e.global_seq) > (p_after_tx, p_after_seq)
               ORDER BY e.transaction_id, e.global_seq LIMIT p_max) p;
    END $$;
  `;

// A filtered page: the events after the position whose type and stream match a prefix of each
// non-empty list, at most p_max, among the next p_scan rows of the log; when fewer than p_max
// match, one more row with the window's size (scanned) and last position. The events are read
// with a LIMIT over the window, so the scan stops at the p_max-th match: a page of 20 no longer
// examines 4,096 rows and copies every match's payload. Only a short page looks at the whole
// window, by position alone. Both statements run in the calling statement's snapshot (STABLE).
const readAllFilteredFunction = `
    CREATE FUNCTION es_read_all_filtered(p_after_tx xid8, p_after_seq bigint, p_max int,
                                         p_types text[], p_streams text[], p_scan int)
    RETURNS TABLE (scanned bigint, tx text, seq text, stream text, revision text, id text,
                   type text, data jsonb, metadata jsonb, recorded_us text)
    LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
    #variable_conflict use_column
    DECLARE
      v_found bigint;
    BEGIN
      RETURN QUERY
      SELECT NULL::bigint, h.transaction_id::text, h.global_seq::text, h.stream_id,
             h.stream_revision::text, h.event_id::text, h.event_type, h.data, h.metadata,
             round(date_part('epoch', h.recorded_at) * 1000000)::int8::text
        FROM (SELECT w.* FROM (SELECT e.transaction_id, e.global_seq, e.stream_id,
                                      e.stream_revision, e.event_id, e.event_type, e.data,
                                      e.metadata, e.recorded_at
                                 FROM es_events e
                                WHERE e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
                                  AND (e.transaction_id, e.global_seq) > (p_after_tx, p_after_seq)
                                ORDER BY e.transaction_id, e.global_seq LIMIT p_scan) w
               WHERE (cardinality(p_types) = 0
                       OR EXISTS (SELECT FROM unnest(p_types) x WHERE starts_with(w.event_type, x)))
                 AND (cardinality(p_streams) = 0
                       OR EXISTS (SELECT FROM unnest(p_streams) x WHERE starts_with(w.stream_id, x)))
               LIMIT p_max) h;
      GET DIAGNOSTICS v_found = ROW_COUNT;
      IF v_found < p_max THEN
        RETURN QUERY
        WITH scan AS MATERIALIZED (
          SELECT e.transaction_id, e.global_seq FROM es_events e
           WHERE e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
             AND (e.transaction_id, e.global_seq) > (p_after_tx, p_after_seq)
           ORDER BY e.transaction_id, e.global_seq LIMIT p_scan
        )
        SELECT (SELECT count(*) FROM scan), t.transaction_id::text, t.global_seq::text,
               NULL, NULL, NULL, NULL, NULL::jsonb, NULL::jsonb, NULL
          FROM (SELECT scan.transaction_id, scan.global_seq FROM scan
                 ORDER BY scan.transaction_id DESC, scan.global_seq DESC LIMIT 1) t;
      END IF;
    END $$;
  `;
