import {
  CsAdminTicketDetailAnswerSchema,
  type CsFaqRequest,
  CsFaqSchema,
  CsFaqTypeListAnswerSchema,
  CsTicketSchema,
  CsTicketTypeListAnswerSchema,
  csLocaleValues,
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

export const FaqListSearchSchema = listSearchSchema({
  sortKeys: ['list_order'],
  defaultOrder: 'asc',
  filters: {
    locale: z.enum(csLocaleValues).optional().catch(undefined),
    published: z.boolean().optional().catch(undefined),
  },
});
export type FaqListSearch = z.infer<typeof FaqListSearchSchema>;

export function faqListQuery(search: FaqListSearch) {
  return queryOptions({
    queryKey: [...adminCsKeys.all, 'faqs', search] as const,
    queryFn: async ({ client, signal }) =>
      listPageSchema(CsFaqSchema).parse(
        await api.get('admin/cs/faq', {
          searchParams: { ...listQueryParams(search), ...afterLatestWrite(client) },
          signal,
        }),
      ),
  });
}

export function faqTypesQuery() {
  return queryOptions({
    queryKey: [...adminCsKeys.all, 'faq-types'] as const,
    queryFn: async ({ signal }) =>
      CsFaqTypeListAnswerSchema.parse(await api.get('cs/faq-type', { signal })).data,
  });
}

export type FaqAction =
  | { kind: 'write'; faqId: string | undefined; entry: CsFaqRequest }
  | { kind: 'publish'; faqId: string; published: boolean };

/** Writes an FAQ entry (POST when new, PUT when edited) or publishes or hides one. */
export function faqActionMutation() {
  return mutationOptions({
    mutationKey: ['admin', 'cs', 'faq'],
    mutationFn: async (action: FaqAction, { client }) => {
      const answer = (await (action.kind === 'publish'
        ? api.put(`admin/cs/faq/${action.faqId}/publish`, { json: { published: action.published } })
        : action.faqId === undefined
          ? api.post('admin/cs/faq', { json: action.entry })
          : api.put(`admin/cs/faq/${action.faqId}`, { json: action.entry }))) as Record<
        string,
        unknown
      >;
      await afterWrite(client, answer);
      return answer;
    },
  });
}
