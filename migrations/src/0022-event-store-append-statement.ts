import { type Kysely, sql } from 'kysely';

/**
 * A leaner group-commit append (docs/adr/0017-event-store-append-statement.md): a single append
 * to an existing stream (the ledger writer's shape) in three plain statements, everything else
 * in one data-modifying statement, instead of es_append_batch's locked read and write or, for a
 * single append, three nested PL/pgSQL functions. Same arguments and outcomes as es_append_batch
 * (0001), which stays for code still calling it; the adapter calls es_append_batch_v2. Frozen in
 * time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(appendBatchV2Function).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP FUNCTION es_append_batch_v2(text[], text[], text[], bigint[], int[], uuid[], jsonb, jsonb,
                                     jsonb, bytea)
  `.execute(db);
}

// p_counts[i] events of the packed event arguments belong to append i; the streams are distinct
// (the adapter sends them in name order). One result row per append, in input order: status 0
// written (or an idempotent retry), 1 wrong expected revision (actual), 2 ids used elsewhere,
// 3 invalid.
//
// The statement locks the existing stream rows in name order (FOR NO KEY UPDATE returns the newest
// version after a wait, so the checks see current values), decides each append on its own, chains
// the events (es_chain, 0001) and writes them with their sequence values drawn in revision order.
// The event rows of an append are written only if its stream row was: a new stream lost to a
// concurrent creator (ON CONFLICT DO NOTHING) writes nothing. No exception blocks, hence no
// subtransactions.
//
// Appends the statement cannot settle go through es_append_slice / es_append_one (0001) after it,
// in the same transaction, each with fresh snapshots: a first id already used by any or
// stream_exists (idempotent retry, or status 2), a wrong expected revision (the probe then tells
// a retry whose original committed while this one waited for the row lock from a real conflict),
// and a lost stream creation. For exact and no_stream the id probe is left to that path: a retry
// of a committed append always fails its revision check; a first id reused at a position whose
// check passes fails the statement on es_events_event_id (23505), as a later reused id always has.
export const appendBatchV2Function = `
    CREATE FUNCTION es_append_batch_v2(
      p_streams text[], p_categories text[], p_expected text[], p_revisions bigint[], p_counts int[],
      p_ids uuid[], p_types jsonb, p_data jsonb, p_meta jsonb, p_hashes bytea)
    RETURNS TABLE (status smallint, next_revision bigint, last_txid xid8, last_seq bigint,
                   actual text)
    LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
    DECLARE
      k int := coalesce(cardinality(p_streams), 0);
      n int := coalesce(cardinality(p_ids), 0);
      v_starts int[];
      v_next int := 1;
      v_status smallint[];
      v_revision bigint[];
      v_seq bigint[];
      v_cur bigint;
      v_prev bytea;
      v_stream bytea;
      v_link bytea;
      v_links bytea[];
      r record;
    BEGIN
      IF k = 0 OR cardinality(p_categories) <> k OR cardinality(p_expected) <> k
         OR cardinality(p_revisions) <> k OR cardinality(p_counts) <> k
         OR jsonb_array_length(p_types) <> n OR jsonb_array_length(p_data) <> n
         OR jsonb_array_length(p_meta) <> n OR length(p_hashes) <> 32 * n THEN
        RAISE EXCEPTION 'malformed append batch' USING ERRCODE = '22023';
      END IF;
      FOR i IN 1 .. k LOOP
        IF p_counts[i] IS NULL OR p_counts[i] < 1 THEN
          RAISE EXCEPTION 'malformed append batch' USING ERRCODE = '22023';
        END IF;
        v_starts[i] := v_next;
        v_next := v_next + p_counts[i];
      END LOOP;
      IF v_next - 1 <> n THEN
        RAISE EXCEPTION 'malformed append batch' USING ERRCODE = '22023';
      END IF;

      -- A single append to an existing stream (the ledger writer's shape, and a lone caller's):
      -- the locked read, then one statement for the events with their links and sequence values
      -- in revision order, then the stream row. Anything else takes the general statement below.
      IF k = 1 AND p_expected[1] IN ('any', 'stream_exists', 'exact')
         AND (p_expected[1] = 'exact') = (p_revisions[1] IS NOT NULL)
         AND coalesce(p_revisions[1], 0) >= 0
         AND (p_expected[1] = 'exact'
              OR NOT EXISTS (SELECT FROM es_events x WHERE x.event_id = p_ids[1])) THEN
        SELECT s.revision, s.last_link_hash INTO v_cur, v_prev
          FROM es_streams s WHERE s.stream_id = p_streams[1] FOR NO KEY UPDATE;
        IF FOUND AND (p_expected[1] <> 'exact' OR v_cur = p_revisions[1]) THEN
          -- The chain in a loop: cheaper per event than es_chain as a window aggregate, whose SQL
          -- transition function runs its own executor for every event.
          v_stream := convert_to(p_streams[1], 'UTF8');
          v_link := v_prev;
          FOR i IN 1 .. n LOOP
            v_link := sha256(v_link || substring(p_hashes FROM i * 32 - 31 FOR 32) || v_stream
                             || int8send(v_cur + i));
            v_links[i] := v_link;
          END LOOP;
          -- Sequence values are drawn in scan order, which is revision order.
          INSERT INTO es_events (stream_id, stream_revision, event_id, event_type, data, metadata,
                                 content_hash, link_hash)
          SELECT p_streams[1], v_cur + e.eord, e.id, e.type, e.data, e.meta,
                 substring(p_hashes FROM e.eord::int * 32 - 31 FOR 32), e.link
            FROM ROWS FROM (unnest(p_ids), jsonb_array_elements_text(p_types),
                            jsonb_array_elements(p_data), jsonb_array_elements(p_meta),
                            unnest(v_links))
                 WITH ORDINALITY AS e(id, type, data, meta, link, eord);
          UPDATE es_streams SET revision = v_cur + n, last_link_hash = v_link, updated_at = now()
           WHERE stream_id = p_streams[1];
          status := 0;
          next_revision := v_cur + n;
          last_txid := pg_current_xact_id();
          last_seq := currval('es_global_seq');
          RETURN NEXT;
          RETURN;
        END IF;
      END IF;

      -- 0 write, 1 wrong expected revision, 3 invalid, 4 first id used, 5 stream creation lost.
      WITH locked AS MATERIALIZED (
        SELECT s.stream_id, s.revision, s.last_link_hash FROM es_streams s
         WHERE s.stream_id = ANY (p_streams) ORDER BY s.stream_id FOR NO KEY UPDATE
      ), d AS MATERIALIZED (
        SELECT a.ord::int AS ord, a.stream_id, a.category, a.cnt, l.revision AS cur,
               l.last_link_hash AS prev,
               CASE
                 WHEN a.expected IS NULL
                   OR a.expected NOT IN ('any', 'no_stream', 'stream_exists', 'exact')
                   OR (a.expected = 'exact') <> (a.revision IS NOT NULL) OR a.revision < 0 THEN 3
                 WHEN a.expected IN ('any', 'stream_exists')
                   AND EXISTS (SELECT FROM es_events x WHERE x.event_id = p_ids[v_starts[a.ord]])
                   THEN 4
                 WHEN a.expected = 'any'
                   OR (a.expected = 'no_stream' AND l.revision IS NULL)
                   OR (a.expected = 'stream_exists' AND l.revision IS NOT NULL)
                   OR (a.expected = 'exact' AND l.revision = a.revision) THEN 0
                 ELSE 1 END::smallint AS status
          FROM unnest(p_streams, p_categories, p_expected, p_revisions, p_counts)
               WITH ORDINALITY AS a(stream_id, category, expected, revision, cnt, ord)
          LEFT JOIN locked l ON l.stream_id = a.stream_id
      ), ev AS MATERIALIZED (
        SELECT e.ord, e.eord, d.stream_id, d.category, d.cur IS NOT NULL AS existed,
               coalesce(d.cur, -1) + e.eord - v_starts[e.ord] + 1 AS revision,
               coalesce(d.cur, -1) + d.cnt AS head,
               e.id, e.type, e.data, e.meta, e.hash,
               es_chain(coalesce(d.prev, decode(repeat('00', 32), 'hex')), e.hash, convert_to(d.stream_id, 'UTF8'),
                        coalesce(d.cur, -1) + e.eord - v_starts[e.ord] + 1)
                 OVER (PARTITION BY e.ord ORDER BY e.eord) AS link
          FROM (SELECT x.id, x.type, x.data, x.meta, x.eord::int AS eord,
                       width_bucket(x.eord::int, v_starts) AS ord,
                       substring(p_hashes FROM (x.eord::int - 1) * 32 + 1 FOR 32) AS hash
                  FROM ROWS FROM (unnest(p_ids), jsonb_array_elements_text(p_types),
                                  jsonb_array_elements(p_data), jsonb_array_elements(p_meta))
                       WITH ORDINALITY AS x(id, type, data, meta, eord)) e
          JOIN d ON d.ord = e.ord AND d.status = 0
      ), updated AS (
        UPDATE es_streams s SET revision = h.revision, last_link_hash = h.link, updated_at = now()
          FROM ev h WHERE h.existed AND h.revision = h.head AND s.stream_id = h.stream_id
      ), created AS (
        INSERT INTO es_streams (stream_id, category, revision, last_link_hash)
        SELECT h.stream_id, h.category, h.revision, h.link FROM ev h
         WHERE NOT h.existed AND h.revision = h.head
        ON CONFLICT (stream_id) DO NOTHING
        RETURNING stream_id
      ), written AS (
        INSERT INTO es_events (global_seq, stream_id, stream_revision, event_id, event_type, data,
                               metadata, content_hash, link_hash)
        SELECT nextval('es_global_seq'), ev.stream_id, ev.revision, ev.id, ev.type, ev.data,
               ev.meta, ev.hash, ev.link
          FROM ev
         WHERE ev.existed OR ev.stream_id IN (SELECT c.stream_id FROM created c)
        RETURNING stream_id, stream_revision, global_seq
      ), heads AS (
        SELECT w.stream_id, max(w.stream_revision) AS revision, max(w.global_seq) AS seq
          FROM written w GROUP BY w.stream_id
      )
      SELECT array_agg(CASE WHEN d.status = 0 AND h.stream_id IS NULL THEN 5 ELSE d.status END
                       ORDER BY d.ord),
             array_agg(h.revision ORDER BY d.ord), array_agg(h.seq ORDER BY d.ord)
        INTO v_status, v_revision, v_seq
        FROM d LEFT JOIN heads h ON h.stream_id = d.stream_id;

      FOR i IN 1 .. k LOOP
        status := v_status[i];
        next_revision := NULL;
        last_txid := NULL;
        last_seq := NULL;
        actual := NULL;
        IF status = 0 THEN
          next_revision := v_revision[i];
          last_txid := pg_current_xact_id();
          last_seq := v_seq[i];
        ELSIF status IN (1, 4, 5) THEN
          SELECT * INTO r FROM es_append_slice(p_streams[i], p_categories[i], p_expected[i],
            p_revisions[i], p_ids, p_types, p_data, p_meta, p_hashes,
            v_starts[i], v_starts[i] + p_counts[i] - 1);
          status := r.status;
          next_revision := r.next_revision;
          last_txid := r.last_txid;
          last_seq := r.last_seq;
          actual := r.actual;
        END IF;
        RETURN NEXT;
      END LOOP;
    END $$;
  `;
