import { z } from 'zod';
import { listAnswerSchema, listQuerySchema, QuerySeqSchema } from './list-query.ts';
import { text } from './text.ts';

/**
 * Customer service (SPEC §1, §3, §4, §6): ticket types, tickets filed by members and, where the
 * type allows, by guests (with a mail address and a lookup code), answered, completed or closed
 * by an administrator; FAQ types and FAQ entries per locale. Request bodies, list queries and
 * answers of both APIs, shared with the web app.
 */
export const csProblemCodes = [
  /** 404: no such ticket, another's, or a guest's lookup code that does not match (alike). */
  'cs_ticket_not_found',
  /** 422: no ticket type of this id. */
  'cs_ticket_type_not_found',
  /** 403: this ticket type takes no tickets from guests. */
  'cs_guest_ticket_not_allowed',
  /** 422: this ticket type needs a content. */
  'cs_ticket_content_required',
  /** 409: only an answered ticket is completed. */
  'cs_ticket_not_answered',
  /** 409: the ticket is completed or closed. */
  'cs_ticket_finished',
  /** 422: a blank title, question or answer, or a list order out of range. */
  'cs_entry_invalid',
  /** 404: no such FAQ entry. */
  'cs_faq_not_found',
  /** 422: no FAQ type of this id. */
  'cs_faq_type_not_found',
] as const;
export type CsProblemCode = (typeof csProblemCodes)[number];

export const csTicketStatuses = ['open', 'answered', 'completed', 'closed'] as const;
export type CsTicketStatus = (typeof csTicketStatuses)[number];
export const csLocaleValues = ['ko-KR', 'en-US', 'ja-JP', 'vi-VN', 'zh-TW'] as const;
export type CsLocaleValue = (typeof csLocaleValues)[number];

/** A ticket type's or FAQ type's id: letters and digits, the first a letter (SPEC §5). */
export const CsCatalogueIdSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/);
export const csListOrderMax = 9999;
const listOrder = z.number().int().min(0).max(csListOrderMax);
const singleLine = (lengthMax: number) =>
  text({ trim: true, min: 1, max: lengthMax }).regex(/^[^\r\n\t]*$/);
const body = (lengthMax: number) => text({ trim: true, min: 1, max: lengthMax });

export const csTitleMax = 200;
export const csContentMax = 5000;
/** A guest's lookup code: 20 characters of Crockford base32, handed out once at filing. */
export const CsLookupCodeSchema = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{20}$/);

export const CsTicketIdParameterSchema = z.strictObject({ ticketId: z.uuid() });
export const CsTicketTypeIdParameterSchema = z.strictObject({ typeId: CsCatalogueIdSchema });
export const CsFaqTypeIdParameterSchema = z.strictObject({ faqTypeId: CsCatalogueIdSchema });
export const CsFaqIdParameterSchema = z.strictObject({ faqId: z.uuid() });

const ticketShape = {
  type_id: CsCatalogueIdSchema,
  title: singleLine(csTitleMax),
  content: body(csContentMax).optional(),
};

/** POST /cs/ticket: a member files a ticket. */
export const CsTicketRequestSchema = z.strictObject(ticketShape);
export type CsTicketRequest = z.infer<typeof CsTicketRequestSchema>;

/** POST /cs/guest-ticket: a visitor files a ticket of a type that allows guests. */
export const CsGuestTicketRequestSchema = z.strictObject({
  ...ticketShape,
  mail: z.email().max(254),
});
export type CsGuestTicketRequest = z.infer<typeof CsGuestTicketRequestSchema>;

/** POST /cs/guest-ticket/lookup: a visitor reads its ticket with the code it was given. */
export const CsGuestTicketLookupRequestSchema = z.strictObject({
  ticket_id: z.uuid(),
  lookup_code: CsLookupCodeSchema,
});
export type CsGuestTicketLookupRequest = z.infer<typeof CsGuestTicketLookupRequestSchema>;

/** PUT /admin/cs/ticket-type/:typeId: defines or changes a ticket type. */
export const CsTicketTypeRequestSchema = z.strictObject({
  title: singleLine(100),
  list_order: listOrder,
  use_content: z.boolean(),
  allow_guest: z.boolean(),
  notify_member: z.boolean(),
  notify_manager: z.boolean(),
});
export type CsTicketTypeRequest = z.infer<typeof CsTicketTypeRequestSchema>;

/** PUT /admin/cs/ticket/:ticketId/answer. */
export const CsTicketAnswerRequestSchema = z.strictObject({ answer: body(csContentMax) });
export type CsTicketAnswerRequest = z.infer<typeof CsTicketAnswerRequestSchema>;

/** PUT /admin/cs/ticket/:ticketId/complete and /close take an empty object. */
export const CsTicketActionRequestSchema = z.strictObject({});

