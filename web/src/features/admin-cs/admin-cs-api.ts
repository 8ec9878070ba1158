import {
  CsAdminTicketDetailAnswerSchema,
  CsTicketSchema,
  CsTicketTypeListAnswerSchema,
  csTicketStatuses,
} from '@ledger/contracts';
import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { afterLatestWrite, rememberWrite } from '../../lib/written-position.ts';
import {
  listPageSchema,
  listQueryParams,
  listSearchSchema,
} from '../../ui-kit/list/list-search.ts';

/** The administrators' customer-service calls (SPEC §2 cs/ticket/list). */
export const adminCsKeys = {
  all: ['admin', 'cs'] as const,
  tickets: (search: TicketListSearch) => ['admin', 'cs', 'tickets', search] as const,
  ticket: (ticketId: string) => ['admin', 'cs', 'ticket', ticketId] as const,
  types: ['admin', 'cs', 'ticket-types'] as const,
};

export const TicketListSearchSchema = listSearchSchema({
  sortKeys: ['filed_at'],
  filters: {
    status: z.enum(csTicketStatuses).optional().catch(undefined),
    type_id: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/)
      .optional()
      .catch(undefined),
  },
});
export type TicketListSearch = z.infer<typeof TicketListSearchSchema>;

export function ticketListQuery(search: TicketListSearch) {
  return queryOptions({
    queryKey: adminCsKeys.tickets(search),
    queryFn: async ({ client, signal }) =>
      listPageSchema(CsTicketSchema).parse(
        await api.get('admin/cs/ticket', {
          searchParams: { ...listQueryParams(search), ...afterLatestWrite(client) },
          signal,
        }),
      ),
  });
}

export function ticketDetailQuery(ticketId: string) {
  return queryOptions({
    queryKey: adminCsKeys.ticket(ticketId),
    queryFn: async ({ client, signal }) =>
      CsAdminTicketDetailAnswerSchema.parse(
        await api.get(`admin/cs/ticket/${ticketId}`, {
          searchParams: afterLatestWrite(client),
          signal,
        }),
      ).data,
  });
}

export function ticketTypesQuery() {
  return queryOptions({
    queryKey: adminCsKeys.types,
    queryFn: async ({ signal }) =>
      CsTicketTypeListAnswerSchema.parse(await api.get('admin/cs/ticket-type', { signal })).data,
  });
}

export type TicketAction =
  | { kind: 'answer'; ticketId: string; answer: string }
  | { kind: 'complete'; ticketId: string }
  | { kind: 'close'; ticketId: string };

async function afterWrite(client: QueryClient, answer: Record<string, unknown>) {
  rememberWrite(client, answer);
  await client.invalidateQueries({ queryKey: adminCsKeys.all });
}

/** One administrator decision on one ticket: answer, complete or close. */
export function ticketActionMutation() {
  return mutationOptions({
    mutationKey: ['admin', 'cs', 'action'],
    mutationFn: async (action: TicketAction, { client }) => {
      const path = `admin/cs/ticket/${action.ticketId}/${action.kind}`;
      const json = action.kind === 'answer' ? { answer: action.answer } : {};
      const answer = (await api.put(path, { json })) as Record<string, unknown>;
      await afterWrite(client, answer);
      return answer;
    },
  });
}
