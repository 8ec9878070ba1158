import pg from 'pg';
import type { ExpectedRevision, NewEvent } from '../port.ts';
import { encodePosition } from './position.ts';
import { categoryOf, prepareAppend } from './prepare-append.ts';

/** A dedicated connection (its own session and transactions), for tests that interleave commits. */
export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  // A test that drops its database ends the session; that is not a failure of the test.
  client.on('error', () => {});
  await client.connect();
  return client;
}

/**
 * Calls es_append on `client` (inside whatever transaction it has open) with the hashes the
 * adapter would compute; returns the position of the last event.
 */
export async function sqlAppend(
  client: pg.Client,
  stream: string,
  events: readonly NewEvent[],
  expected: ExpectedRevision = { kind: 'any' },
): Promise<{ nextRevision: bigint; position: string }> {
  const prepared = prepareAppend(stream, events, expected);
  const { rows } = await client.query<{
    next_revision: string;
    last_txid: string;
    last_seq: string;
  }>(
    `SELECT next_revision::text AS next_revision, last_txid::text AS last_txid, last_seq::text AS last_seq
       FROM es_append($1, $2, $3, $4, $5::uuid[], $6::text[], $7::jsonb[], $8::jsonb[], $9::bytea[])`,
    [
      stream,
      categoryOf(stream),
      expected.kind,
      expected.kind === 'exact' ? expected.revision.toString() : null,
      prepared.ids,
      prepared.events.map((event) => event.type),
      prepared.events.map((event) => event.dataJson),
      prepared.events.map((event) => event.metadataJson),
      prepared.events.map((event) => event.contentHash),
    ],
  );
  const row = rows[0] as { next_revision: string; last_txid: string; last_seq: string };
  return {
    nextRevision: BigInt(row.next_revision),
    position: encodePosition(row.last_txid, row.last_seq),
  };
}

/** The SQLSTATE of a failed promise (undefined when it did not fail). */
export async function sqlState(attempt: Promise<unknown>): Promise<string | undefined> {
  return attempt.then(
    () => undefined,
    (error: unknown) => (error as { code?: string }).code,
  );
}
