import {
  MailOutboxQuerySchema,
  MemberGroupListQuerySchema,
  permissionCatalogue,
  RoleListQuerySchema,
} from '@ledger/contracts';
import { validate } from '@ledger/http';
import { settingKeys } from '@ledger/identity';
import { type IdentityDb, listOutboxMails } from '@ledger/identity-store';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { likePattern, pageWindow, pagingOf } from '../list-queries.ts';
import { readSettings } from '../settings-reader.ts';

/**
 * Administrator reads of access and configuration: member groups (with member counts), roles and
 * the permission catalogue (acs/catalog), settings, and the mail outbox.
 */
export function adminGroupAndRoleRoutes(db: IdentityDb) {
  return new Hono()
    .get('/admin/member-group', validate('query', MemberGroupListQuerySchema), async (c) => {
      const query = c.req.valid('query');
      let groups = db.selectFrom('identity_member_groups as g');
      if (query.search !== undefined)
        groups = groups.where('g.name', 'ilike', likePattern(query.search));
      const { limit, offset } = pageWindow(query);
      const [rows, count] = await Promise.all([
        groups
          .select([
            'g.group_seq',
            'g.name',
            'g.created_at',
            'g.updated_at',
            sql<string>`(SELECT count(*) FROM identity_members m WHERE g.group_seq = ANY(m.group_seqs))`.as(
              'member_count',
            ),
          ])
          .orderBy(`g.${query.sort}`, query.order)
          .limit(limit)
          .offset(offset)
          .execute(),
        groups.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return c.json({
        data: rows.map((row) => ({
          group_seq: Number(row.group_seq),
          name: row.name,
          member_count: Number(row.member_count),
          regdate: row.created_at.toISOString(),
          updated_date: row.updated_at.toISOString(),
        })),
        paging: pagingOf(query, Number(count.total)),
      });
    })
    .get('/admin/acs/role', validate('query', RoleListQuerySchema), async (c) => {
      const query = c.req.valid('query');
      let roles = db.selectFrom('identity_roles');
      if (query.search !== undefined)
        roles = roles.where('name', 'ilike', likePattern(query.search));
      const { limit, offset } = pageWindow(query);
      const [rows, count] = await Promise.all([
        roles
          .selectAll()
          .orderBy(query.sort, query.order)
          .orderBy('role_id')
          .limit(limit)
          .offset(offset)
          .execute(),
        roles.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return c.json({
        data: rows.map((row) => ({
          role_id: row.role_id,
          name: row.name,
          permissions: row.permissions,
          regdate: row.defined_at.toISOString(),
          updated_date: row.changed_at.toISOString(),
        })),
        paging: pagingOf(query, Number(count.total)),
      });
    });
}

/** The permission catalogue, the settings and the mail outbox. */
export function adminConfigurationRoutes(db: IdentityDb) {
  return new Hono()
    .get('/admin/acs/permission', (c) => c.json({ data: permissionCatalogue() }))
    .get('/admin/setting', async (c) => {
      const settings = await readSettings(db);
      return c.json({ data: settingKeys.map((key) => ({ key, value: settings[key] })) });
    })
    .get('/admin/mail-outbox', validate('query', MailOutboxQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const { limit, offset } = pageWindow(query);
      const { mails, total } = await listOutboxMails(db, {
        recipient: query.recipient,
        limit,
        offset,
      });
      return c.json({ data: mails.map(outboxMailOf), paging: pagingOf(query, total) });
    });
}

export function outboxMailOf(mail: Awaited<ReturnType<typeof listOutboxMails>>['mails'][number]) {
  return {
    mail_id: mail.mailId,
    member_seq: mail.memberSeq,
    recipient: mail.recipient,
    subject: mail.subject,
    body: mail.body,
    created_at: mail.createdAt.toISOString(),
  };
}
