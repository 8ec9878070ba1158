import { principalOf } from '@ledger/auth';
import { BrokerageListQuerySchema, BrokerageParameterSchema } from '@ledger/contracts';
import { ProblemError, validate } from '@ledger/http';
import { isBrokerageOwner } from '@ledger/identity';
import type { IdentityDb } from '@ledger/identity-store';
import { Hono } from 'hono';
import { pageWindow, pagingOf } from '../list-queries.ts';

type BrokerageRow = {
  seq: string | number;
  title: string;
  owner_member_seq: string | number | null;
  brokerage_type: string;
  identification_code: string | null;
  regdate: Date;
};

function brokerageOf(row: BrokerageRow) {
  return {
    seq: Number(row.seq),
    title: row.title,
    type: row.brokerage_type,
    identification_code: row.identification_code,
    regdate: row.regdate.toISOString(),
  };
}

const notFound = () =>
  new ProblemError({ status: 404, code: 'not_found', message: 'not_found.brokerage' });

/**
 * GET /brokerage and GET /brokerage/{seq} (SPEC §7): only the caller's own brokerages. The list is
 * filtered by owner in SQL; the single read loads the row and applies the brokerage-owner check,
 * answering 404 for someone else's brokerage (its existence is not revealed).
 */
export function brokerageRoutes(db: IdentityDb) {
  return new Hono()
    .get('/brokerage', validate('query', BrokerageListQuerySchema), async (c) => {
      const { memberSeq } = principalOf(c);
      const query = c.req.valid('query');
      const owned = db.selectFrom('brokerages').where('owner_member_seq', '=', memberSeq);
      const { limit, offset } = pageWindow(query);
      const sortColumn = query.sort;
      const [rows, count] = await Promise.all([
        owned
          .selectAll()
          .orderBy(sortColumn, query.order)
          .orderBy('seq')
          .limit(limit)
          .offset(offset)
          .execute(),
        owned.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return c.json({ data: rows.map(brokerageOf), paging: pagingOf(query, Number(count.total)) });
    })
    .get('/brokerage/:seq', validate('param', BrokerageParameterSchema), async (c) => {
      const principal = principalOf(c);
      const row = await db
        .selectFrom('brokerages')
        .selectAll()
        .where('seq', '=', c.req.valid('param').seq)
        .executeTakeFirst();
      const owner = row?.owner_member_seq;
      if (
        row === undefined ||
        !isBrokerageOwner(principal, { ownerMemberSeq: owner == null ? null : Number(owner) })
      ) {
        throw notFound();
      }
      return c.json({ data: brokerageOf(row) });
    });
}
