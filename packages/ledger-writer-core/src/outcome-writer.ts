import { arrayElement, uniqueViolationOf } from '@ledger/db';
import type { Logger } from '@ledger/runtime';
import type pg from 'pg';
import type { DecidedCommand } from './batch.ts';
import {
  outcomeRetryMsMax,
  outcomeRowsPerStatementMax,
  outcomeStatementEveryMs,
} from './limits.ts';

/**
 * The writer's own record of its commands' outcomes in `ledger_command_outcomes` (docs/adr/0010):
 * after a batch's append committed, one statement
 * inserts the batch's rows and moves the progress row, off the loop's critical path (the batch is
 * answered and the next append issued first). The table stays a cache of what is durable in the
 * ledger stream: a crash between a commit and its outcome statement loses nothing, because the
 * next load folds the stream after the progress row and writes the rows it finds (`reset`).
 *
 * Statements run one at a time, in commit order, and a batch's rows are only dropped once written,
 * so the progress row only ever claims revisions whose every command is in the table. The
 * writer's outcome window evicts an entry only once `onWritten` reported a revision at or after
 * it, so every key is in the window or in the table.
 */

/** One command's row: enough to tell a 409 and to re-read the original answer from the log. */
export type OutcomeRow = {
  actor: string;
  commandId: string;
  bodyHash: string;
  revisionFirst: number;
  eventCount: number;
  /** A global position at or after the command's last event. */
  position: string;
};

type Chunk = {
  /** A committed batch's commands (rows built when written), or rows folded from the log. */
  commands: readonly DecidedCommand[] | undefined;
  rows: readonly OutcomeRow[] | undefined;
  /** The batch's position (for `commands`). */
  position: string;
  /** The ledger revision of the chunk's last event. */
  revisionLast: number;
  size: number;
};

export type OutcomeWriterStats = {
  statements: number;
  rows: number;
  failures: number;
  /** Statements that met a row already there and were written again as upserts. */
  conflicts: number;
  /** The revision up to which this writer knows every command is in the table (-1: none). */
  revisionWritten: number;
  /** Wall time with an outcome statement in flight. */
  inFlightMs: number;
};

export type OutcomeWriterOptions = {
  pool: pg.Pool;
  logger: Logger;
  /** Every command up to `revision` is in the table (called after the statement committed). */
  onWritten(revision: number): void;
};

const outcomesTable = 'ledger_command_outcomes_v1';
const progressTable = 'ledger_command_outcome_progress_v1';

const rowsFrom = `unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::int[], $6::text[])`;
const progressUpdate = `UPDATE ${progressTable} SET revision = $7::bigint WHERE id = 1 AND revision < $7::bigint`;

// Plain inserts: a key already there (a row written before a crash's repair, or by a writer that
// was overtaken) fails the statement, which is then written again as `upsertStatement`.
const insertStatement = `
  WITH inserted AS (
    INSERT INTO ${outcomesTable} (actor, command_id, body_hash, revision_first, event_count, position)
    SELECT * FROM ${rowsFrom}
  ), progressed AS (${progressUpdate})
  SELECT 1`;

// A row already there for the same command is left alone, or continued when it holds fewer
// events (a row of the old runner projection split over two pages). The SELECT sees the table
// before this statement: a row of the same key at another revision means a command appears
// twice in the ledger stream, which the writer never does.
const upsertStatement = `
  WITH written AS (
    INSERT INTO ${outcomesTable} AS o (actor, command_id, body_hash, revision_first, event_count, position)
    SELECT * FROM ${rowsFrom}
    ON CONFLICT (actor, command_id) DO UPDATE
      SET event_count = excluded.event_count, position = excluded.position
      WHERE o.revision_first = excluded.revision_first AND o.event_count < excluded.event_count
  ), progressed AS (${progressUpdate})
  SELECT count(*)::int AS twice
    FROM ${outcomesTable} o
    JOIN unnest($1::text[], $2::text[], $4::bigint[]) AS k(actor, command_id, revision_first)
      USING (actor, command_id)
   WHERE o.revision_first <> k.revision_first`;

