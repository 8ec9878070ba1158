import { randomUUID } from 'node:crypto';
import { type IdentityDb, insertOutboxMail } from '@ledger/identity-store';
import type { Mailer } from './mailer.ts';

/**
 * The embedded default: mails are kept in the outbox table instead of being sent, visible to
 * administrators (GET /api/v1/admin/mail-outbox) and, in development, to anyone on the machine
 * (GET /api/v1/development/mail-outbox), so tests and the e2e read codes from there.
 */
export function createOutboxMailer(db: IdentityDb): Mailer {
  return {
    async send(mail) {
      await insertOutboxMail(db, {
        mailId: randomUUID(),
        memberSeq: mail.memberSeq,
        recipient: mail.to,
        subject: mail.subject,
        body: mail.text,
      });
    },
  };
}
