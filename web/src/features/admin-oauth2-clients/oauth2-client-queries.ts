import { OAuth2ClientSchema } from '@ledger/contracts';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import type { ApiRecord } from '../../lib/api-failure.ts';
import { adminMemberKeys } from '../../lib/queries/admin-member-queries.ts';
import { afterLatestWrite, rememberWrite } from '../../lib/written-position.ts';
import { BooleanFilterSchema, SeqFilterSchema } from '../../ui-kit/list/filter-schemas.ts';
import {
  listPageSchema,
  listQueryParams,
  listSearchSchema,
} from '../../ui-kit/list/list-search.ts';

/** URL search of admin oauth2-client/list, named as the API's list query. */
export const OAuth2ClientListSearchSchema = listSearchSchema({
  sortKeys: ['regdate', 'name'],
  filters: { member_seq: SeqFilterSchema, is_revoked: BooleanFilterSchema },
});
export type OAuth2ClientListSearch = z.infer<typeof OAuth2ClientListSearchSchema>;

export const oauth2ClientKeys = { all: ['admin', 'oauth2-client'] as const };

/** GET /admin/oauth2-client: one page of clients (server paging, sorting, filters). */
export function oauth2ClientListQuery(search: OAuth2ClientListSearch) {
  return queryOptions({
    queryKey: [...oauth2ClientKeys.all, 'list', search] as const,
    queryFn: async ({ client, signal }) =>
      listPageSchema(OAuth2ClientSchema).parse(
        await api.get('admin/oauth2-client', {
          searchParams: { ...listQueryParams(search), ...afterLatestWrite(client) },
          signal,
        }),
      ),
  });
}

const SecretAnswerSchema = z.object({
  data: z.object({ client_id: z.string(), client_secret: z.string() }),
});

export type ClientDetails = { name: string; redirect_uris: string[]; authorities: string[] };

export type ClientChange =
  | { kind: 'register'; member_seq: number; details: ClientDetails }
  | { kind: 'change'; clientId: string; details: ClientDetails }
  | { kind: 'rotate'; clientId: string }
  | { kind: 'revoke'; clientId: string };

/**
 * Every change of a client. Registration and rotation answer the secret, shown once; the others
 * answer nothing to show. Each invalidates the lists (the member view's tab too).
 */
export function oauth2ClientMutation() {
  return mutationOptions({
    mutationFn: async (
      change: ClientChange & { idempotencyKey: string },
      { client },
    ): Promise<{ secret: string | undefined }> => {
      const idempotencyKey = change.idempotencyKey;
      let answer: ApiRecord;
      if (change.kind === 'register') {
        answer = await api.post('admin/oauth2-client', {
          json: { member_seq: change.member_seq, ...change.details },
          idempotencyKey,
        });
      } else if (change.kind === 'change') {
        answer = await api.put(`admin/oauth2-client/${change.clientId}`, {
          json: change.details,
          idempotencyKey,
        });
      } else if (change.kind === 'rotate') {
        answer = await api.post(`admin/oauth2-client/${change.clientId}/secret`, {
          json: {},
          idempotencyKey,
        });
      } else {
        answer = await api.delete(`admin/oauth2-client/${change.clientId}`, { idempotencyKey });
      }
      rememberWrite(client, answer);
      await client.invalidateQueries({ queryKey: oauth2ClientKeys.all });
      await client.invalidateQueries({ queryKey: adminMemberKeys.all });
      const secret = SecretAnswerSchema.safeParse(answer);
      return { secret: secret.success ? secret.data.data.client_secret : undefined };
    },
  });
}