export class OutcomeWriter {
  #options: OutcomeWriterOptions;
  #pending: Chunk[] = [];
  #writing: Promise<void> | undefined;
  #scheduled = false;
  #waitTimer: NodeJS.Timeout | undefined;
  #lastStartedAt = Number.NEGATIVE_INFINITY;
  /** Set by `drain`: no more waiting between statements. */
  #hurry = false;
  #retryTimer: NodeJS.Timeout | undefined;
  #retryMs = 0;
  #halted = false;
  #closed = false;
  #stats: OutcomeWriterStats = {
    statements: 0,
    rows: 0,
    failures: 0,
    conflicts: 0,
    revisionWritten: -1,
    inFlightMs: 0,
  };

  constructor(options: OutcomeWriterOptions) {
    this.#options = options;
  }

  stats(): OutcomeWriterStats {
    return { ...this.#stats };
  }

  /** True once a command was found twice in the ledger: nothing more is written. */
  get halted(): boolean {
    return this.#halted;
  }

  /** Rows not written yet (commands of committed batches, and rows of a repair). */
  get backlog(): number {
    let size = 0;
    for (const chunk of this.#pending) size += chunk.size;
    return size;
  }

  /** A committed batch: its rows are written after the current turn (the answers go first). */
  addBatch(commands: readonly DecidedCommand[], position: string, revisionLast: number): void {
    if (commands.length === 0) return;
    this.#pending.push({
      commands,
      rows: undefined,
      position,
      revisionLast,
      size: commands.length,
    });
    this.#schedule();
  }

  /**
   * After a load: what was queued is dropped (those commands are in the log, and so in `rows`
   * or at or before the progress row just read), and the rows the load folded after the progress
   * row are written first, in chunks.
   */
  reset(rows: readonly OutcomeRow[], revisionWritten: number): void {
    this.#pending = [];
    if (revisionWritten > this.#stats.revisionWritten)
      this.#stats.revisionWritten = revisionWritten;
    for (let start = 0; start < rows.length; start += outcomeRowsPerStatementMax) {
      const slice = rows.slice(start, start + outcomeRowsPerStatementMax);
      const last = slice.at(-1) as OutcomeRow;
      this.#pending.push({
        commands: undefined,
        rows: slice,
        position: '',
        revisionLast: last.revisionFirst + last.eventCount - 1,
        size: slice.length,
      });
    }
    this.#schedule();
  }

  /** Waits until everything queued is written, at most `timeoutMs` (a graceful stop). */
  async drain(timeoutMs: number): Promise<boolean> {
    const deadline = performance.now() + timeoutMs;
    this.#hurry = true;
    if (this.#waitTimer !== undefined) {
      clearTimeout(this.#waitTimer);
      this.#waitTimer = undefined;
      this.#scheduled = false;
      this.#schedule();
    }
    while (this.#pending.length > 0 || this.#writing !== undefined) {
      if (this.#halted || performance.now() > deadline) return false;
      if (this.#writing !== undefined) await this.#writing;
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return true;
  }

  /** Stops writing (the pool is about to close). */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    clearTimeout(this.#waitTimer);
    await this.#writing;
  }

  /**
   * The next statement starts once the one in flight is done, and at most every
   * `outcomeStatementEveryMs` unless a statement's worth of rows is waiting: a statement costs
   * Postgres a commit and a fixed overhead that small batches would otherwise pay each. Waiting
   * is safe: rows not written stay in the window, which evicts only what is written.
   */
  #schedule(): void {
    if (this.#scheduled || this.#writing !== undefined || this.#retryTimer !== undefined) return;
    if (this.#pending.length === 0 || this.#halted || this.#closed) return;
    this.#scheduled = true;
    const go = () => {
      this.#scheduled = false;
      this.#waitTimer = undefined;
      if (this.#writing !== undefined || this.#pending.length === 0) return;
      if (this.#halted || this.#closed) return;
      this.#lastStartedAt = performance.now();
      this.#writing = this.#writeNext().finally(() => {
        this.#writing = undefined;
        this.#schedule();
      });
    };
    const waitMs =
      this.#hurry || this.backlog >= outcomeRowsPerStatementMax
        ? 0
        : this.#lastStartedAt + outcomeStatementEveryMs - performance.now();
    if (waitMs <= 0) setImmediate(go);
    else this.#waitTimer = setTimeout(go, waitMs);
  }

  async #writeNext(): Promise<void> {
    const chunks: Chunk[] = [];
    let size = 0;
    for (const chunk of this.#pending) {
      if (chunks.length > 0 && size + chunk.size > outcomeRowsPerStatementMax) break;
      chunks.push(chunk);
      size += chunk.size;
    }
    const revisionLast = (chunks.at(-1) as Chunk).revisionLast;
    const values = parametersOf(chunks, revisionLast);
    const began = performance.now();
    try {
      try {
        await this.#options.pool.query({
          name: 'ledger_writer_outcomes_insert',
          text: insertStatement,
          values,
        });
      } catch (error) {
        if (uniqueViolationOf(error) === undefined) throw error;
        this.#stats.conflicts += 1;
        if (!(await this.#upsert(values))) return;
      }
    } catch (error) {
      this.#stats.failures += 1;
      this.#retryMs = Math.min(Math.max(50, this.#retryMs * 2), outcomeRetryMsMax);
      this.#options.logger.warn('command outcomes not written; retrying', {
        error: String(error),
        retryMs: this.#retryMs,
      });
      this.#retryTimer = setTimeout(() => {
        this.#retryTimer = undefined;
        this.#schedule();
      }, this.#retryMs);
      return;
    } finally {
      this.#stats.inFlightMs += performance.now() - began;
    }
    this.#retryMs = 0;
    // Written: drop exactly the chunks written (a reset meanwhile replaced the queue).
    if (this.#pending[0] === chunks[0]) this.#pending.splice(0, chunks.length);
    this.#stats.statements += 1;
    this.#stats.rows += size;
    if (revisionLast > this.#stats.revisionWritten) this.#stats.revisionWritten = revisionLast;
    this.#options.onWritten(revisionLast);
  }

  /** The rows again, in one transaction that is rolled back if a command appears twice. */
  async #upsert(values: unknown[]): Promise<boolean> {
    const client = await this.#options.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      let twice = false;
      try {
        const { rows } = await client.query<{ twice: number }>({ text: upsertStatement, values });
        twice = (rows[0]?.twice ?? 0) > 0;
      } catch (error) {
        // 21000: the same command twice among the rows themselves.
        if ((error as { code?: string }).code !== '21000') throw error;
        twice = true;
      }
      if (twice) {
        await client.query('ROLLBACK');
        this.#haltTwice();
        return false;
      }
      await client.query('COMMIT');
      return true;
    } catch (error) {
      broken = error instanceof Error ? error : new Error(String(error));
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release(broken);
    }
  }

  #haltTwice(): void {
    this.#halted = true;
    this.#options.logger.error(
      'a command id appears twice in the ledger stream; command outcomes are no longer written',
    );
  }
}

