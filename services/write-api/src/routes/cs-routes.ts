import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { principalOf } from '@ledger/auth';
import {
  CsFaqIdParameterSchema,
  CsFaqPublishRequestSchema,
  type CsFaqRequest,
  CsFaqRequestSchema,
  CsFaqTypeIdParameterSchema,
  CsFaqTypeRequestSchema,
  CsGuestTicketLookupRequestSchema,
  CsGuestTicketRequestSchema,
  CsTicketActionRequestSchema,
  CsTicketAnswerRequestSchema,
  CsTicketIdParameterSchema,
  CsTicketRequestSchema,
  CsTicketTypeIdParameterSchema,
  CsTicketTypeRequestSchema,
} from '@ledger/contracts';
import type { TicketFiler } from '@ledger/cs';
import {
  deleteTicketWords,
  findTicket,
  guestTicketId,
  insertTicketWords,
  writeTicketAnswer,
} from '@ledger/cs-store';
import type { Db } from '@ledger/db';
import { ProblemError, validate } from '@ledger/http';
import { identityDb } from '@ledger/identity-store';
import { type Context, Hono } from 'hono';
import { enforceRateLimit } from '../credential-checks.ts';
import { httpIdempotency } from '../http-idempotency.ts';
import type { MemberWriteContext } from '../member-command-runner.ts';
import { rateLimits } from '../rate-limits.ts';
import { commandContext } from '../request-context.ts';
import {
  isFaqTypeKnown,
  loadTicketType,
  runFaqCommand,
  runFaqTypeCommand,
  runTicketCommand,
  runTicketTypeCommand,
} from './cs-command-runner.ts';

export type CsWriteContext = MemberWriteContext & { rawDb: Db };

const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 20 characters of Crockford base32: 100 random bits, handed to the guest once. */
function newLookupCode(): string {
  return [...randomBytes(20)].map((byte) => crockford[byte % 32]).join('');
}

function ticketNotFound(): ProblemError {
  return new ProblemError({ status: 404, code: 'cs_ticket_not_found' });
}

/** Runs `run`; when it fails, `undo` puts back what was written before it, then rethrows. */
async function cleanUp<Result>(run: () => Promise<Result>, undo: () => Promise<unknown>) {
  try {
    return await run();
  } catch (error) {
    await undo().catch(() => undefined);
    throw error;
  }
}

type TicketInput = { type_id: string; title: string; content?: string | undefined };

/**
 * Files a ticket: its words go to the personal-data table first, then `CsTicketFiled` is decided
 * against the ticket type's stream; a refused filing removes the words again.
 */
async function fileTicket(
  context: CsWriteContext,
  c: Context,
  body: TicketInput,
  filer: TicketFiler,
  guest: { mail: string; lookupCode: string } | null,
) {
  const memberSeq = filer.kind === 'member' ? filer.memberSeq : null;
  const command = commandContext(c, context.identity, memberSeq);
  const ticketId = randomUUID();
  const ticketType = await loadTicketType(context, body.type_id);
  await insertTicketWords(context.rawDb, {
    ticketId,
    memberSeq,
    guest,
    title: body.title,
    content: body.content ?? null,
  });
  const { position } = await cleanUp(
    () =>
      runTicketCommand(
        context,
        ticketId,
        {
          type: 'FileTicket',
          ticketId,
          ticketType: ticketType.status === 'defined' ? ticketType.terms : null,
          filer,
          hasContent: body.content !== undefined,
          now: command.now.toISOString(),
        },
        command,
      ),
    () => deleteTicketWords(context.rawDb, ticketId),
  );
  return { ticketId, position };
}

/** A member files a ticket (SPEC §2 customer service). */
function csMemberRoutes(context: CsWriteContext) {
  return new Hono().post('/cs/ticket', validate('json', CsTicketRequestSchema), async (c) => {
    const memberSeq = principalOf(c).memberSeq;
    const filer = { kind: 'member', memberSeq } as const;
    const { ticketId, position } = await fileTicket(context, c, c.req.valid('json'), filer, null);
    return c.json({ data: { ticket_id: ticketId, status: 'open' }, position }, 201);
  });
}

/**
 * Guests (SPEC §6): file a ticket of a type that allows guests, and read it back with the lookup
 * code handed out once. Both are rate-limited per client address; an unknown ticket and a wrong
 * code answer the same 404, and nothing says whether a mail address belongs to a member.
 */
