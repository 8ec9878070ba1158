import { MailOutboxQuerySchema } from '@ledger/contracts';
import { validate } from '@ledger/http';
import { type IdentityDb, listOutboxMails } from '@ledger/identity-store';
import { Hono } from 'hono';
import { pageWindow, pagingOf } from '../list-queries.ts';
import { outboxMailOf } from './admin-access-routes.ts';

/**
 * Development only (mounted when the process runs in development mode, never in production): the
 * embedded mailer's outbox without logging in, so a developer or the e2e tests can read the code
 * just mailed to a new member.
 * @example GET /api/v1/development/mail-outbox?recipient=alice@example.com&page_size=1
 */
export function developmentRoutes(db: IdentityDb) {
  return new Hono().get(
    '/development/mail-outbox',
    validate('query', MailOutboxQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      const { limit, offset } = pageWindow(query);
      const { mails, total } = await listOutboxMails(db, {
        recipient: query.recipient,
        limit,
        offset,
      });
      return c.json({ data: mails.map(outboxMailOf), paging: pagingOf(query, total) });
    },
  );
}
