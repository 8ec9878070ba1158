import { type Kysely, sql } from 'kysely';

/**
 * The event store (docs/adr/0006-event-store-postgres.md, guides/event-store.md §2–§4): streams,
 * the append-only event log with its gap-free poll index, the hash chain, and the append functions.
 * Frozen in time: later changes are new migrations.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of [
    tables,
    appendOnlyTriggers,
    linkChainFunction,
    probeFunction,
    appendOneFunction,
    appendFunction,
    chainAggregate,
    appendSliceFunction,
    appendBatchFunction,
  ]) {
    await sql.raw(statement).execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP FUNCTION es_append_batch(text[], text[], text[], bigint[], int[], uuid[], jsonb, jsonb, jsonb, bytea);
    DROP FUNCTION es_append_slice(text, text, text, bigint, uuid[], jsonb, jsonb, jsonb, bytea, int, int);
    DROP FUNCTION es_append(text, text, text, bigint, uuid[], text[], jsonb[], jsonb[], bytea[]);
    DROP AGGREGATE es_chain(bytea, bytea, bytea, bigint);
    DROP FUNCTION es_chain_step(bytea, bytea, bytea, bytea, bigint);
    DROP FUNCTION es_append_one(text, text, text, bigint, uuid[], text[], jsonb[], jsonb[], bytea[]);
    DROP FUNCTION es_probe(text, text, bigint, uuid[]);
    DROP FUNCTION es_link_chain(bytea, bytea[], bytea, bigint);
    DROP TABLE es_events;
    DROP TABLE es_streams;
    DROP FUNCTION es_refuse_change();
    DROP SEQUENCE es_global_seq;
  `.execute(db);
}

// The sequence keeps CACHE 1: a larger cache widens the reordering between sequence and commit.
// Fixed-width columns come first so rows pack without alignment padding.
const tables = `
    CREATE SEQUENCE es_global_seq;

    CREATE TABLE es_streams (
      stream_id      text        PRIMARY KEY,
      category       text        NOT NULL,
      revision       bigint      NOT NULL,
      last_link_hash bytea       NOT NULL,
      created_at     timestamptz NOT NULL DEFAULT now(),
      updated_at     timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE es_events (
      transaction_id  xid8        NOT NULL DEFAULT pg_current_xact_id(),
      global_seq      bigint      NOT NULL DEFAULT nextval('es_global_seq'),
      stream_revision bigint      NOT NULL,
      recorded_at     timestamptz NOT NULL DEFAULT now(),
      event_id        uuid        NOT NULL,
      stream_id       text        NOT NULL,
      event_type      text        NOT NULL,
      content_hash    bytea       NOT NULL,
      link_hash       bytea       NOT NULL,
      data            jsonb       NOT NULL,
      metadata        jsonb       NOT NULL DEFAULT '{}',
      PRIMARY KEY (stream_id, stream_revision)
    );
    CREATE UNIQUE INDEX es_events_event_id ON es_events (event_id);
    CREATE UNIQUE INDEX es_events_global ON es_events (transaction_id, global_seq);
  `;

// Statement-level triggers refuse even an UPDATE or DELETE that matches no row. es_streams rows
// are updated by every append (revision, last link hash), so only DELETE/TRUNCATE are refused.
const appendOnlyTriggers = `
    CREATE FUNCTION es_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION '% on % refused: the event store is append-only', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'P0403';
    END $$;

    CREATE TRIGGER es_events_append_only BEFORE UPDATE OR DELETE ON es_events
      FOR EACH STATEMENT EXECUTE FUNCTION es_refuse_change();
    CREATE TRIGGER es_events_no_truncate BEFORE TRUNCATE ON es_events
      FOR EACH STATEMENT EXECUTE FUNCTION es_refuse_change();
    CREATE TRIGGER es_streams_no_delete BEFORE DELETE ON es_streams
      FOR EACH STATEMENT EXECUTE FUNCTION es_refuse_change();
    CREATE TRIGGER es_streams_no_truncate BEFORE TRUNCATE ON es_streams
      FOR EACH STATEMENT EXECUTE FUNCTION es_refuse_change();
  `;

// link(r) = sha256(link(r-1) ‖ content(r) ‖ utf8(stream) ‖ int8 big-endian(r)); link(-1) is 32
// zero bytes. Only the stream name has a variable length, so the concatenation is unambiguous.
const linkChainFunction = `
    CREATE FUNCTION es_link_chain(p_prev bytea, p_hashes bytea[], p_stream bytea, p_first bigint)
    RETURNS bytea[] LANGUAGE plpgsql IMMUTABLE STRICT AS $$
    DECLARE
      v_links bytea[] := '{}';
      v_prev bytea := p_prev;
    BEGIN
      FOR i IN 1 .. coalesce(cardinality(p_hashes), 0) LOOP
        v_prev := sha256(v_prev || p_hashes[i] || p_stream || int8send(p_first + i - 1));
        v_links[i] := v_prev;
      END LOOP;
      RETURN v_links;
    END $$;
  `;

// Status NULL: the first id is unused. 0: exactly these ids were appended to this stream at the
// position the caller asks for (an idempotent retry): the stored result. 2: used elsewhere.
const probeFunction = `
    CREATE FUNCTION es_probe(p_stream_id text, p_expected text, p_revision bigint, p_ids uuid[],
      OUT status smallint, OUT next_revision bigint, OUT last_txid xid8, OUT last_seq bigint)
    LANGUAGE plpgsql AS $$
    DECLARE
      n int := cardinality(p_ids);
      v_stream text;
      v_first bigint;
    BEGIN
      SELECT e.stream_id, e.stream_revision INTO v_stream, v_first
        FROM es_events e WHERE e.event_id = p_ids[1];
      IF NOT FOUND THEN RETURN; END IF;
      IF v_stream <> p_stream_id
         OR (p_expected = 'exact' AND v_first <> p_revision + 1)
         OR (p_expected = 'no_stream' AND v_first <> 0)
         OR p_ids IS DISTINCT FROM (SELECT array_agg(e.event_id ORDER BY e.stream_revision)
                                      FROM es_events e WHERE e.stream_id = p_stream_id
                                       AND e.stream_revision BETWEEN v_first AND v_first + n - 1) THEN
        status := 2;
        RETURN;
      END IF;
      SELECT 0, e.stream_revision, e.transaction_id, e.global_seq
        INTO status, next_revision, last_txid, last_seq
        FROM es_events e WHERE e.stream_id = p_stream_id AND e.stream_revision = v_first + n - 1;
    END $$;
  `;

// One append that reports its outcome instead of raising, so several callers' appends can share
// a transaction and each fail on its own (no exception blocks, hence no subtransactions).
// status 0 ok (or idempotent retry), 1 wrong expected revision (actual), 2 ids used elsewhere,
// 3 invalid arguments. The stream row is read, then updated only if unchanged: the UPDATE takes
// the row lock, re-checks after a concurrent writer commits, and no sequence value is used
// before the check (Marten #4749). 'any' and 'stream_exists' retry when they lose a race.
const appendOneFunction = `
    CREATE FUNCTION es_append_one(
      p_stream_id text, p_category text, p_expected text, p_revision bigint,
      p_ids uuid[], p_types text[], p_data jsonb[], p_meta jsonb[], p_hashes bytea[],
      OUT status smallint, OUT next_revision bigint, OUT last_txid xid8, OUT last_seq bigint,
      OUT actual text)
    LANGUAGE plpgsql AS $$
    DECLARE
      n int := coalesce(cardinality(p_ids), 0);
      v_stream bytea := convert_to(p_stream_id, 'UTF8');
      v_cur bigint;
      v_prev bytea;
      v_base bigint;
      v_links bytea[];
    BEGIN
      IF n = 0 OR cardinality(p_types) IS DISTINCT FROM n OR cardinality(p_data) IS DISTINCT FROM n
         OR cardinality(p_meta) IS DISTINCT FROM n OR cardinality(p_hashes) IS DISTINCT FROM n
         OR p_expected IS NULL OR p_expected NOT IN ('any', 'no_stream', 'stream_exists', 'exact')
         OR (p_expected = 'exact') <> (p_revision IS NOT NULL) OR p_revision < 0 THEN
        status := 3;
        RETURN;
      END IF;

      SELECT * INTO status, next_revision, last_txid, last_seq
        FROM es_probe(p_stream_id, p_expected, p_revision, p_ids);
      IF status IS NOT NULL THEN RETURN; END IF;

      FOR attempt IN 1 .. 100 LOOP
        SELECT s.revision, s.last_link_hash INTO v_cur, v_prev
          FROM es_streams s WHERE s.stream_id = p_stream_id;
        IF NOT FOUND THEN
          EXIT WHEN p_expected IN ('exact', 'stream_exists');
          v_links := es_link_chain(decode(repeat('00', 32), 'hex'), p_hashes, v_stream, 0);
          INSERT INTO es_streams (stream_id, category, revision, last_link_hash)
            VALUES (p_stream_id, p_category, n - 1, v_links[n])
            ON CONFLICT (stream_id) DO NOTHING;
          IF FOUND THEN v_base := 0; EXIT; END IF;
          EXIT WHEN p_expected = 'no_stream';
        ELSE
          EXIT WHEN p_expected = 'no_stream' OR (p_expected = 'exact' AND v_cur <> p_revision);
          v_links := es_link_chain(v_prev, p_hashes, v_stream, v_cur + 1);
          UPDATE es_streams SET revision = v_cur + n, last_link_hash = v_links[n], updated_at = now()
           WHERE stream_id = p_stream_id AND revision = v_cur;
          IF FOUND THEN v_base := v_cur + 1; EXIT; END IF;
          EXIT WHEN p_expected = 'exact';
        END IF;
      END LOOP;

      IF v_base IS NULL THEN
        -- The stream statement may have waited on a concurrent identical retry that has committed.
        SELECT * INTO status, next_revision, last_txid, last_seq
          FROM es_probe(p_stream_id, p_expected, p_revision, p_ids);
        IF status IS NOT NULL THEN RETURN; END IF;
        status := 1;
        actual := coalesce((SELECT s.revision::text FROM es_streams s WHERE s.stream_id = p_stream_id),
                           'no_stream');
        RETURN;
      END IF;

      INSERT INTO es_events (stream_id, stream_revision, event_id, event_type, data, metadata,
                             content_hash, link_hash)
      SELECT p_stream_id, v_base + e.ord - 1, e.id, e.t, e.d, e.m, e.h, e.l
        FROM unnest(p_ids, p_types, p_data, p_meta, p_hashes, v_links)
             WITH ORDINALITY AS e(id, t, d, m, h, l, ord);

      status := 0;
      next_revision := v_base + n - 1;
      last_txid := pg_current_xact_id();
      last_seq := currval('es_global_seq');
    END $$;
  `;

// One append, raising on failure (guide §3.2): P0409 wrong expected revision with the actual
// revision (or 'no_stream') as DETAIL, P0410 ids used elsewhere, 22023 invalid arguments.
const appendFunction = `
    CREATE FUNCTION es_append(
      p_stream_id text, p_category text, p_expected text, p_revision bigint,
      p_ids uuid[], p_types text[], p_data jsonb[], p_meta jsonb[], p_hashes bytea[])
    RETURNS TABLE (next_revision bigint, last_txid xid8, last_seq bigint)
    LANGUAGE plpgsql AS $$
    DECLARE r record;
    BEGIN
      SELECT * INTO r FROM es_append_one(p_stream_id, p_category, p_expected, p_revision,
                                         p_ids, p_types, p_data, p_meta, p_hashes);
      IF r.status = 1 THEN
        RAISE EXCEPTION 'wrong expected revision for %', p_stream_id
          USING ERRCODE = 'P0409', DETAIL = r.actual;
      ELSIF r.status = 2 THEN
        RAISE EXCEPTION 'event id % already used', p_ids[1] USING ERRCODE = 'P0410';
      ELSIF r.status = 3 THEN
        RAISE EXCEPTION 'invalid append to %', p_stream_id USING ERRCODE = '22023';
      END IF;
      RETURN QUERY SELECT r.next_revision, r.last_txid, r.last_seq;
    END $$;
  `;

// The same link hash as es_link_chain, as a running aggregate: a window over one append's events
// in revision order chains them in set-based SQL. Plain SQL so the planner inlines the step.
const chainAggregate = `
    CREATE FUNCTION es_chain_step(p_state bytea, p_prev bytea, p_content bytea, p_stream bytea,
                                  p_revision bigint)
    RETURNS bytea LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
    $$ SELECT sha256(coalesce(p_state, p_prev) || p_content || p_stream || int8send(p_revision)) $$;

    CREATE AGGREGATE es_chain(bytea, bytea, bytea, bigint) (sfunc = es_chain_step, stype = bytea);
  `;

// Event payloads of es_append_batch arrive packed: types, data and metadata as one JSON array
// each, the content hashes as one bytea of 32-byte hashes (one JSON document parses faster than an
// array literal of documents, on both sides of the connection). es_append_slice unpacks one
// append's share of them for es_append_one.
const appendSliceFunction = `
    CREATE FUNCTION es_append_slice(
      p_stream_id text, p_category text, p_expected text, p_revision bigint, p_ids uuid[],
      p_types jsonb, p_data jsonb, p_meta jsonb, p_hashes bytea, p_from int, p_to int,
      OUT status smallint, OUT next_revision bigint, OUT last_txid xid8, OUT last_seq bigint,
      OUT actual text)
    LANGUAGE sql AS $$
      SELECT o.* FROM es_append_one(p_stream_id, p_category, p_expected, p_revision,
        p_ids[p_from:p_to],
        ARRAY(SELECT p_types ->> (g - 1) FROM generate_series(p_from, p_to) g ORDER BY g),
        ARRAY(SELECT p_data -> (g - 1) FROM generate_series(p_from, p_to) g ORDER BY g),
        ARRAY(SELECT p_meta -> (g - 1) FROM generate_series(p_from, p_to) g ORDER BY g),
        ARRAY(SELECT substring(p_hashes FROM (g - 1) * 32 + 1 FOR 32)
                FROM generate_series(p_from, p_to) g ORDER BY g)) o
    $$;
  `;

// Several callers' appends in one transaction (group commit, guide §12.3), one result row each,
// in input order; p_counts[i] events of the packed event arguments belong to append i, and the
// streams are distinct. Each append passes or fails its check on its own, without exception
// blocks (so no subtransactions). Existing stream rows are locked in name order (and read, in
// the same statement), so two batches cannot deadlock on them and the checks see current values;
// the writes are set-based. An append whose first id is already used takes es_append_one
// (idempotent retry, or status 2). A single append goes straight to es_append_one.
const appendBatchFunction = `
    CREATE FUNCTION es_append_batch(
      p_streams text[], p_categories text[], p_expected text[], p_revisions bigint[], p_counts int[],
      p_ids uuid[], p_types jsonb, p_data jsonb, p_meta jsonb, p_hashes bytea)
    RETURNS TABLE (status smallint, next_revision bigint, last_txid xid8, last_seq bigint,
                   actual text)
    LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
    DECLARE
      k int := coalesce(cardinality(p_streams), 0);
      v_starts int[];
      v_first uuid[];
      v_cur bigint[];
      v_prev bytea[];
      v_used boolean[];
      v_status smallint[];
      v_go boolean[];
      v_heads int[];
      v_seqs bigint[];
      v_seq bigint[] := array_fill(NULL::bigint, ARRAY[k]);
      v_next int := 1;
      r record;
    BEGIN
      -- Streams must be distinct; a repeated one cannot slip through: its events would collide on
      -- the primary key and fail the whole batch.
      IF k = 0 OR cardinality(p_categories) <> k OR cardinality(p_expected) <> k
         OR cardinality(p_revisions) <> k OR cardinality(p_counts) <> k
         OR jsonb_array_length(p_types) <> cardinality(p_ids)
         OR jsonb_array_length(p_data) <> cardinality(p_ids)
         OR jsonb_array_length(p_meta) <> cardinality(p_ids)
         OR length(p_hashes) <> 32 * cardinality(p_ids) THEN
        RAISE EXCEPTION 'malformed append batch' USING ERRCODE = '22023';
      END IF;

      FOR i IN 1 .. k LOOP
        IF p_counts[i] IS NULL OR p_counts[i] < 1 THEN
          RAISE EXCEPTION 'malformed append batch' USING ERRCODE = '22023';
        END IF;
        v_starts[i] := v_next;
        v_first[i] := p_ids[v_next];
        v_next := v_next + p_counts[i];
      END LOOP;
      IF v_next - 1 <> cardinality(p_ids) THEN
        RAISE EXCEPTION 'malformed append batch' USING ERRCODE = '22023';
      END IF;
      IF k = 1 THEN
        RETURN QUERY SELECT o.status, o.next_revision, o.last_txid, o.last_seq, o.actual
          FROM es_append_slice(p_streams[1], p_categories[1], p_expected[1], p_revisions[1],
                               p_ids, p_types, p_data, p_meta, p_hashes, 1, cardinality(p_ids)) o;
        RETURN;
      END IF;

      WITH locked AS (
        SELECT s.stream_id, s.revision, s.last_link_hash FROM es_streams s
         WHERE s.stream_id = ANY (p_streams) ORDER BY s.stream_id FOR NO KEY UPDATE
      )
      SELECT array_agg(l.revision ORDER BY a.ord), array_agg(l.last_link_hash ORDER BY a.ord),
             array_agg(x.event_id IS NOT NULL ORDER BY a.ord)
        INTO v_cur, v_prev, v_used
        FROM unnest(p_streams, v_first) WITH ORDINALITY AS a(stream_id, first_id, ord)
        LEFT JOIN locked l ON l.stream_id = a.stream_id
        LEFT JOIN es_events x ON x.event_id = a.first_id;

      -- 0 write, 1 wrong expected revision, 3 invalid, 4 first id used (es_append_one decides).
      FOR i IN 1 .. k LOOP
        v_status[i] := CASE
          WHEN p_expected[i] IS NULL OR p_expected[i] NOT IN ('any', 'no_stream', 'stream_exists', 'exact')
            OR (p_expected[i] = 'exact') <> (p_revisions[i] IS NOT NULL) OR p_revisions[i] < 0 THEN 3
          WHEN v_used[i] THEN 4
          WHEN p_expected[i] = 'any'
            OR (p_expected[i] = 'no_stream' AND v_cur[i] IS NULL)
            OR (p_expected[i] = 'stream_exists' AND v_cur[i] IS NOT NULL)
            OR (p_expected[i] = 'exact' AND v_cur[i] = p_revisions[i]) THEN 0
          ELSE 1 END;
        v_go[i] := v_status[i] = 0;
      END LOOP;

      -- Events in input order; width_bucket finds each event's append by its start offset. The
      -- sequence is drawn in that order, so within a transaction it follows the revisions. A new
      -- stream created concurrently since the lock makes the INSERT fail the whole batch (the
      -- caller then retries each append alone).
      WITH e AS (
        SELECT x.id, x.type, x.data, x.meta, x.eord, width_bucket(x.eord::int, v_starts) AS ord,
               substring(p_hashes FROM (x.eord::int - 1) * 32 + 1 FOR 32) AS hash
          FROM ROWS FROM (unnest(p_ids), jsonb_array_elements_text(p_types),
                          jsonb_array_elements(p_data), jsonb_array_elements(p_meta))
               WITH ORDINALITY AS x(id, type, data, meta, eord)
      ), ev AS (
        SELECT e.ord, p_streams[e.ord] AS stream_id,
               coalesce(v_cur[e.ord], -1) + e.eord - v_starts[e.ord] + 1 AS revision,
               e.id, e.type, e.data, e.meta, e.hash, nextval('es_global_seq') AS seq,
               es_chain(coalesce(v_prev[e.ord], decode(repeat('00', 32), 'hex')), e.hash,
                        convert_to(p_streams[e.ord], 'UTF8'),
                        coalesce(v_cur[e.ord], -1) + e.eord - v_starts[e.ord] + 1)
                 OVER (PARTITION BY e.ord ORDER BY e.eord) AS link
          FROM e WHERE v_go[e.ord]
      ), heads AS (
        SELECT ev.ord, ev.stream_id, ev.revision, ev.link, ev.seq FROM ev
         WHERE ev.revision = coalesce(v_cur[ev.ord], -1) + p_counts[ev.ord]
      ), updated AS (
        UPDATE es_streams s SET revision = h.revision, last_link_hash = h.link, updated_at = now()
          FROM heads h WHERE s.stream_id = h.stream_id AND v_cur[h.ord] IS NOT NULL
      ), created AS (
        INSERT INTO es_streams (stream_id, category, revision, last_link_hash)
        SELECT h.stream_id, p_categories[h.ord], h.revision, h.link FROM heads h
         WHERE v_cur[h.ord] IS NULL
      ), written AS (
        INSERT INTO es_events (global_seq, stream_id, stream_revision, event_id, event_type, data,
                               metadata, content_hash, link_hash)
        SELECT ev.seq, ev.stream_id, ev.revision, ev.id, ev.type, ev.data, ev.meta, ev.hash, ev.link
          FROM ev
      )
      SELECT array_agg(h.ord), array_agg(h.seq) INTO v_heads, v_seqs FROM heads h;

      FOR j IN 1 .. coalesce(cardinality(v_heads), 0) LOOP
        v_seq[v_heads[j]] := v_seqs[j];
      END LOOP;
      FOR i IN 1 .. k LOOP
        status := v_status[i];
        next_revision := NULL;
        last_txid := NULL;
        last_seq := NULL;
        actual := NULL;
        IF v_status[i] = 0 THEN
          next_revision := coalesce(v_cur[i], -1) + p_counts[i];
          last_txid := pg_current_xact_id();
          last_seq := v_seq[i];
        ELSIF v_status[i] = 1 THEN
          actual := coalesce(v_cur[i]::text, 'no_stream');
        ELSIF v_status[i] = 4 THEN
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