/**
 * The rows as six array literals, written here rather than by the pg driver (which escapes every
 * element with two regular-expression replacements): most texts need no escaping at all.
 */
function parametersOf(chunks: readonly Chunk[], revisionLast: number): unknown[] {
  const actors = new ArrayLiteral();
  const commandIds = new ArrayLiteral();
  const bodyHashes = new ArrayLiteral();
  const revisionsFirst = new ArrayLiteral();
  const eventCounts = new ArrayLiteral();
  const positions = new ArrayLiteral();
  for (const chunk of chunks) {
    if (chunk.commands !== undefined) {
      const position = arrayElement(chunk.position);
      for (const command of chunk.commands) {
        const { waiting } = command;
        actors.add(arrayElement(waiting.submission.actor));
        commandIds.add(arrayElement(waiting.submission.commandId));
        bodyHashes.add(arrayElement(waiting.bodyHash));
        revisionsFirst.add(String(command.revisionFirst));
        eventCounts.add(String(command.eventCount));
        positions.add(position);
      }
    }
    for (const row of chunk.rows ?? []) {
      actors.add(arrayElement(row.actor));
      commandIds.add(arrayElement(row.commandId));
      bodyHashes.add(arrayElement(row.bodyHash));
      revisionsFirst.add(String(row.revisionFirst));
      eventCounts.add(String(row.eventCount));
      positions.add(arrayElement(row.position));
    }
  }
  return [
    actors.text(),
    commandIds.text(),
    bodyHashes.text(),
    revisionsFirst.text(),
    eventCounts.text(),
    positions.text(),
    revisionLast,
  ];
}

/** A Postgres array literal (`{a,b}`) built element by element. */
class ArrayLiteral {
  #text = '{';

  add(element: string): void {
    this.#text = this.#text.length === 1 ? `${this.#text}${element}` : `${this.#text},${element}`;
  }

  text(): string {
    return `${this.#text}}`;
  }
}
