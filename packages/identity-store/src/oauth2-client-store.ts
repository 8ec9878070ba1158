import { createHash } from 'node:crypto';
import type { RecordedEvent } from '@ledger/event-store';
import type { OAuth2ClientEvent } from '@ledger/identity';
import type { Projection } from '@ledger/projection-runner';
import { type Kysely, sql } from 'kysely';

/** The OAuth2 clients read model (GET /admin/oauth2-client, the member view's tab). */
export const oauth2ClientProjectionName = 'oauth2-clients';

export const oauth2ClientProjection: Projection<unknown> = {
  name: oauth2ClientProjectionName,
  version: 1,
  filter: { streamPrefixes: ['oauth2-client-'] },
  tables: ['identity_oauth2_clients'],
  async setup(trx, context) {
    const table = sql.table(context.table('identity_oauth2_clients'));
    await sql`
      CREATE TABLE ${table} (
        client_id text PRIMARY KEY, member_seq bigint NOT NULL, name text NOT NULL,
        redirect_uris text[] NOT NULL, authorities text[] NOT NULL,
        registered_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
        revoked_at timestamptz)`.execute(trx);
    await sql`CREATE INDEX ON ${table} (member_seq, registered_at)`.execute(trx);
    await sql`CREATE INDEX ON ${table} (registered_at)`.execute(trx);
  },
  async apply(trx, events, context) {
    const table = sql.table(context.table('identity_oauth2_clients'));
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as OAuth2ClientEvent;
      const changed = await applyEvent(trx, table, event, recorded);
      if (changed !== 1) {
        throw new Error(
          `oauth2-clients projection: ${recorded.type} of ${recorded.streamName} changed ${changed} rows`,
        );
      }
    }
  },
};

async function applyEvent(
  trx: Kysely<unknown>,
  table: ReturnType<typeof sql.table>,
  event: OAuth2ClientEvent,
  recorded: RecordedEvent,
): Promise<number> {
  switch (event.type) {
    case 'OAuth2ClientRegistered': {
      const d = event.data;
      const result = await sql`
        INSERT INTO ${table} (client_id, member_seq, name, redirect_uris, authorities,
          registered_at, updated_at)
        VALUES (${d.clientId}, ${d.memberSeq}, ${d.name}, ${d.redirectUris}, ${d.authorities},
          ${d.registeredAt}, ${d.registeredAt})
        ON CONFLICT (client_id) DO NOTHING`.execute(trx);
      return Number(result.numAffectedRows ?? 0n);
    }
    case 'OAuth2ClientChanged': {
      const d = event.data;
      const result = await sql`
        UPDATE ${table} SET name = ${d.name}, redirect_uris = ${d.redirectUris},
          authorities = ${d.authorities}, updated_at = ${d.changedAt}
        WHERE client_id = ${d.clientId}`.execute(trx);
      return Number(result.numAffectedRows ?? 0n);
    }
    case 'OAuth2ClientSecretRotated': {
      const d = event.data;
      const result = await sql`
        UPDATE ${table} SET updated_at = ${d.rotatedAt} WHERE client_id = ${d.clientId}`.execute(
        trx,
      );
      return Number(result.numAffectedRows ?? 0n);
    }
    case 'OAuth2ClientRevoked': {
      const d = event.data;
      const result = await sql`
        UPDATE ${table} SET revoked_at = ${d.revokedAt}, updated_at = ${d.revokedAt}
        WHERE client_id = ${d.clientId}`.execute(trx);
      return Number(result.numAffectedRows ?? 0n);
    }
    default:
      throw new Error(`oauth2-clients projection: unknown event ${recorded.type}`);
  }
}

/** SHA-256 of a client secret (256 random bits: no slow hash needed), hex. */
export function hashClientSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Keeps the hash of a newly issued secret (before the event naming it is appended). */
export async function insertClientSecret(
  db: Kysely<unknown>,
  row: { secretId: string; clientId: string; secret: string },
): Promise<void> {
  await sql`
    INSERT INTO oauth2_client_secrets (secret_id, client_id, secret_hash)
    VALUES (${row.secretId}, ${row.clientId}, ${hashClientSecret(row.secret)})`.execute(db);
}

/** After a rotation (or a revocation) took effect: drops every secret but the one in force. */
export async function dropClientSecretsExcept(
  db: Kysely<unknown>,
  clientId: string,
  secretIdInForce: string | null,
): Promise<void> {
  await sql`
    DELETE FROM oauth2_client_secrets
    WHERE client_id = ${clientId}
      AND (${secretIdInForce}::uuid IS NULL OR secret_id <> ${secretIdInForce}::uuid)`.execute(db);
}

export type OAuth2ClientRow = {
  client_id: string;
  member_seq: string;
  name: string;
  redirect_uris: string[];
  authorities: string[];
  registered_at: Date;
  updated_at: Date;
  revoked_at: Date | null;
};

export type OAuth2ClientListFilter = {
  memberSeq?: number | undefined;
  isRevoked?: boolean | undefined;
  search?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  sort: 'regdate' | 'name';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
};

/** A page of OAuth2 clients and the total, filtered and sorted on the server. */
export async function listOAuth2Clients(
  db: Kysely<unknown>,
  filter: OAuth2ClientListFilter,
): Promise<{ rows: OAuth2ClientRow[]; total: number }> {
  const conditions = [sql`true`];
  if (filter.memberSeq !== undefined) conditions.push(sql`member_seq = ${filter.memberSeq}`);
  if (filter.isRevoked !== undefined) {
    conditions.push(filter.isRevoked ? sql`revoked_at IS NOT NULL` : sql`revoked_at IS NULL`);
  }
  if (filter.search !== undefined) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(name ILIKE ${pattern} OR client_id ILIKE ${pattern})`);
  }
  if (filter.from !== undefined) conditions.push(sql`registered_at >= ${filter.from}`);
  if (filter.to !== undefined) conditions.push(sql`registered_at < ${filter.to}`);
  const where = sql.join(conditions, sql` AND `);
  const column = filter.sort === 'name' ? sql`name` : sql`registered_at`;
  const direction = filter.order === 'asc' ? sql`ASC` : sql`DESC`;
  const [rows, count] = await Promise.all([
    sql<OAuth2ClientRow>`
      SELECT client_id, member_seq, name, redirect_uris, authorities, registered_at, updated_at,
             revoked_at
      FROM identity_oauth2_clients WHERE ${where}
      ORDER BY ${column} ${direction}, client_id
      LIMIT ${filter.limit} OFFSET ${filter.offset}`.execute(db),
    sql<{ total: string }>`
      SELECT count(*)::text AS total FROM identity_oauth2_clients WHERE ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
}
