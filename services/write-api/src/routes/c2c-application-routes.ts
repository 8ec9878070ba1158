import { principalOf } from '@ledger/auth';
import {
  type ApplicationCommand,
  applicationDecider,
  applicationStream,
  chargedTextOf,
  dealDecider,
  dealStream,
  type OpenDeal,
} from '@ledger/c2c';
import {
  ApplicationActionRequestSchema,
  ApplicationParameterSchema,
  ApplicationReasonRequestSchema,
  DealParameterSchema,
  FileApplicationRequestSchema,
  ResolveApplicationRequestSchema,
} from '@ledger/contracts';
import type { GlobalPosition } from '@ledger/event-store';
import { ProblemError, validate } from '@ledger/http';
import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import { advanceApplication } from '../c2c-process/c2c-application-process.ts';
import {
  type CommandContext,
  derivedEventId,
  loadAggregate,
  stepCommandId,
} from '../command-handling.ts';
import { c2cProblem } from './c2c-problems.ts';
import {
  applicationAggregate,
  c2cAnswer,
  c2cCommandContext,
  c2cDeadlineDefaults,
  c2cStepsOf,
  dealAggregate,
  decideC2c,
  latest,
  loadMarket,
  memberAccount,
  runC2c,
} from './c2c-write-context.ts';
import { amountAtScale } from './ledger-submission.ts';
import type { LedgerWriteContext } from './ledger-write-context.ts';

/**
 * Applications (purchase requests; the member's sales and purchases; admin
 * private-application/list): file one against a deal (its id derived from the member and the
 * Idempotency-Key) and have the deal reserve its part at once, so an amount the deal no longer has
 * is refused in the answer; the parties' actions (accept, reject, cancel, paid, confirm, return,
 * dispute, retry a refused hold), each the caller's only as the party it is for (another member's
 * application is a 404); and an administrator's status change (confirm or return, with a reason).
 * The money each stage asks for is moved by the C2C process, one ledger command per step.
 */

const notFound = () => new ProblemError({ status: 404, code: 'c2c_application_not_found' });

async function openDeal(context: LedgerWriteContext, dealId: string): Promise<OpenDeal> {
  const { state } = await loadAggregate(
    context.identity.eventStore,
    dealStream(dealId),
    dealAggregate,
  );
  if (state.status === 'none') throw new ProblemError({ status: 404, code: 'c2c_deal_not_found' });
  return state;
}

/** The deal reserves the application's part; a refusal is recorded (final) and answered. */
async function reserve(
  context: LedgerWriteContext,
  applicationId: string,
  metadata: CommandContext,
): Promise<GlobalPosition | null> {
  const { state } = await loadAggregate(
    context.identity.eventStore,
    applicationStream(applicationId),
    applicationAggregate,
  );
  if (state.status !== 'filing') return null;
  const { terms } = state;
  const now = context.identity.now().toISOString();
  const reservation = await decideC2c(
    context,
    dealDecider,
    dealStream(terms.dealId),
    () => ({
      type: 'ReserveDealAmount' as const,
      applicationId,
      applicantMemberSeq: terms.applicantMemberSeq,
      amount: terms.sourceAmount,
      escrowAmount: terms.dealEscrowHoldId === null ? '0' : terms.sellerEscrow,
      price: terms.price,
      now,
    }),
    { ...metadata, commandId: stepCommandId(applicationId, 'reserve') },
  );
  const outcome =
    reservation.kind === 'accepted'
      ? { kind: 'reserved' as const }
      : { kind: 'refused' as const, rejection: reservation.rejection };
  const recorded = await runC2c(
    context,
    applicationDecider,
    applicationStream(applicationId),
    () => ({ type: 'RecordReservation' as const, outcome, now }),
    { ...metadata, commandId: stepCommandId(applicationId, 'reservation') },
  );
  if (reservation.kind === 'rejected') throw c2cProblem(reservation.rejection);
  return recorded.position;
}

type FileBody = z.infer<typeof FileApplicationRequestSchema>;

async function file(context: LedgerWriteContext, c: Context, dealId: string, body: FileBody) {
  const memberSeq = principalOf(c).memberSeq;
  const metadata = c2cCommandContext(context, c, memberSeq);
  const deal = await openDeal(context, dealId);
  const market = await loadMarket(context, deal.terms.marketSeq);
  if (!market.isActive) throw new ProblemError({ status: 409, code: 'c2c_market_inactive' });
  const amount = amountAtScale(body.amount, deal.terms.sourceDecimalPoint);
  if (amount === undefined)
    throw new ProblemError({
      status: 422,
      code: 'c2c_amount_invalid',
      params: { field: 'amount' },
    });
  const [source, target] = await Promise.all([
    memberAccount(context, memberSeq, body.source_account_seq, deal.terms.sourceAsset),
    memberAccount(context, memberSeq, body.target_account_seq, deal.terms.targetAsset),
  ]);
  const applicationId = derivedEventId(
    `member:${memberSeq}\u0000${metadata.key}`,
    'c2c-application',
    0,
  );
  const command: ApplicationCommand = {
    type: 'FileApplication',
    applicationId,
    deal: deal.terms,
    applicantMemberSeq: memberSeq,
    amount,
    price: body.price,
    applicantSourceAccount: source,
    applicantTargetAccount: target,
    deadlines: c2cDeadlineDefaults,
    dealCharged: chargedTextOf(deal),
    now: context.identity.now().toISOString(),
  };
  const filed = await runC2c(
    context,
    applicationDecider,
    applicationStream(applicationId),
    () => command,
    metadata,
  );
  const reserved = await reserve(context, applicationId, metadata);
  const moved = await advanceApplication(c2cStepsOf(context), applicationId);
  return c2cAnswer(c, 201, applicationId, latest(moved, reserved ?? filed.position));
}

