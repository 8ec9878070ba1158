import { type Kysely, sql } from 'kysely';

/**
 * KYC's own tables for what must never be in an event (DESIGN.md §4, docs/adr/0012): the
 * personal data of KYC certification documents (names and references), of real-name
 * authentications (name, sex, nationality, birth date, CI, DI, cell carrier and number, the
 * client IP) and of withdraw-address certifications (address, holder name). Each row is keyed by
 * the seq the events name and erasable: a member withdrawal nulls the personal columns, no event is
 * rewritten. Plus the sequences that number the three kinds of request.
 * Frozen in time: later changes are new migrations.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE SEQUENCE kyc_certification_seq;
    CREATE SEQUENCE kyc_realname_seq;
    CREATE SEQUENCE kyc_withdraw_address_certification_seq;

    CREATE TABLE kyc_certification_documents (
      certification_seq bigint      NOT NULL,
      position          integer     NOT NULL,
      member_seq        bigint      NOT NULL,
      document_kind     text        NOT NULL,
      document_name     text,
      document_reference text,
      created_at        timestamptz NOT NULL DEFAULT now(),
      erased_at         timestamptz,
      PRIMARY KEY (certification_seq, position)
    );
    CREATE INDEX kyc_certification_documents_member ON kyc_certification_documents (member_seq);

    CREATE TABLE kyc_realname_personal_data (
      realname_seq  bigint      PRIMARY KEY,
      member_seq    bigint      NOT NULL,
      user_name     text,
      sex           text,
      nationality   text,
      birth_date    text,
      di            text,
      ci            text,
      cell_carrier  text,
      cell_number   text,
      ip_address    text,
      created_at    timestamptz NOT NULL DEFAULT now(),
      erased_at     timestamptz
    );
    CREATE INDEX kyc_realname_personal_data_member ON kyc_realname_personal_data (member_seq);

    CREATE TABLE kyc_withdraw_address_personal_data (
      certification_seq bigint      PRIMARY KEY,
      member_seq        bigint      NOT NULL,
      withdraw_address  text,
      holder_name       text,
      created_at        timestamptz NOT NULL DEFAULT now(),
      erased_at         timestamptz
    );
    CREATE INDEX kyc_withdraw_address_personal_data_member
      ON kyc_withdraw_address_personal_data (member_seq);
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE kyc_withdraw_address_personal_data;
    DROP TABLE kyc_realname_personal_data;
    DROP TABLE kyc_certification_documents;
    DROP SEQUENCE kyc_withdraw_address_certification_seq;
    DROP SEQUENCE kyc_realname_seq;
    DROP SEQUENCE kyc_certification_seq;
  `.execute(db);
}
