import type { IdentityDb } from './tables.ts';

export type OutboxMail = {
  mailId: string;
  memberSeq: number | null;
  recipient: string;
  subject: string;
  body: string;
  createdAt: Date;
};

/** The embedded mailer's outbox: mails are kept here for development instead of being sent. */
export async function insertOutboxMail(
  db: IdentityDb,
  mail: Omit<OutboxMail, 'createdAt'>,
): Promise<void> {
  await db
    .insertInto('identity_mail_outbox')
    .values({
      mail_id: mail.mailId,
      member_seq: mail.memberSeq,
      recipient: mail.recipient,
      subject: mail.subject,
      body: mail.body,
    })
    .execute();
}

/** The newest mails first, optionally to one recipient. */
export async function listOutboxMails(
  db: IdentityDb,
  options: { recipient?: string | undefined; limit: number; offset: number },
): Promise<{ mails: OutboxMail[]; total: number }> {
  let query = db.selectFrom('identity_mail_outbox');
  if (options.recipient !== undefined) query = query.where('recipient', '=', options.recipient);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('mail_id')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.total),
    mails: rows.map((row) => ({
      mailId: row.mail_id,
      memberSeq: row.member_seq === null ? null : Number(row.member_seq),
      recipient: row.recipient,
      subject: row.subject,
      body: row.body,
      createdAt: row.created_at,
    })),
  };
}
