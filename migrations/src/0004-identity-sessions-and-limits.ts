import { type Kysely, sql } from 'kysely';

/**
 * Sessions and anti-automation (docs/adr/0008-identity-and-access.md): refresh-token families
 * (no token is stored: each generation is an HMAC the server recomputes), rate-limit counters
 * updated atomically in one statement, the login sources a member has succeeded from (hashed;
 * they keep a victim in while an attacker is slowed down), and the request metadata (IP, user
 * agent: personal data, retention-limited and erasable) that events reference by request id.
 * Frozen in time: later changes are new migrations.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE identity_sessions (
      session_id          uuid        PRIMARY KEY,
      member_seq          bigint      NOT NULL,
      family_secret       bytea       NOT NULL,
      generation          integer     NOT NULL DEFAULT 0 CHECK (generation >= 0),
      rotated_at          timestamptz,
      used_otp            boolean     NOT NULL,
      created_at          timestamptz NOT NULL,
      absolute_expires_at timestamptz NOT NULL,
      revoked_at          timestamptz,
      revoked_reason      text
    );
    CREATE INDEX identity_sessions_member_live ON identity_sessions (member_seq)
      WHERE revoked_at IS NULL;

    CREATE TABLE identity_rate_limits (
      bucket            text        PRIMARY KEY,
      window_started_at timestamptz NOT NULL,
      hits              integer     NOT NULL
    );

    CREATE TABLE identity_login_sources (
      member_seq        bigint      NOT NULL,
      source_hash       bytea       NOT NULL,
      last_succeeded_at timestamptz NOT NULL,
      PRIMARY KEY (member_seq, source_hash)
    );

    CREATE TABLE identity_request_metadata (
      request_id  text        PRIMARY KEY,
      member_seq  bigint,
      ip_address  text,
      user_agent  text,
      recorded_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX identity_request_metadata_member ON identity_request_metadata (member_seq);
    CREATE INDEX identity_request_metadata_recorded ON identity_request_metadata (recorded_at);
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE identity_request_metadata;
    DROP TABLE identity_login_sources;
    DROP TABLE identity_rate_limits;
    DROP TABLE identity_sessions;
  `.execute(db);
}