/** PUT /admin/cs/faq-type/:faqTypeId. */
export const CsFaqTypeRequestSchema = z.strictObject({
  title: singleLine(100),
  list_order: listOrder,
});
export type CsFaqTypeRequest = z.infer<typeof CsFaqTypeRequestSchema>;

/** POST /admin/cs/faq and PUT /admin/cs/faq/:faqId. */
export const CsFaqRequestSchema = z.strictObject({
  faq_type_id: CsCatalogueIdSchema,
  locale: z.enum(csLocaleValues),
  question: singleLine(300),
  answer: body(csContentMax),
  list_order: listOrder,
});
export type CsFaqRequest = z.infer<typeof CsFaqRequestSchema>;

/** PUT /admin/cs/faq/:faqId/publish. */
export const CsFaqPublishRequestSchema = z.strictObject({ published: z.boolean() });

/** GET /cs/ticket: the caller's tickets. */
export const MyCsTicketListQuerySchema = listQuerySchema({
  sortable: ['filed_at'],
  filters: { status: z.enum(csTicketStatuses).optional() },
});

/** GET /admin/cs/ticket (SPEC cs/ticket/list): by state, type, member and filing date. */
export const CsTicketListQuerySchema = listQuerySchema({
  sortable: ['filed_at'],
  filters: {
    status: z.enum(csTicketStatuses).optional(),
    type_id: CsCatalogueIdSchema.optional(),
    member_seq: QuerySeqSchema.optional(),
  },
});

/** GET /cs/faq: published entries of one locale, by type, with a search. */
export const CsFaqListQuerySchema = listQuerySchema({
  sortable: ['list_order'],
  filters: {
    locale: z.enum(csLocaleValues).optional(),
    faq_type_id: CsCatalogueIdSchema.optional(),
  },
});

/** GET /admin/cs/faq (SPEC cs/faq/list): every entry, published or not. */
export const CsAdminFaqListQuerySchema = listQuerySchema({
  sortable: ['list_order'],
  filters: {
    locale: z.enum(csLocaleValues).optional(),
    faq_type_id: CsCatalogueIdSchema.optional(),
    published: z.enum(['true', 'false']).optional(),
  },
});

export const CsTicketTypeSchema = z.object({
  type_id: z.string(),
  title: z.string(),
  list_order: z.number().int(),
  use_content: z.boolean(),
  allow_guest: z.boolean(),
  notify_member: z.boolean(),
  notify_manager: z.boolean(),
});
export type CsTicketType = z.infer<typeof CsTicketTypeSchema>;
export const CsTicketTypeListAnswerSchema = z.object({ data: z.array(CsTicketTypeSchema) });

export const CsTicketSchema = z.object({
  ticket_id: z.string(),
  type_id: z.string(),
  member_seq: z.number().int().nullable(),
  is_guest: z.boolean(),
  status: z.enum(csTicketStatuses),
  /** Null once erased with its member. */
  title: z.string().nullable(),
  filed_at: z.string(),
  answered_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type CsTicket = z.infer<typeof CsTicketSchema>;
export const CsTicketListAnswerSchema = listAnswerSchema(CsTicketSchema);

export const CsTicketDetailSchema = CsTicketSchema.extend({
  content: z.string().nullable(),
  answer: z.string().nullable(),
});
export type CsTicketDetail = z.infer<typeof CsTicketDetailSchema>;
export const CsTicketDetailAnswerSchema = z.object({ data: CsTicketDetailSchema });

/** The administrator's view adds the guest's mail address. */
export const CsAdminTicketDetailSchema = CsTicketDetailSchema.extend({
  guest_mail: z.string().nullable(),
});
export const CsAdminTicketDetailAnswerSchema = z.object({ data: CsAdminTicketDetailSchema });

/** What filing a ticket answers; a guest's lookup code only once, here. */
export const CsTicketFiledAnswerSchema = z.object({
  data: z.object({
    ticket_id: z.string(),
    status: z.enum(csTicketStatuses),
    lookup_code: CsLookupCodeSchema.optional(),
  }),
  position: z.string().nullable(),
});

export const CsFaqTypeSchema = z.object({
  faq_type_id: z.string(),
  title: z.string(),
  list_order: z.number().int(),
});
export type CsFaqType = z.infer<typeof CsFaqTypeSchema>;
export const CsFaqTypeListAnswerSchema = z.object({ data: z.array(CsFaqTypeSchema) });

export const CsFaqSchema = z.object({
  faq_id: z.string(),
  faq_type_id: z.string(),
  locale: z.enum(csLocaleValues),
  question: z.string(),
  answer: z.string(),
  list_order: z.number().int(),
  published: z.boolean(),
  updated_at: z.string(),
});
export type CsFaq = z.infer<typeof CsFaqSchema>;
export const CsFaqListAnswerSchema = listAnswerSchema(CsFaqSchema);

/** What a write answers: its object's id and the position to read after. */
export const CsWriteAnswerSchema = z.object({
  data: z.record(z.string(), z.unknown()),
  position: z.string().nullable(),
});
