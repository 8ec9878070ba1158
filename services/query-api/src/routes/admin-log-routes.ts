import { ActivityLogQuerySchema, LoginLogQuerySchema } from '@ledger/contracts';
import { validate } from '@ledger/http';
import type { IdentityDb } from '@ledger/identity-store';
import { Hono } from 'hono';
import type { z } from 'zod';
import { dateRangeOf, pageWindow, pagingOf } from '../list-queries.ts';

type LoginLogQuery = z.infer<typeof LoginLogQuerySchema>;

/**
 * The login log read model joined at query time with the request metadata (IP, user agent) and
 * the personal data (user id): erased data reads as null, the log itself is never rewritten.
 */
export function loginLogQuery(db: IdentityDb, query: LoginLogQuery, now: Date) {
  let log = db
    .selectFrom('identity_login_log as l')
    .leftJoin('identity_request_metadata as r', 'r.request_id', 'l.request_id')
    .leftJoin('identity_personal_data as p', 'p.member_seq', 'l.member_seq')
    .select([
      'l.attempt_id',
      'l.member_seq',
      'l.result',
      'l.session_id',
      'l.attempted_at',
      'l.request_id',
      'r.ip_address',
      'r.user_agent',
      'p.user_id',
    ]);
  if (query.member_seq !== undefined) log = log.where('l.member_seq', '=', query.member_seq);
  if (query.result !== undefined) log = log.where('l.result', '=', query.result);
  const range = dateRangeOf(query, now);
  if (range.from) log = log.where('l.attempted_at', '>=', range.from);
  if (range.to) log = log.where('l.attempted_at', '<', range.to);
  return log;
}

export function loginLogRowOf(
  row: Awaited<ReturnType<ReturnType<typeof loginLogQuery>['executeTakeFirstOrThrow']>>,
) {
  return {
    attempt_id: row.attempt_id,
    member_seq: row.member_seq === null ? null : Number(row.member_seq),
    user_id: row.user_id,
    result: row.result,
    session_id: row.session_id,
    attempted_at: row.attempted_at.toISOString(),
    request_id: row.request_id,
    ip_address: row.ip_address,
    user_agent: row.user_agent,
  };
}

type ActivityLogQuery = z.infer<typeof ActivityLogQuerySchema>;

function activityLogQuery(db: IdentityDb, query: ActivityLogQuery, now: Date) {
  let log = db
    .selectFrom('identity_activity_log as a')
    .leftJoin('identity_request_metadata as r', 'r.request_id', 'a.request_id')
    .select([
      'a.event_id',
      'a.position',
      'a.stream_name',
      'a.event_type',
      'a.actor',
      'a.request_id',
      'a.member_seq',
      'a.data',
      'a.occurred_at',
      'r.ip_address',
      'r.user_agent',
    ]);
  if (query.member_seq !== undefined) log = log.where('a.member_seq', '=', query.member_seq);
  if (query.event_type !== undefined) log = log.where('a.event_type', '=', query.event_type);
  if (query.actor !== undefined) log = log.where('a.actor', '=', query.actor);
  const range = dateRangeOf(query, now);
  if (range.from) log = log.where('a.occurred_at', '>=', range.from);
  if (range.to) log = log.where('a.occurred_at', '<', range.to);
  return log;
}

/** GET /admin/loginlog and /admin/activity-log (SPEC §2 loginlog/list, activity-log/list). */
export function adminLogRoutes(db: IdentityDb, now: () => Date) {
  return new Hono()
    .get('/admin/loginlog', validate('query', LoginLogQuerySchema), async (c) => {
      const query = c.req.valid('query');
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
    })
    .get('/admin/activity-log', validate('query', ActivityLogQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const log = activityLogQuery(db, query, now());
      const { limit, offset } = pageWindow(query);
      const [rows, count] = await Promise.all([
        log
          .orderBy('a.occurred_at', query.order)
          .orderBy('a.position', query.order)
          .limit(limit)
          .offset(offset)
          .execute(),
        log
          .clearSelect()
          .select((eb) => eb.fn.countAll<string>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return c.json({
        data: rows.map((row) => ({
          event_id: row.event_id,
          position: row.position,
          stream_name: row.stream_name,
          event_type: row.event_type,
          actor: row.actor,
          request_id: row.request_id,
          member_seq: row.member_seq === null ? null : Number(row.member_seq),
          data: row.data,
          occurred_at: row.occurred_at.toISOString(),
          ip_address: row.ip_address,
          user_agent: row.user_agent,
        })),
        paging: pagingOf(query, Number(count.total)),
      });
    });
}
