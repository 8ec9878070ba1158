import { type Kysely, sql } from 'kysely';

/**
 * Identity's own tables for what must never be in an event (docs/adr/0008-identity-and-access.md,
 * DESIGN.md §4): personal data (erasable: an account withdrawal deletes the rows, no event is
 * rewritten), password hashes and OTP seeds (secrets, referenced by id from events), email codes,
 * and the mail outbox. Plus the sequences that number members and member groups.
 * Frozen in time: later changes are new migrations.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE SEQUENCE identity_member_seq;
    CREATE SEQUENCE identity_member_group_seq;

    CREATE TABLE identity_personal_data (
      member_seq         bigint      PRIMARY KEY,
      user_id            text,
      user_id_normalized text,
      email_address      text,
      email_normalized   text,
      user_name          text,
      created_at         timestamptz NOT NULL DEFAULT now(),
      erased_at          timestamptz
    );
    CREATE UNIQUE INDEX identity_personal_data_user_id ON identity_personal_data (user_id_normalized)
      WHERE user_id_normalized IS NOT NULL;
    CREATE UNIQUE INDEX identity_personal_data_email ON identity_personal_data (email_normalized)
      WHERE email_normalized IS NOT NULL;

    CREATE TABLE identity_credentials (
      credential_id uuid        PRIMARY KEY,
      member_seq    bigint      NOT NULL,
      password_hash text        NOT NULL,
      created_at    timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX identity_credentials_member ON identity_credentials (member_seq);

    CREATE TABLE identity_otp_secrets (
      otp_id             uuid        PRIMARY KEY,
      member_seq         bigint      NOT NULL,
      secret_ciphertext  bytea       NOT NULL,
      last_accepted_step bigint,
      created_at         timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX identity_otp_secrets_member ON identity_otp_secrets (member_seq);

    CREATE TABLE identity_verification_codes (
      verification_id          uuid        PRIMARY KEY,
      member_seq               bigint      NOT NULL,
      purpose                  text        NOT NULL
        CHECK (purpose IN ('registration', 'email_change', 'password_reset')),
      code_hash                bytea       NOT NULL,
      pending_email_address    text,
      pending_email_normalized text,
      expires_at               timestamptz NOT NULL,
      attempts                 integer     NOT NULL DEFAULT 0,
      consumed_at              timestamptz,
      created_at               timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX identity_verification_codes_member ON identity_verification_codes (member_seq);

    CREATE TABLE identity_mail_outbox (
      mail_id    uuid        PRIMARY KEY,
      member_seq bigint,
      recipient  text        NOT NULL,
      subject    text        NOT NULL,
      body       text        NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX identity_mail_outbox_created ON identity_mail_outbox (created_at DESC);
    CREATE INDEX identity_mail_outbox_member ON identity_mail_outbox (member_seq);
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE identity_mail_outbox;
    DROP TABLE identity_verification_codes;
    DROP TABLE identity_otp_secrets;
    DROP TABLE identity_credentials;
    DROP TABLE identity_personal_data;
    DROP SEQUENCE identity_member_group_seq;
    DROP SEQUENCE identity_member_seq;
  `.execute(db);
}