/** Loads the caller's application: another member's (or none) is a 404. */
async function partyApplication(
  context: LedgerWriteContext,
  applicationId: string,
  memberSeq: number,
) {
  const { state } = await loadAggregate(
    context.identity.eventStore,
    applicationStream(applicationId),
    applicationAggregate,
  );
  if (state.status === 'none') throw notFound();
  const { ownerMemberSeq, applicantMemberSeq } = state.terms;
  if (memberSeq !== ownerMemberSeq && memberSeq !== applicantMemberSeq) throw notFound();
  return state;
}

type Action = (actorSeq: number, now: string, body: { reason?: string }) => ApplicationCommand;
const actions: Record<string, Action> = {
  accept: (actorSeq, now) => ({ type: 'AcceptApplication', actorSeq, now }),
  reject: (actorSeq, now, body) => ({
    type: 'RejectApplication',
    actorSeq,
    now,
    reason: body.reason ?? '',
  }),
  cancel: (actorSeq, now) => ({ type: 'CancelApplication', actorSeq, now }),
  paid: (actorSeq, now) => ({ type: 'MarkPaid', actorSeq, now }),
  confirm: (actorSeq, now) => ({ type: 'ConfirmApplication', actorSeq, now }),
  return: (actorSeq, now, body) => ({
    type: 'ReturnApplication',
    actorSeq,
    now,
    reason: body.reason ?? '',
  }),
  dispute: (actorSeq, now) => ({ type: 'OpenDispute', actorSeq, now }),
  'retry-hold': (actorSeq, now) => ({ type: 'RetryHold', actorSeq, now }),
};
const withReason = new Set(['reject', 'return']);

async function act(
  context: LedgerWriteContext,
  c: Context,
  action: Action,
  body: { reason?: string },
) {
  const memberSeq = principalOf(c).memberSeq;
  const applicationId = (c.req.param('applicationId') ?? '') as string;
  await partyApplication(context, applicationId, memberSeq);
  const metadata = c2cCommandContext(context, c, memberSeq);
  const now = context.identity.now().toISOString();
  const { position } = await runC2c(
    context,
    applicationDecider,
    applicationStream(applicationId),
    () => action(memberSeq, now, body),
    metadata,
  );
  const moved = await advanceApplication(c2cStepsOf(context), applicationId);
  return c2cAnswer(c, 200, applicationId, latest(moved, position));
}

export function c2cApplicationRoutes(context: LedgerWriteContext) {
  const application = validate('param', ApplicationParameterSchema);
  let routes = new Hono().post(
    '/c2c/deal/:dealId/application',
    validate('param', DealParameterSchema),
    validate('json', FileApplicationRequestSchema),
    (c) => file(context, c, c.req.valid('param').dealId, c.req.valid('json')),
  );
  for (const [name, action] of Object.entries(actions)) {
    const path = `/c2c/application/:applicationId/${name}`;
    routes = withReason.has(name)
      ? routes.post(path, application, validate('json', ApplicationReasonRequestSchema), (c) =>
          act(context, c, action, c.req.valid('json')),
        )
      : routes.post(path, application, validate('json', ApplicationActionRequestSchema), (c) =>
          act(context, c, action, {}),
        );
  }
  return routes.post(
    '/admin/private-application/:applicationId/resolve',
    application,
    validate('json', ResolveApplicationRequestSchema),
    async (c) => {
      const { applicationId } = c.req.valid('param');
      const { verdict, reason } = c.req.valid('json');
      const actorSeq = principalOf(c).memberSeq;
      const metadata = c2cCommandContext(context, c, null);
      const now = context.identity.now().toISOString();
      const { position } = await runC2c(
        context,
        applicationDecider,
        applicationStream(applicationId),
        () => ({ type: 'ResolveApplication' as const, actorSeq, now, verdict, reason }),
        metadata,
      );
      const moved = await advanceApplication(c2cStepsOf(context), applicationId);
      return c2cAnswer(c, 200, applicationId, latest(moved, position));
    },
  );
}