function csGuestRoutes(context: CsWriteContext) {
  return new Hono()
    .post('/cs/guest-ticket', validate('json', CsGuestTicketRequestSchema), async (c) => {
      const address = context.identity.clientAddress(c) ?? 'unknown';
      const now = context.identity.now();
      await enforceRateLimit(
        context,
        `cs-guest-ticket:${address}`,
        rateLimits.csGuestTicketPerAddress,
        now,
      );
      const body = c.req.valid('json');
      const lookupCode = newLookupCode();
      const guest = { mail: body.mail, lookupCode };
      const { ticketId, position } = await fileTicket(context, c, body, { kind: 'guest' }, guest);
      c.header('cache-control', 'no-store');
      return c.json(
        { data: { ticket_id: ticketId, status: 'open', lookup_code: lookupCode }, position },
        201,
      );
    })
    .post(
      '/cs/guest-ticket/lookup',
      validate('json', CsGuestTicketLookupRequestSchema),
      async (c) => {
        const address = context.identity.clientAddress(c) ?? 'unknown';
        const now = context.identity.now();
        await enforceRateLimit(
          context,
          `cs-guest-lookup:${address}`,
          rateLimits.csGuestLookupPerAddress,
          now,
        );
        const body = c.req.valid('json');
        const found = await guestTicketId(context.rawDb, body.ticket_id, body.lookup_code);
        const ticket = found === undefined ? undefined : await findTicket(context.rawDb, found);
        if (ticket === undefined) throw ticketNotFound();
        c.header('cache-control', 'no-store');
        return c.json({ data: guestTicketOf(ticket) });
      },
    );
}

function guestTicketOf(ticket: NonNullable<Awaited<ReturnType<typeof findTicket>>>) {
  return {
    ticket_id: ticket.ticket_id,
    type_id: ticket.type_id,
    member_seq: null,
    is_guest: true,
    status: ticket.status,
    title: ticket.title,
    content: ticket.content,
    answer: ticket.answer,
    filed_at: ticket.filed_at,
    answered_at: ticket.answered_at,
    finished_at: ticket.finished_at,
  };
}

const ticketParameter = validate('param', CsTicketIdParameterSchema);
const emptyBody = validate('json', CsTicketActionRequestSchema);

function adminContext(context: CsWriteContext, c: Context) {
  const adminSeq = principalOf(c).memberSeq;
  const command = commandContext(c, context.identity, null);
  return { adminSeq, command, now: command.now.toISOString() };
}

/** Administrators answer, complete and close tickets and define ticket types (cs/ticket/list). */
function csAdminTicketRoutes(context: CsWriteContext) {
  return new Hono()
    .put(
      '/admin/cs/ticket-type/:typeId',
      validate('param', CsTicketTypeIdParameterSchema),
      validate('json', CsTicketTypeRequestSchema),
      async (c) => {
        const { command, now } = adminContext(context, c);
        const body = c.req.valid('json');
        const terms = {
          typeId: c.req.valid('param').typeId,
          title: body.title,
          listOrder: body.list_order,
          useContent: body.use_content,
          allowGuest: body.allow_guest,
          notifyMember: body.notify_member,
          notifyManager: body.notify_manager,
        };
        const { position } = await runTicketTypeCommand(
          context,
          { type: 'DefineTicketType', terms, now },
          command,
        );
        return c.json({ data: { type_id: terms.typeId }, position });
      },
    )
    .put(
      '/admin/cs/ticket/:ticketId/answer',
      ticketParameter,
      validate('json', CsTicketAnswerRequestSchema),
      async (c) => {
        const { adminSeq, command, now } = adminContext(context, c);
        const { ticketId } = c.req.valid('param');
        const before = await writeTicketAnswer(context.rawDb, ticketId, c.req.valid('json').answer);
        const { position } = await cleanUp(
          () =>
            runTicketCommand(context, ticketId, { type: 'AnswerTicket', adminSeq, now }, command),
          () => writeTicketAnswer(context.rawDb, ticketId, before),
        );
        return c.json({ data: { ticket_id: ticketId, status: 'answered' }, position });
      },
    )
    .put('/admin/cs/ticket/:ticketId/complete', ticketParameter, emptyBody, async (c) => {
      const { adminSeq, command, now } = adminContext(context, c);
      const { ticketId } = c.req.valid('param');
      const { position } = await runTicketCommand(
        context,
        ticketId,
        { type: 'CompleteTicket', adminSeq, now },
        command,
      );
      return c.json({ data: { ticket_id: ticketId, status: 'completed' }, position });
    })
    .put('/admin/cs/ticket/:ticketId/close', ticketParameter, emptyBody, async (c) => {
      const { adminSeq, command, now } = adminContext(context, c);
      const { ticketId } = c.req.valid('param');
      const { position } = await runTicketCommand(
        context,
        ticketId,
        { type: 'CloseTicket', adminSeq, now },
        command,
      );
      return c.json({ data: { ticket_id: ticketId, status: 'closed' }, position });
    });
}

