import { arrayElement, type Db, uniqueViolationOf } from '@ledger/db';
import type { LedgerWriterClient } from '@ledger/ledger-client';
import {
  createWalletAccountDirectory,
  type WalletAccountDirectory,
} from '@ledger/ledger-projections';
import type { Logger } from '@ledger/runtime';
import { sql } from 'kysely';
import type { IdentityWriteDependencies } from '../identity-dependencies.ts';
import {
  createLedgerPolicySource,
  type LedgerPolicy,
  type LedgerPolicySource,
} from './ledger-policy-source.ts';

export type { LedgerPolicy } from './ledger-policy-source.ts';

/**
 * What the ledger routes need from createApp: the writer client; the policy comes from the
 * settings (`ledger.*` keys), `policy` overrides part of it (tests).
 */
export type LedgerWriteDependencies = {
  client: LedgerWriterClient;
  policy?: Partial<LedgerPolicy>;
};

export type LedgerWriteContext = {
  db: Db;
  identity: IdentityWriteDependencies;
  logger: Logger;
  client: LedgerWriterClient;
  policy: LedgerPolicySource;
  directory: WalletAccountDirectory;
  metadata: RequestMetadataRecorder;
};

/** Without a writer (a write API deployed before its writer), every ledger command answers 503. */
const absentWriter: LedgerWriterClient = {
  submit: async () => ({ kind: 'Unavailable', reason: 'stopped', retryAfterMs: 1_000 }),
  close: async () => {},
};

export function createLedgerWriteContext(dependencies: {
  db: Db;
  identity: IdentityWriteDependencies;
  logger: Logger;
  ledger?: LedgerWriteDependencies | undefined;
}): LedgerWriteContext {
  return {
    db: dependencies.db,
    identity: dependencies.identity,
    logger: dependencies.logger,
    client: dependencies.ledger?.client ?? absentWriter,
    policy: createLedgerPolicySource(dependencies.identity.eventStore, {
      override: dependencies.ledger?.policy,
    }),
    directory: createWalletAccountDirectory(dependencies.db),
    metadata: createRequestMetadataRecorder(dependencies.db, dependencies.logger),
  };
}

type RequestMetadata = {
  request_id: string;
  member_seq: number | null;
  ip_address: string | null;
  user_agent: string | null;
};

export type RequestMetadataRecorder = { record(row: RequestMetadata): void };

/**
 * Client address and user agent of ledger requests (personal data: never in an event; the events
 * carry the request id). Money requests come by the thousand per second, so rows are written in
 * batches, at most every 50 ms, instead of one INSERT per request. A row costs four string
 * appends here: each column is kept as the text of a Postgres array literal, so no object, array
 * or per-element escaping by `pg` is left for the flush.
 */
function createRequestMetadataRecorder(db: Db, logger: Logger): RequestMetadataRecorder {
  let rows = 0;
  let ids = '';
  let members = '';
  let addresses = '';
  let agents = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = async () => {
    timer = undefined;
    if (rows === 0) return;
    const batch = { rows, ids: `{${ids}}`, members: `{${members}}`, addresses: `{${addresses}}` };
    const agentsText = `{${agents}}`;
    rows = 0;
    ids = members = addresses = agents = '';
    // One statement with four array parameters: its text and plan are the same whatever the
    // number of rows (a multi-row VALUES list is a new statement for every row count). Without
    // ON CONFLICT first: the speculative insertion costs Postgres ~30 % more per row, and a request
    // id repeats only when a client sends the same X-Request-Id twice (then the first row stays);
    // then the batch is written again skipping the rows already there.
    const insert = (skipExisting: boolean) =>
      sql`INSERT INTO identity_request_metadata (request_id, member_seq, ip_address, user_agent)
        SELECT * FROM unnest(${batch.ids}::text[], ${batch.members}::bigint[],
          ${batch.addresses}::text[], ${agentsText}::text[])
        ${skipExisting ? sql`ON CONFLICT (request_id) DO NOTHING` : sql``}`.execute(db);
    try {
      try {
        await insert(false);
      } catch (error) {
        if (uniqueViolationOf(error) === undefined) throw error;
        await insert(true);
      }
    } catch (error) {
      logger.error('request metadata lost', { rows: batch.rows, error: String(error) });
    }
  };
  return {
    record(row) {
      const separator = rows === 0 ? '' : ',';
      ids += separator + arrayElement(row.request_id);
      members += separator + (row.member_seq === null ? 'NULL' : String(row.member_seq));
      addresses += separator + arrayElement(row.ip_address);
      agents += separator + arrayElement(row.user_agent?.slice(0, 512) ?? null);
      rows += 1;
      if (rows >= 500) void flush();
      else if (timer === undefined) {
        timer = setTimeout(() => void flush(), 50);
        timer.unref();
      }
    },
  };
}
