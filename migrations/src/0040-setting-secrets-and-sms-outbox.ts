import { type Kysely, sql } from 'kysely';

/**
 * Secret settings (a mail API key, the SMTP password, the SMS provider's key), outside the event
 * log (DESIGN.md §4: a secret never sits in an event): one row per key, sealed with AES-256-GCM
 * under a key derived from the identity secret (the setting's key is the associated data). The
 * settings stream records only whether each is set. And the SMS outbox, the embedded default of
 * the SMS port: messages kept instead of sent.
 * Frozen in time: later changes are new migrations.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE setting_secrets (
      key         text        PRIMARY KEY,
      ciphertext  bytea       NOT NULL,
      changed_at  timestamptz NOT NULL
    );
    CREATE TABLE sms_outbox (
      sms_id      uuid        PRIMARY KEY,
      sender      text        NOT NULL,
      recipient   text        NOT NULL,
      body        text        NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sms_outbox_created ON sms_outbox (created_at);
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE sms_outbox; DROP TABLE setting_secrets`.execute(db);
}
