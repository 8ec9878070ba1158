import { type Kysely, sql } from 'kysely';

/**
 * The values a member typed into an asset's deposit or withdraw extra form: they may
 * be personal data (a depositor name, a bank branch, a phone number), so they never go into an
 * event; they are kept here keyed by the request (`deposit_request` id or `withdrawal` id),
 * written before the request's first event, and erased (blanked, erased_at stamped) when the
 * member withdraws. Frozen in time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE request_extra_form_personal_data (
      request_kind text COLLATE "C" NOT NULL
        CHECK (request_kind IN ('deposit_request', 'withdrawal')),
      request_id   text COLLATE "C" NOT NULL,
      member_seq   bigint      NOT NULL,
      asset        text COLLATE "C" NOT NULL,
      field_values jsonb,
      created_at   timestamptz NOT NULL DEFAULT now(),
      erased_at    timestamptz,
      PRIMARY KEY (request_kind, request_id)
    );
    CREATE INDEX request_extra_form_personal_data_member
      ON request_extra_form_personal_data (member_seq);
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE request_extra_form_personal_data`.execute(db);
}
