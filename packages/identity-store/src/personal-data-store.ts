import { uniqueViolationOf } from '@ledger/db';
import type { IdentityDb } from './tables.ts';

/**
 * Personal data (DESIGN.md §4) lives here, keyed by member seq, never in an event. Identifiers are
 * unique after normalization (trimmed, lower-cased), so `Alice` and `alice` are one account.
 */
export type PersonalData = {
  memberSeq: number;
  userId: string | null;
  emailAddress: string | null;
  userName: string | null;
};

export type ReserveOutcome = 'reserved' | 'user_id_taken' | 'email_taken';

export function normalizeIdentifier(value: string): string {
  return value.trim().normalize('NFKC').toLowerCase();
}

/** Inserts a new member's personal data, or says which identifier is taken. */
export async function reservePersonalData(
  db: IdentityDb,
  data: PersonalData,
): Promise<ReserveOutcome> {
  try {
    await db
      .insertInto('identity_personal_data')
      .values({
        member_seq: data.memberSeq,
        user_id: data.userId,
        user_id_normalized: data.userId === null ? null : normalizeIdentifier(data.userId),
        email_address: data.emailAddress,
        email_normalized:
          data.emailAddress === null ? null : normalizeIdentifier(data.emailAddress),
        user_name: data.userName,
      })
      .execute();
    return 'reserved';
  } catch (error) {
    const constraint = uniqueViolationOf(error);
    if (constraint === 'identity_personal_data_user_id') return 'user_id_taken';
    if (constraint === 'identity_personal_data_email') return 'email_taken';
    throw error;
  }
}

/** Undoes a reservation whose registration event was not appended. */
export async function releasePersonalData(db: IdentityDb, memberSeq: number): Promise<void> {
  await db.deleteFrom('identity_personal_data').where('member_seq', '=', memberSeq).execute();
}

/** The member an identifier (user id or email) names, if any. */
export async function findMemberSeq(
  db: IdentityDb,
  kind: 'user_id' | 'email',
  value: string,
): Promise<number | undefined> {
  const column = kind === 'user_id' ? 'user_id_normalized' : 'email_normalized';
  const row = await db
    .selectFrom('identity_personal_data')
    .select('member_seq')
    .where(column, '=', normalizeIdentifier(value))
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.member_seq);
}

export async function readPersonalData(
  db: IdentityDb,
  memberSeq: number,
): Promise<PersonalData | undefined> {
  const row = await db
    .selectFrom('identity_personal_data')
    .select(['member_seq', 'user_id', 'email_address', 'user_name'])
    .where('member_seq', '=', memberSeq)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    memberSeq: Number(row.member_seq),
    userId: row.user_id,
    emailAddress: row.email_address,
    userName: row.user_name,
  };
}

/** Replaces the email after a confirmed change; false when another member holds it meanwhile. */
export async function replaceEmail(
  db: IdentityDb,
  memberSeq: number,
  emailAddress: string,
): Promise<boolean> {
  try {
    await db
      .updateTable('identity_personal_data')
      .set({ email_address: emailAddress, email_normalized: normalizeIdentifier(emailAddress) })
      .where('member_seq', '=', memberSeq)
      .execute();
    return true;
  } catch (error) {
    if (uniqueViolationOf(error) !== undefined) return false;
    throw error;
  }
}

/**
 * Erases everything personal or secret about a member in one transaction (account withdrawal,
 * legal erasure): identifiers, name, email, pending emails and codes, mails, IPs and user agents,
 * login sources, password hashes, OTP seeds, sessions. Events are not touched: they hold none of it.
 */
export async function erasePersonalData(
  db: IdentityDb,
  memberSeq: number,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('identity_personal_data')
      .set({
        user_id: null,
        user_id_normalized: null,
        email_address: null,
        email_normalized: null,
        user_name: null,
        erased_at: now,
      })
      .where('member_seq', '=', memberSeq)
      .execute();
    for (const table of [
      'identity_verification_codes',
      'identity_mail_outbox',
      'identity_request_metadata',
      'identity_login_sources',
      'identity_credentials',
      'identity_otp_secrets',
    ] as const) {
      await trx.deleteFrom(table).where('member_seq', '=', memberSeq).execute();
    }
    await trx
      .updateTable('identity_sessions')
      .set({ revoked_at: now, revoked_reason: 'withdrawn' })
      .where('member_seq', '=', memberSeq)
      .where('revoked_at', 'is', null)
      .execute();
  });
}
