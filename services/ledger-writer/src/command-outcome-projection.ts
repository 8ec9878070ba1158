import type { Database } from '@ledger/db';
import type { GlobalPosition, RecordedEvent } from '@ledger/event-store';
import type { Projection } from '@ledger/projection-runner';
import { sql } from 'kysely';
import type pg from 'pg';
import { commandKey } from './command-identity.ts';
import { ledgerStream } from './ledger-stream.ts';

/**
 * The command-outcome projection: one row per ledger command (actor, command id, body hash, where
 * its events are), so the writer can answer a retry older than its in-memory window with one
 * lookup per batch (DESIGN.md §3, Idempotency). Version 1's tables come from migration
 * 0005-ledger-writer; `setup` creates the same ones for later versions.
 */
export const commandOutcomeProjectionName = 'ledger-command-outcomes';
const outcomesTable = 'ledger_command_outcomes';
const progressTable = 'ledger_command_outcome_progress';

/** A projection row: enough to tell a 409 and to re-read the original answer from the log. */
export type StoredOutcome = {
  bodyHash: string;
  revisionFirst: number;
  eventCount: number;
  position: GlobalPosition;
};

/** Thrown by `apply` when the ledger holds something the writer never appends: the projection stops. */
export class MalformedLedgerEventError extends Error {
  readonly eventId: string;
  constructor(eventId: string, message: string) {
    super(`ledger event ${eventId}: ${message}`);
    this.name = 'MalformedLedgerEventError';
    this.eventId = eventId;
  }
}

type OutcomeRow = {
  actor: string;
  commandId: string;
  bodyHash: string;
  revisionFirst: bigint;
  eventCount: number;
  position: string;
};

export function commandOutcomeProjection(): Projection<Database> {
  return {
    name: commandOutcomeProjectionName,
    version: 1,
    filter: { streamPrefixes: [ledgerStream] },
    tables: [outcomesTable, progressTable],
    async setup(trx, context) {
      const outcomes = sql.table(context.table(outcomesTable));
      const progress = sql.table(context.table(progressTable));
      await sql`CREATE TABLE IF NOT EXISTS ${outcomes} (
        actor text NOT NULL, command_id text NOT NULL, body_hash text NOT NULL,
        revision_first bigint NOT NULL, event_count integer NOT NULL,
        position text COLLATE "C" NOT NULL, PRIMARY KEY (actor, command_id))`.execute(trx);
      await sql`CREATE TABLE IF NOT EXISTS ${progress} (
        id smallint PRIMARY KEY CHECK (id = 1), revision bigint NOT NULL)`.execute(trx);
      await sql`INSERT INTO ${progress} VALUES (1, -1) ON CONFLICT (id) DO NOTHING`.execute(trx);
    },
    async apply(trx, events, context) {
      const rows = outcomeRows(events);
      const head = rows[0];
      if (head === undefined) return;
      const outcomes = sql.table(context.table(outcomesTable));
      const progress = sql.table(context.table(progressTable));
      const rest = rows.slice(1);
      const last = rows.at(-1) as OutcomeRow;
      const revisionLast = last.revisionFirst + BigInt(last.eventCount - 1);
      // One statement: only the page's first command can continue a row (a command split over
      // two pages), so only it is an upsert; the others are plain inserts, whose unique index
      // refuses a command found twice in the ledger (which the writer never does) and so stops
      // the projection. An upsert that finds another command's row writes nothing: reported too.
      const { rows: written } = await sql<{ head: number }>`
        WITH head AS (
          INSERT INTO ${outcomes} AS o (actor, command_id, body_hash, revision_first, event_count, position)
          VALUES (${head.actor}, ${head.commandId}, ${head.bodyHash}, ${head.revisionFirst.toString()}::bigint,
                  ${head.eventCount}::int, ${head.position})
          ON CONFLICT (actor, command_id) DO UPDATE
            SET event_count = o.event_count + excluded.event_count, position = excluded.position
            WHERE o.revision_first + o.event_count = excluded.revision_first
              AND o.body_hash = excluded.body_hash
          RETURNING 1
        ), rest AS (
          INSERT INTO ${outcomes} (actor, command_id, body_hash, revision_first, event_count, position)
          SELECT * FROM unnest(${rest.map((row) => row.actor)}::text[], ${rest.map((row) => row.commandId)}::text[],
            ${rest.map((row) => row.bodyHash)}::text[], ${rest.map((row) => row.revisionFirst.toString())}::bigint[],
            ${rest.map((row) => row.eventCount)}::int[], ${rest.map((row) => row.position)}::text[])
        ), progressed AS (
          UPDATE ${progress} SET revision = ${revisionLast.toString()}::bigint WHERE id = 1
        )
        SELECT count(*)::int AS head FROM head`.execute(trx);
      if (written[0]?.head !== 1) {
        throw new MalformedLedgerEventError(
          String(events[0]?.id),
          'a command id appears twice in the ledger stream',
        );
      }
    },
  };
}

