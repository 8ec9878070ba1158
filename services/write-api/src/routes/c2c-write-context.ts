import {
  applicationDecider,
  dealDecider,
  type MarketState,
  marketDecider,
  marketStream,
} from '@ledger/c2c';
import type { Decider } from '@ledger/decider';
import type { GlobalPosition } from '@ledger/event-store';
import { ProblemError } from '@ledger/http';
import { identityDb } from '@ledger/identity-store';
import type { Context } from 'hono';
import type { C2cStepDependencies } from '../c2c-process/steps/step-dependencies.ts';
import { type CommandContext, handleCommand, loadAggregate } from '../command-handling.ts';
import { commandContext } from '../request-context.ts';
import { c2cProblem } from './c2c-problems.ts';
import { idempotencyKeyOf } from './ledger-submission.ts';
import type { LedgerWriteContext } from './ledger-write-context.ts';

/**
 * What every C2C write route shares: one command through handleCommand on its stream (the
 * domain's decider, the request's metadata), refusals as their problem codes, and the member's
 * wallet account of an asset.
 */

export const dealAggregate = { initial: dealDecider.initialState, evolve: dealDecider.evolve };
export const applicationAggregate = {
  initial: applicationDecider.initialState,
  evolve: applicationDecider.evolve,
};
export const marketAggregate = {
  initial: marketDecider.initialState,
  evolve: marketDecider.evolve,
};

/** The deadline of each waiting stage (seconds) until they are settings of their own. */
export const c2cDeadlineDefaults = {
  acceptSeconds: 1_800,
  depositSeconds: 1_800,
  paymentSeconds: 3_600,
  releaseSeconds: 3_600,
};

/** Decides one command on `stream` and appends what it decides; answers the outcome. */
export function decideC2c<C, E extends { type: string; data: unknown }, S, R>(
  context: LedgerWriteContext,
  decider: Decider<C, E, S, R>,
  stream: string,
  command: (state: S) => C,
  metadata: CommandContext,
) {
  return handleCommand(
    { eventStore: context.identity.eventStore, db: identityDb(context.db) },
    stream,
    { initial: decider.initialState, evolve: decider.evolve },
    (state) => decider.decide(command(state), state),
    metadata,
  );
}

/** Runs one command on `stream`; a refusal is thrown as its problem. */
export async function runC2c<C, E extends { type: string; data: unknown }, S, R>(
  context: LedgerWriteContext,
  decider: Decider<C, E, S, R>,
  stream: string,
  command: (state: S) => C,
  metadata: CommandContext,
): Promise<{ state: S; position: GlobalPosition | null }> {
  const outcome = await decideC2c(context, decider, stream, command, metadata);
  if (outcome.kind === 'rejected') throw c2cProblem(outcome.rejection as never);
  return { state: outcome.state, position: outcome.position };
}

/** The request's metadata, its command id derived from the Idempotency-Key (required). */
export function c2cCommandContext(
  context: LedgerWriteContext,
  c: Context,
  subjectMemberSeq: number | null,
): CommandContext & { key: string } {
  const key = idempotencyKeyOf(c, { required: true });
  return { ...commandContext(c, context.identity, subjectMemberSeq), key };
}

export async function loadMarket(
  context: LedgerWriteContext,
  marketSeq: number,
): Promise<Exclude<MarketState, { status: 'none' }>> {
  const { state } = await loadAggregate(
    context.identity.eventStore,
    marketStream(marketSeq),
    marketAggregate,
  );
  if (state.status === 'none')
    throw new ProblemError({ status: 404, code: 'c2c_market_not_found' });
  return state;
}

/** The member's wallet account `seq` of `asset`, or 404 account_not_found. */
export async function memberAccount(
  context: LedgerWriteContext,
  memberSeq: number,
  seq: number,
  asset: string,
): Promise<string> {
  const account = await context.directory.bySeq(seq);
  if (account === undefined || account.memberSeq !== memberSeq || account.asset !== asset)
    throw new ProblemError({ status: 404, code: 'account_not_found' });
  return account.account;
}

/** What the C2C application process's steps act on, from the write API's context. */
export function c2cStepsOf(context: LedgerWriteContext): C2cStepDependencies {
  return {
    eventStore: context.identity.eventStore,
    ledger: context.client,
    now: () => context.identity.now().toISOString(),
  };
}

/** The later of two positions (positions of one store compare as their text). */
export function latest(left: GlobalPosition | null, right: GlobalPosition | null) {
  if (left === null) return right;
  return right === null || right < left ? left : right;
}

export function c2cAnswer(
  c: Context,
  status: 200 | 201,
  id: string,
  position: GlobalPosition | null,
) {
  return c.json({ data: { id }, position }, status);
}
