import { type OAuth2Client, OAuth2ClientListQuerySchema } from '@ledger/contracts';
import { validate } from '@ledger/http';
import {
  type IdentityDb,
  listOAuth2Clients,
  type OAuth2ClientListFilter,
  type OAuth2ClientRow,
} from '@ledger/identity-store';
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { dateRangeOf, type ListQueryBase, pageWindow, pagingOf } from '../list-queries.ts';

export function oauth2ClientOf(row: OAuth2ClientRow): OAuth2Client {
  return {
    client_id: row.client_id,
    member_seq: Number(row.member_seq),
    name: row.name,
    redirect_uris: row.redirect_uris,
    redirect_uri: row.redirect_uris[0] ?? '',
    authorities: row.authorities,
    regdate: row.registered_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

type ListQuery = ListQueryBase & { sort: string; search?: string | undefined };

/** One page of clients in the list answer shape (`{ data, paging }`). */
export async function oauth2ClientPage(
  db: IdentityDb,
  query: ListQuery,
  filter: Pick<OAuth2ClientListFilter, 'memberSeq' | 'isRevoked'>,
  now: Date,
) {
  const { limit, offset } = pageWindow(query);
  const { from, to } = dateRangeOf(query, now);
  const { rows, total } = await listOAuth2Clients(db as unknown as Kysely<unknown>, {
    ...filter,
    search: query.search,
    from,
    to,
    sort: query.sort === 'name' ? 'name' : 'regdate',
    order: query.order,
    limit,
    offset,
  });
  return {
    data: rows.map(oauth2ClientOf),
    paging: pagingOf(query, total),
  };
}

/** GET /admin/oauth2-client (SPEC §2 oauth2-client/list): every member's clients. */
export function adminOAuth2ClientRoutes(db: IdentityDb, now: () => Date) {
  return new Hono().get(
    '/admin/oauth2-client',
    validate('query', OAuth2ClientListQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      return c.json(
        await oauth2ClientPage(
          db,
          query,
          { memberSeq: query.member_seq, isRevoked: query.is_revoked },
          now(),
        ),
      );
    },
  );
}