function outcomeRows(events: readonly RecordedEvent[]): OutcomeRow[] {
  const rows: OutcomeRow[] = [];
  for (const event of events) {
    // The prefix filter also passes streams such as `ledger-archive`; only `ledger` is ours.
    if (event.streamName !== ledgerStream) continue;
    const { actor, commandId, bodyHash } = event.metadata;
    if (
      typeof actor !== 'string' ||
      typeof commandId !== 'string' ||
      typeof bodyHash !== 'string'
    ) {
      throw new MalformedLedgerEventError(event.id, 'metadata lacks actor, commandId or bodyHash');
    }
    if (event.position === undefined) {
      throw new MalformedLedgerEventError(event.id, 'the store gave no global position');
    }
    const previous = rows.at(-1);
    if (
      previous?.actor === actor &&
      previous.commandId === commandId &&
      previous.revisionFirst + BigInt(previous.eventCount) === event.revision
    ) {
      previous.eventCount += 1;
      previous.position = event.position;
      continue;
    }
    const revisionFirst = event.revision;
    rows.push({
      actor,
      commandId,
      bodyHash,
      revisionFirst,
      eventCount: 1,
      position: event.position,
    });
  }
  return rows;
}

const lookupStatement = `
  SELECT o.actor, o.command_id, o.body_hash, o.revision_first::text AS revision_first,
         o.event_count, o.position
    FROM ledger_command_outcomes o
    JOIN unnest($1::text[], $2::text[]) AS k(actor, command_id) USING (actor, command_id)`;

/** One query for a batch's unknown keys: the outcomes the projection holds, by command key. */
export async function lookUpOutcomes(
  pool: pg.Pool,
  keys: readonly { actor: string; commandId: string }[],
): Promise<Map<string, StoredOutcome>> {
  const found = new Map<string, StoredOutcome>();
  if (keys.length === 0) return found;
  const { rows } = await pool.query<{
    actor: string;
    command_id: string;
    body_hash: string;
    revision_first: string;
    event_count: number;
    position: string;
  }>({
    name: 'ledger_writer_outcome_lookup',
    text: lookupStatement,
    values: [keys.map((key) => key.actor), keys.map((key) => key.commandId)],
  });
  for (const row of rows) {
    found.set(commandKey(row.actor, row.command_id), {
      bodyHash: row.body_hash,
      revisionFirst: Number(row.revision_first),
      eventCount: row.event_count,
      position: row.position as GlobalPosition,
    });
  }
  return found;
}

/** The ledger revision up to which the projection holds every command (-1: none yet). */
export async function readProjectedRevision(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ revision: string }>({
    name: 'ledger_writer_projected_revision',
    text: 'SELECT revision::text AS revision FROM ledger_command_outcome_progress WHERE id = 1',
  });
  return rows[0] === undefined ? -1 : Number(rows[0].revision);
}

/**
 * Every command key the projection holds, in pages by primary key (the writer's key filter is
 * built from them at load). Keys committed while it pages may or may not be included; the caller
 * reads the projection's progress first, so every key up to that revision is.
 */
export async function forEachOutcomeKey(
  pool: pg.Pool,
  onKey: (key: string) => void,
  pageSize = 50_000,
): Promise<number> {
  let after: { actor: string; commandId: string } | undefined;
  let count = 0;
  for (;;) {
    const { rows } = await pool.query<{ actor: string; command_id: string }>(
      after === undefined
        ? {
            name: 'ledger_writer_outcome_keys_first',
            text: 'SELECT actor, command_id FROM ledger_command_outcomes ORDER BY actor, command_id LIMIT $1',
            values: [pageSize],
          }
        : {
            name: 'ledger_writer_outcome_keys_next',
            text: `SELECT actor, command_id FROM ledger_command_outcomes
                    WHERE (actor, command_id) > ($2, $3) ORDER BY actor, command_id LIMIT $1`,
            values: [pageSize, after.actor, after.commandId],
          },
    );
    for (const row of rows) onKey(commandKey(row.actor, row.command_id));
    count += rows.length;
    const last = rows.at(-1);
    if (last === undefined || rows.length < pageSize) return count;
    after = { actor: last.actor, commandId: last.command_id };
  }
}
