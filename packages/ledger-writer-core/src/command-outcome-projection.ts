import type { GlobalPosition } from '@ledger/event-store';
import { commandKey } from '@ledger/ledger-client';
import type pg from 'pg';

/**
 * Reads of the command-outcome table (`ledger_command_outcomes`, migration 0005-ledger-writer):
 * one row per ledger command (actor, command id, body hash, where its events are), so the writer
 * can answer a retry older than its in-memory window with one lookup per batch (DESIGN.md §3,
 * Idempotency). The writer writes the rows itself after each commit (outcome-writer.ts).
 */

/** A row: enough to tell a 409 and to re-read the original answer from the log. */
export type StoredOutcome = {
  bodyHash: string;
  revisionFirst: number;
  eventCount: number;
  position: GlobalPosition;
};

const lookupStatement = `
  SELECT o.actor, o.command_id, o.body_hash, o.revision_first::text AS revision_first,
         o.event_count, o.position
    FROM ledger_command_outcomes o
    JOIN unnest($1::text[], $2::text[]) AS k(actor, command_id) USING (actor, command_id)`;

/** One query for a batch's unknown keys: the outcomes the table holds, by command key. */
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

/** The ledger revision up to which the table holds every command (-1: none yet). */
export async function readProjectedRevision(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ revision: string }>({
    name: 'ledger_writer_projected_revision',
    text: 'SELECT revision::text AS revision FROM ledger_command_outcome_progress WHERE id = 1',
  });
  return rows[0] === undefined ? -1 : Number(rows[0].revision);
}

/**
 * Every command key the table holds, in pages by primary key (the writer's key filter is built
 * from them at load). Keys written while it pages may or may not be included; the caller reads
 * the table's progress row first, so every key up to that revision is.
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
