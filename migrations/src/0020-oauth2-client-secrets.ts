import { type Kysely, sql } from 'kysely';

/**
 * OAuth2 client secrets, outside the event log (DESIGN.md §4: a secret never sits in an event):
 * one row per issued secret, its SHA-256 (a 256-bit random secret needs no slow hash), the client
 * it belongs to. Events name the row in force (`secretId`): a verifier accepts only that one;
 * a revocation deletes every row of the client.
 * Frozen in time: later changes are new migrations.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE oauth2_client_secrets (
      secret_id   uuid        PRIMARY KEY,
      client_id   text        NOT NULL,
      secret_hash text        NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX oauth2_client_secrets_client ON oauth2_client_secrets (client_id);
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE oauth2_client_secrets`.execute(db);
}
