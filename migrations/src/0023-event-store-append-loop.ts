import { type Kysely, sql } from 'kysely';
import { appendBatchV2Function } from './0022-event-store-append-statement.ts';

/**
 * es_append_batch_v2, second version (docs/adr/0017-event-store-append-statement.md): the link
 * hashes of several appends are computed in a PL/pgSQL loop between the locked read and the
 * write instead of by es_chain as a window aggregate (whose SQL transition function runs its own
 * executor for every event), and a single append updates its stream row in the statement that
 * writes its events. Same arguments, outcomes and guarantees. Frozen in time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(appendBatchV2Loop).execute(db);
}

/** Back to the 0022 body. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(appendBatchV2Function.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION'))
    .execute(db);
}

// p_counts[i] events of the packed event arguments belong to append i; the streams are distinct
// (the adapter sends them in name order). One result row per append, in input order: status 0
// written (or an idempotent retry), 1 wrong expected revision (actual), 2 ids used elsewhere,
// 3 invalid.
//
// A single append to an existing stream takes a short path: the locked read, the links, one
// statement for the stream row and the events. Otherwise: the locked read of every existing stream
// row in name order with each append's decision, the links of the appends that go ahead, and one
// statement that writes the stream rows and the events; a new stream's events are written only if
// its row was (ON CONFLICT DO NOTHING: a creation lost to a concurrent transaction writes
// nothing). Sequence values are drawn in scan order: append by append, revision order within each.
// No exception blocks, hence no subtransactions.
//
// Appends the statements cannot settle go through es_append_slice / es_append_one (0001) after
// them, in the same transaction, each with fresh snapshots: a first id already used by any or
// stream_exists (idempotent retry, or status 2), a wrong expected revision (the probe then tells
// a retry whose original committed while this one waited for the row lock from a real conflict),
// and a lost stream creation. For exact and no_stream the id probe is left to that path: a retry
// of a committed append always fails its revision check; a first id reused at a position whose
// check passes fails the statement on es_events_event_id (23505), as a later reused id always has.
const appendBatchV2Loop = `
    CREATE OR REPLACE FUNCTION es_append_batch_v2(
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
      v_curs bigint[];
      v_prevs bytea[];
      v_heads int[];
      v_seqs bigint[];
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
          -- Sequence values are drawn in scan order, which is revision order. The stream row
          -- (locked above) is updated by the same statement.
          WITH head AS (
            UPDATE es_streams SET revision = v_cur + n, last_link_hash = v_link, updated_at = now()
             WHERE stream_id = p_streams[1]
          )
          INSERT INTO es_events (stream_id, stream_revision, event_id, event_type, data, metadata,
                                 content_hash, link_hash)
          SELECT p_streams[1], v_cur + e.eord, e.id, e.type, e.data, e.meta,
                 substring(p_hashes FROM e.eord::int * 32 - 31 FOR 32), e.link
            FROM ROWS FROM (unnest(p_ids), jsonb_array_elements_text(p_types),
                            jsonb_array_elements(p_data), jsonb_array_elements(p_meta),
                            unnest(v_links))
                 WITH ORDINALITY AS e(id, type, data, meta, link, eord);
          status := 0;
          next_revision := v_cur + n;
          last_txid := pg_current_xact_id();
          last_seq := currval('es_global_seq');
          RETURN NEXT;
          RETURN;
        END IF;
      END IF;

      -- 0 write, 1 wrong expected revision, 3 invalid, 4 first id used, 5 stream creation lost.
      -- Existing stream rows are locked in name order (the same in every batch, so batches cannot
      -- deadlock on them); FOR NO KEY UPDATE returns the newest version after a wait.
      WITH locked AS MATERIALIZED (
        SELECT s.stream_id, s.revision, s.last_link_hash FROM es_streams s
         WHERE s.stream_id = ANY (p_streams) ORDER BY s.stream_id FOR NO KEY UPDATE
      )
      SELECT array_agg(l.revision ORDER BY a.ord), array_agg(l.last_link_hash ORDER BY a.ord),
             array_agg(CASE
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
               ELSE 1 END::smallint ORDER BY a.ord)
        INTO v_curs, v_prevs, v_status
        FROM unnest(p_streams, p_expected, p_revisions) WITH ORDINALITY AS a(stream_id, expected, revision, ord)
        LEFT JOIN locked l ON l.stream_id = a.stream_id;

      -- The links of every append that goes ahead, in a loop (see above).
      v_links := array_fill(NULL::bytea, ARRAY[n]);
      FOR i IN 1 .. k LOOP
        CONTINUE WHEN v_status[i] <> 0;
        v_stream := convert_to(p_streams[i], 'UTF8');
        v_link := coalesce(v_prevs[i], decode(repeat('00', 32), 'hex'));
        v_cur := coalesce(v_curs[i], -1);
        FOR j IN v_starts[i] .. v_starts[i] + p_counts[i] - 1 LOOP
          v_link := sha256(v_link || substring(p_hashes FROM j * 32 - 31 FOR 32) || v_stream
                           || int8send(v_cur + j - v_starts[i] + 1));
          v_links[j] := v_link;
        END LOOP;
      END LOOP;

      -- One statement writes the stream rows and the events (sequence values in scan order: append
      -- by append in input order, revision order within each). A new stream's events are written
      -- only if its row was: one lost to a concurrent creator (ON CONFLICT DO NOTHING) writes nothing.
      WITH h AS MATERIALIZED (
        SELECT i AS ord, p_streams[i] AS stream_id, p_categories[i] AS category,
               v_curs[i] IS NOT NULL AS existed, coalesce(v_curs[i], -1) + p_counts[i] AS revision,
               v_links[v_starts[i] + p_counts[i] - 1] AS link
          FROM generate_subscripts(p_streams, 1) AS i WHERE v_status[i] = 0
      ), updated AS (
        UPDATE es_streams s SET revision = h.revision, last_link_hash = h.link, updated_at = now()
          FROM h WHERE h.existed AND s.stream_id = h.stream_id
      ), created AS (
        INSERT INTO es_streams (stream_id, category, revision, last_link_hash)
        SELECT h.stream_id, h.category, h.revision, h.link FROM h WHERE NOT h.existed
        ON CONFLICT (stream_id) DO NOTHING
        RETURNING stream_id
      ), written AS (
        INSERT INTO es_events (stream_id, stream_revision, event_id, event_type, data, metadata,
                               content_hash, link_hash)
        SELECT p_streams[x.ord], coalesce(v_curs[x.ord], -1) + x.eord - v_starts[x.ord] + 1, x.id,
               x.type, x.data, x.meta, substring(p_hashes FROM x.eord::int * 32 - 31 FOR 32), x.link
          FROM (SELECT e.*, width_bucket(e.eord::int, v_starts) AS ord
                  FROM ROWS FROM (unnest(p_ids), jsonb_array_elements_text(p_types),
                                  jsonb_array_elements(p_data), jsonb_array_elements(p_meta),
                                  unnest(v_links))
                       WITH ORDINALITY AS e(id, type, data, meta, link, eord)) x
         WHERE v_status[x.ord] = 0
           AND (v_curs[x.ord] IS NOT NULL OR p_streams[x.ord] IN (SELECT c.stream_id FROM created c))
        RETURNING stream_id, global_seq
      )
      SELECT array_agg(h.ord), array_agg(w.seq) INTO v_heads, v_seqs
        FROM (SELECT written.stream_id, max(written.global_seq) AS seq FROM written
               GROUP BY written.stream_id) w
        JOIN h ON h.stream_id = w.stream_id;
      v_seq := array_fill(NULL::bigint, ARRAY[k]);
      FOR j IN 1 .. coalesce(cardinality(v_heads), 0) LOOP
        v_seq[v_heads[j]] := v_seqs[j];
      END LOOP;

      FOR i IN 1 .. k LOOP
        status := v_status[i];
        next_revision := NULL;
        last_txid := NULL;
        last_seq := NULL;
        actual := NULL;
        IF status = 0 AND v_seq[i] IS NULL THEN
          status := 5;
        END IF;
        IF status = 0 THEN
          next_revision := coalesce(v_curs[i], -1) + p_counts[i];
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