async function writeFaq(context: CsWriteContext, c: Context, faqId: string, body: CsFaqRequest) {
  const { command, now } = adminContext(context, c);
  const faqTypeKnown = await isFaqTypeKnown(context, body.faq_type_id);
  return runFaqCommand(
    context,
    faqId,
    {
      type: 'WriteFaq',
      faqId,
      faqTypeId: body.faq_type_id,
      faqTypeKnown,
      locale: body.locale,
      question: body.question,
      answer: body.answer,
      listOrder: body.list_order,
      now,
    },
    command,
  );
}

/** Administrators keep the FAQ (cs/faq/list): types, entries per locale, publishing. */
function csAdminFaqRoutes(context: CsWriteContext) {
  const faqParameter = validate('param', CsFaqIdParameterSchema);
  return new Hono()
    .put(
      '/admin/cs/faq-type/:faqTypeId',
      validate('param', CsFaqTypeIdParameterSchema),
      validate('json', CsFaqTypeRequestSchema),
      async (c) => {
        const { command, now } = adminContext(context, c);
        const body = c.req.valid('json');
        const terms = {
          faqTypeId: c.req.valid('param').faqTypeId,
          title: body.title,
          listOrder: body.list_order,
        };
        const { position } = await runFaqTypeCommand(
          context,
          { type: 'DefineFaqType', terms, now },
          command,
        );
        return c.json({ data: { faq_type_id: terms.faqTypeId }, position });
      },
    )
    .post('/admin/cs/faq', validate('json', CsFaqRequestSchema), async (c) => {
      const faqId = randomUUID();
      const { position } = await writeFaq(context, c, faqId, c.req.valid('json'));
      return c.json({ data: { faq_id: faqId }, position }, 201);
    })
    .put('/admin/cs/faq/:faqId', faqParameter, validate('json', CsFaqRequestSchema), async (c) => {
      const { faqId } = c.req.valid('param');
      const { position } = await writeFaq(context, c, faqId, c.req.valid('json'));
      return c.json({ data: { faq_id: faqId }, position });
    })
    .put(
      '/admin/cs/faq/:faqId/publish',
      faqParameter,
      validate('json', CsFaqPublishRequestSchema),
      async (c) => {
        const { command, now } = adminContext(context, c);
        const { faqId } = c.req.valid('param');
        const { published } = c.req.valid('json');
        const { position } = await runFaqCommand(
          context,
          faqId,
          { type: 'PublishFaq', published, now },
          command,
        );
        return c.json({ data: { faq_id: faqId, published }, position });
      },
    );
}

/** Customer service's write routes under /api/v1; members' and administrators' are idempotent. */
export function mountCsRoutes(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env.
  app: Hono<any>,
  dependencies: { db: Db; identity: MemberWriteContext['identity'] },
): void {
  const context: CsWriteContext = {
    identity: dependencies.identity,
    db: identityDb(dependencies.db),
    rawDb: dependencies.db,
  };
  const keyed = [csMemberRoutes(context), csAdminTicketRoutes(context), csAdminFaqRoutes(context)];
  const covered = new Set(
    keyed.flatMap((routes) =>
      routes.routes
        .filter((route) => route.method !== 'ALL')
        .map((route) => `${route.method} /api/v1${route.path}`),
    ),
  );
  const requestHashKey = createHmac('sha256', dependencies.identity.secrets.verificationCodeKey)
    .update('write-api cs http-idempotency request hash')
    .digest();
  app.use(httpIdempotency(dependencies.db, covered, requestHashKey));
  for (const routes of [...keyed, csGuestRoutes(context)]) app.route('/api/v1', routes);
}
