import {
  LoginLogQuerySchema,
  MemberListQuerySchema,
  MemberParameterSchema,
  MemberTabQuerySchema,
} from '@ledger/contracts';
import { ProblemError, validate } from '@ledger/http';
import type { IdentityDb } from '@ledger/identity-store';
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { z } from 'zod';
import { dateRangeOf, likePattern, pageWindow, pagingOf } from '../list-queries.ts';
import { memberInfoOf, memberInfoQuery } from '../member-info.ts';
import { loginLogQuery, loginLogRowOf } from './admin-log-routes.ts';
import { oauth2ClientPage } from './admin-oauth2-client-routes.ts';

const sortColumns = {
  regdate: 'm.registered_at',
  seq: 'm.member_seq',
  last_login: 'm.last_login_at',
  security_level: 'm.security_level',
} as const;

type MemberListQuery = z.infer<typeof MemberListQuerySchema>;

function filteredMembers(db: IdentityDb, query: MemberListQuery, now: Date) {
  let members = memberInfoQuery(db);
  if (query.is_denied !== undefined) members = members.where('m.is_denied', '=', query.is_denied);
  if (query.is_admin !== undefined) members = members.where('m.is_admin', '=', query.is_admin);
  if (query.is_alive !== undefined) members = members.where('m.is_alive', '=', query.is_alive);
  if (query.security_level !== undefined) {
    members = members.where('m.security_level', '=', query.security_level);
  }
  if (query.group_seq !== undefined) {
    members = members.where(sql<boolean>`${query.group_seq}::bigint = ANY(m.group_seqs)`);
  }
  const range = dateRangeOf(query, now);
  if (range.from) members = members.where('m.registered_at', '>=', range.from);
  if (range.to) members = members.where('m.registered_at', '<', range.to);
  if (query.search !== undefined) {
    const pattern = likePattern(query.search);
    members = members.where((where) =>
      where.or([
        where('p.user_id', 'ilike', pattern),
        where('p.email_address', 'ilike', pattern),
        where('p.user_name', 'ilike', pattern),
      ]),
    );
  }
  return members;
}

const memberNotFound = () => new ProblemError({ status: 404, code: 'member_not_found' });

/**
 * The administrator's member screens (SPEC §2: member/list, member/{seq}/view and its account,
 * loginlog, oauth2-client and invite-relation tabs), all lists in the one list-query shape.
 */
export function adminMemberListRoutes(db: IdentityDb, now: () => Date) {
  return new Hono()
    .get('/admin/member', validate('query', MemberListQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const members = filteredMembers(db, query, now());
      const { limit, offset } = pageWindow(query);
      const [rows, count] = await Promise.all([
        members
          .orderBy(sql.ref(sortColumns[query.sort]), (order) =>
            query.order === 'asc' ? order.asc().nullsLast() : order.desc().nullsLast(),
          )
          .orderBy('m.member_seq', query.order)
          .limit(limit)
          .offset(offset)
          .execute(),
        members
          .clearSelect()
          .select((eb) => eb.fn.countAll<string>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return c.json({ data: rows.map(memberInfoOf), paging: pagingOf(query, Number(count.total)) });
    })
    .get('/admin/member/:seq', validate('param', MemberParameterSchema), async (c) => {
      const { seq } = c.req.valid('param');
      const row = await memberInfoQuery(db).where('m.member_seq', '=', seq).executeTakeFirst();
      if (row === undefined) throw memberNotFound();
      return c.json({ data: { ...memberInfoOf(row), role_ids: row.role_ids } });
    });
}

/**
 * The member view's tabs: oauth2-client, loginlog, invite-relation (the account tab is the
 * ledger's: ledger-admin-routes.ts).
 */
export function adminMemberTabRoutes(db: IdentityDb, now: () => Date) {
  return new Hono()
    .get(
      '/admin/member/:seq/oauth2-client',
      validate('param', MemberParameterSchema),
      validate('query', MemberTabQuerySchema),
      async (c) =>
        c.json(
          await oauth2ClientPage(
            db,
            c.req.valid('query'),
            { memberSeq: c.req.valid('param').seq },
            now(),
          ),
        ),
    )
    .get(
      '/admin/member/:seq/loginlog',
      validate('param', MemberParameterSchema),
      validate('query', LoginLogQuerySchema),
      async (c) => {
        const query = { ...c.req.valid('query'), member_seq: c.req.valid('param').seq };
        const log = loginLogQuery(db, query, now());
        const { limit, offset } = pageWindow(query);
        const [rows, count] = await Promise.all([
          log
            .orderBy('l.attempted_at', query.order)
            .orderBy('l.attempt_id')
            .limit(limit)
            .offset(offset)
            .execute(),
          log
            .clearSelect()
            .select((eb) => eb.fn.countAll<string>().as('total'))
            .executeTakeFirstOrThrow(),
        ]);
        return c.json({
          data: rows.map(loginLogRowOf),
          paging: pagingOf(query, Number(count.total)),
        });
      },
    )
    .get(
      '/admin/member/:seq/invite-relation',
      validate('param', MemberParameterSchema),
      validate('query', MemberTabQuerySchema),
      async (c) => c.json(await inviteRelation(db, c.req.valid('param').seq, c.req.valid('query'))),
    );
}

/** Who invited the member, and whom it invited (SPEC §2 member/{seq}/invite-relation). */
async function inviteRelation(
  db: IdentityDb,
  seq: number,
  query: z.infer<typeof MemberTabQuerySchema>,
) {
  const invitees = memberInfoQuery(db).where('m.inviter_seq', '=', seq);
  const { limit, offset } = pageWindow(query);
  const [rows, count, self] = await Promise.all([
    invitees
      .orderBy('m.registered_at', query.order)
      .orderBy('m.member_seq')
      .limit(limit)
      .offset(offset)
      .execute(),
    invitees
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
    memberInfoQuery(db).where('m.member_seq', '=', seq).executeTakeFirst(),
  ]);
  if (self === undefined) throw memberNotFound();
  const inviter = memberInfoOf(self);
  return {
    inviter: { seq: inviter.inviter_seq, user_id: inviter.inviter_user_id },
    data: rows.map(memberInfoOf),
    paging: pagingOf(query, Number(count.total)),
  };
}
