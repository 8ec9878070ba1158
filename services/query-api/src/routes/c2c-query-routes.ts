import { principalOf } from '@ledger/auth';
import {
  type ApplicationFilter,
  findApplication,
  findDeal,
  listApplications,
  listDeals,
  listMarkets,
} from '@ledger/c2c-store';
import {
  AdminC2cApplicationListQuerySchema,
  AdminC2cDealListQuerySchema,
  AfterQuerySchema,
  ApplicationParameterSchema,
  C2cDealListQuerySchema,
  DealParameterSchema,
  MyC2cApplicationListQuerySchema,
  MyC2cDealListQuerySchema,
} from '@ledger/contracts';
import type { Db } from '@ledger/db';
import { ProblemError, validate } from '@ledger/http';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { dateRangeOf, type ListQueryBase, pageWindow, pagingOf } from '../list-queries.ts';

/**
 * C2C reads (SPEC §2 member C2C screens, admin private-deal/list and private-application/list):
 * the active markets, the deal list with its filters (market, side, price, amount), a deal, the
 * caller's deals, sales and purchases, an application for its parties only (another member's is
 * a 404, as if it did not exist), and the administrator's catalog and lists with server paging
 * and filters (state, safety type, market, member, dates, disputed, deadline passed). `?after=`
 * waits for the `c2c` projection.
 */

const dealNotFound = () => new ProblemError({ status: 404, code: 'c2c_deal_not_found' });
const applicationNotFound = () =>
  new ProblemError({ status: 404, code: 'c2c_application_not_found' });

export type C2cQueryContext = { db: Db; now: () => Date; waitForC2c: MiddlewareHandler };

const windowOf = (query: ListQueryBase, now: Date) => ({
  ...pageWindow(query),
  ...dateRangeOf(query, now),
});

async function applicationPage(
  c: Context,
  db: Db,
  query: ListQueryBase,
  filter: ApplicationFilter,
) {
  const { rows, total } = await listApplications(db, filter);
  return c.json({ data: rows, paging: pagingOf(query, total) });
}

function memberDealRoutes(context: C2cQueryContext) {
  const { db, waitForC2c: wait } = context;
  return new Hono()
    .get('/c2c/market', wait, validate('query', AfterQuerySchema), async (c) =>
      c.json({ data: await listMarkets(db, { activeOnly: true }) }),
    )
    .get('/c2c/deal', wait, validate('query', C2cDealListQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const { rows, total } = await listDeals(db, {
        ...windowOf(query, context.now()),
        marketSeq: query.market_seq,
        side: query.side,
        safetyType: query.safety_type,
        status: query.status ?? 'open',
        asset: query.asset,
        price: query.price,
        amount: query.amount,
      });
      return c.json({ data: rows, paging: pagingOf(query, total) });
    })
    .get(
      '/c2c/deal/:dealId',
      wait,
      validate('param', DealParameterSchema),
      validate('query', AfterQuerySchema),
      async (c) => {
        const found = await findDeal(db, c.req.valid('param').dealId);
        if (found === undefined) throw dealNotFound();
        return c.json({ data: found });
      },
    )
    .get('/c2c/my-deal', wait, validate('query', MyC2cDealListQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const { rows, total } = await listDeals(db, {
        ...windowOf(query, context.now()),
        ownerMemberSeq: principalOf(c).memberSeq,
        marketSeq: query.market_seq,
        side: query.side,
        status: query.status,
      });
      return c.json({ data: rows, paging: pagingOf(query, total) });
    });
}

function memberApplicationRoutes(context: C2cQueryContext) {
  const { db, waitForC2c: wait } = context;
  const mine = validate('query', MyC2cApplicationListQuerySchema);
  return new Hono()
    .get('/c2c/sale', wait, mine, async (c) => {
      const query = c.req.valid('query');
      const filter = { ...windowOf(query, context.now()), status: query.status };
      return applicationPage(c, db, query, {
        ...filter,
        memberSeq: principalOf(c).memberSeq,
        role: 'seller',
      });
    })
    .get('/c2c/purchase', wait, mine, async (c) => {
      const query = c.req.valid('query');
      const filter = { ...windowOf(query, context.now()), status: query.status };
      return applicationPage(c, db, query, {
        ...filter,
        memberSeq: principalOf(c).memberSeq,
        role: 'buyer',
      });
    })
    .get(
      '/c2c/application/:applicationId',
      wait,
      validate('param', ApplicationParameterSchema),
      validate('query', AfterQuerySchema),
      async (c) => {
        const found = await findApplication(db, c.req.valid('param').applicationId, {
          memberSeq: principalOf(c).memberSeq,
        });
        if (found === undefined) throw applicationNotFound();
        c.header('cache-control', 'no-store');
        return c.json({ data: found });
      },
    );
}

function adminRoutes(context: C2cQueryContext) {
  const { db, waitForC2c: wait } = context;
  return new Hono()
    .get('/admin/c2c-market', wait, validate('query', AfterQuerySchema), async (c) =>
      c.json({ data: await listMarkets(db) }),
    )
    .get('/admin/private-deal', wait, validate('query', AdminC2cDealListQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const { rows, total } = await listDeals(db, {
        ...windowOf(query, context.now()),
        marketSeq: query.market_seq,
        side: query.side,
        safetyType: query.safety_type,
        status: query.status,
        asset: query.asset,
        ownerMemberSeq: query.member_seq,
      });
      return c.json({ data: rows, paging: pagingOf(query, total) });
    })
    .get(
      '/admin/private-deal/:dealId',
      wait,
      validate('param', DealParameterSchema),
      validate('query', AfterQuerySchema),
      async (c) => {
        const found = await findDeal(db, c.req.valid('param').dealId);
        if (found === undefined) throw dealNotFound();
        return c.json({ data: found });
      },
    )
    .get(
      '/admin/private-application',
      wait,
      validate('query', AdminC2cApplicationListQuerySchema),
      async (c) => {
        const query = c.req.valid('query');
        const now = context.now();
        return applicationPage(c, db, query, {
          ...windowOf(query, now),
          status: query.status,
          safetyType: query.safety_type,
          marketSeq: query.market_seq,
          memberSeq: query.member_seq,
          dealId: query.deal_id,
          asset: query.asset,
          disputed: query.disputed,
          overdueAt: query.deadline_passed === true ? now : undefined,
        });
      },
    )
    .get(
      '/admin/private-application/:applicationId',
      wait,
      validate('param', ApplicationParameterSchema),
      validate('query', AfterQuerySchema),
      async (c) => {
        const found = await findApplication(db, c.req.valid('param').applicationId);
        if (found === undefined) throw applicationNotFound();
        c.header('cache-control', 'no-store');
        return c.json({ data: found });
      },
    );
}

export function c2cQueryRoutes(context: C2cQueryContext) {
  return new Hono()
    .route('/', memberDealRoutes(context))
    .route('/', memberApplicationRoutes(context))
    .route('/', adminRoutes(context));
}
