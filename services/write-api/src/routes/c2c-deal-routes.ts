import { principalOf } from '@ledger/auth';
import { dealDecider, dealStream, marketTermsOf, type PublishDeal } from '@ledger/c2c';
import {
  CloseDealRequestSchema,
  DealParameterSchema,
  PublishDealRequestSchema,
} from '@ledger/contracts';
import { ProblemError, validate } from '@ledger/http';
import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import { advanceDeal } from '../c2c-process/c2c-deal-process.ts';
import { derivedEventId, loadAggregate } from '../command-handling.ts';
import {
  c2cAnswer,
  c2cCommandContext,
  c2cStepsOf,
  dealAggregate,
  latest,
  loadMarket,
  memberAccount,
  runC2c,
} from './c2c-write-context.ts';
import { amountAtScale } from './ledger-submission.ts';
import type { LedgerWriteContext } from './ledger-write-context.ts';

/**
 * Deals (member "register sell" and "register buy"; admin private-deal/list): publish a deal in a
 * market (its id derived from the member and the Idempotency-Key, so a retry lands on the same
 * deal), close one's own deal, and an administrator's close. An immediate deal's escrow hold is a
 * money step of the C2C process.
 */

type PublishBody = z.infer<typeof PublishDealRequestSchema>;

function amountOrNull(field: string, text: string | null, decimalPoint: number): string | null {
  if (text === null) return null;
  const at = amountAtScale(text, decimalPoint);
  if (at === undefined)
    throw new ProblemError({ status: 422, code: 'c2c_amount_invalid', params: { field } });
  return at;
}

async function publish(context: LedgerWriteContext, c: Context, body: PublishBody) {
  const memberSeq = principalOf(c).memberSeq;
  const metadata = c2cCommandContext(context, c, memberSeq);
  const market = await loadMarket(context, body.market_seq);
  const dp = market.sourceDecimalPoint;
  const [ownerSourceAccount, ownerTargetAccount] = await Promise.all([
    memberAccount(context, memberSeq, body.source_account_seq, market.sourceAsset),
    memberAccount(context, memberSeq, body.target_account_seq, market.targetAsset),
  ]);
  const dealId = derivedEventId(`member:${memberSeq}\u0000${metadata.key}`, 'c2c-deal', 0);
  const command: PublishDeal = {
    type: 'PublishDeal',
    dealId,
    ownerMemberSeq: memberSeq,
    market: marketTermsOf(market),
    side: body.side,
    safetyType: body.safety_type,
    totalAmount: amountOrNull('totalAmount', body.total_amount, dp) ?? '',
    applicationMin: amountOrNull('applicationMin', body.application_min, dp),
    applicationMax: amountOrNull('applicationMax', body.application_max, dp),
    priceMin: body.price_min,
    priceMax: body.price_max,
    closeAt: body.close_at === null ? null : new Date(body.close_at).toISOString(),
    ownerSourceAccount,
    ownerTargetAccount,
    now: context.identity.now().toISOString(),
  };
  const { position } = await runC2c(
    context,
    dealDecider,
    dealStream(dealId),
    () => command,
    metadata,
  );
  const moved = await advanceDeal(c2cStepsOf(context), dealId);
  return c2cAnswer(c, 201, dealId, latest(moved, position));
}

/** The caller's own deal: another member's (or none) is a 404. */
async function ownDeal(context: LedgerWriteContext, dealId: string, memberSeq: number) {
  const { state } = await loadAggregate(
    context.identity.eventStore,
    dealStream(dealId),
    dealAggregate,
  );
  if (state.status === 'none' || state.terms.ownerMemberSeq !== memberSeq)
    throw new ProblemError({ status: 404, code: 'c2c_deal_not_found' });
}

async function close(
  context: LedgerWriteContext,
  c: Context,
  dealId: string,
  by: 'owner' | 'admin',
) {
  const actorSeq = principalOf(c).memberSeq;
  if (by === 'owner') await ownDeal(context, dealId, actorSeq);
  const metadata = c2cCommandContext(context, c, by === 'owner' ? actorSeq : null);
  const now = context.identity.now().toISOString();
  const { position } = await runC2c(
    context,
    dealDecider,
    dealStream(dealId),
    () => ({ type: 'CloseDeal' as const, closedBy: by, actorSeq, now }),
    metadata,
  );
  const moved = await advanceDeal(c2cStepsOf(context), dealId);
  return c2cAnswer(c, 200, dealId, latest(moved, position));
}

export function c2cDealRoutes(context: LedgerWriteContext) {
  const deal = validate('param', DealParameterSchema);
  const empty = validate('json', CloseDealRequestSchema);
  return new Hono()
    .post('/c2c/deal', validate('json', PublishDealRequestSchema), (c) =>
      publish(context, c, c.req.valid('json')),
    )
    .post('/c2c/deal/:dealId/close', deal, empty, (c) =>
      close(context, c, c.req.valid('param').dealId, 'owner'),
    )
    .post('/admin/private-deal/:dealId/close', deal, empty, (c) =>
      close(context, c, c.req.valid('param').dealId, 'admin'),
    );
}
