import {
  c2cActor,
  type DealCommand,
  type DealEvent,
  type DealRejection,
  type DealState,
  type DealStep,
  dealDecider,
  dealStream,
  dealStreamPrefix,
  nextDealStep,
} from '@ledger/c2c';
import type { Db } from '@ledger/db';
import type { GlobalPosition } from '@ledger/event-store';
import { ProblemError } from '@ledger/http';
import { type ProcessDefinition, type ResumableProcess, runProcess } from '@ledger/process-kit';
import { sql } from 'kysely';
import { c2cProblem } from '../routes/c2c-problems.ts';
import { placeDealEscrow } from './steps/place-deal-escrow.ts';
import { releaseDealEscrow } from './steps/release-deal-escrow.ts';
import type { C2cStepDependencies } from './steps/step-dependencies.ts';

type TakenStep = Exclude<DealStep, { kind: 'none' }>;

/**
 * The C2C deal process on the process runner (docs/adr/0023): an immediate deal's escrow hold
 * placed when it is published and what is left of it released once it is closed, each ONE ledger
 * command with an id derived from the deal (`c2c-deal:<id>:escrow`, `…:escrow:release`).
 */
export function c2cDealProcess(
  dependencies: C2cStepDependencies,
): ProcessDefinition<DealState, DealEvent, DealCommand, DealRejection, TakenStep> {
  return {
    name: 'c2c-deal',
    streamOf: dealStream,
    streamPrefix: dealStreamPrefix,
    actor: c2cActor,
    decider: dealDecider,
    nextStep: (state) => {
      const step = nextDealStep(state);
      return step.kind === 'none' ? undefined : step;
    },
    steps: {
      placeEscrow: placeDealEscrow(dependencies),
      releaseEscrow: releaseDealEscrow(dependencies),
    },
    refused: (rejection) => c2cProblem(rejection),
  };
}

/** Takes the deal's steps right after a request recorded on it; an unanswering ledger waits. */
export async function advanceDeal(
  dependencies: C2cStepDependencies,
  dealId: string,
): Promise<GlobalPosition | null> {
  try {
    return (await runProcess(dependencies.eventStore, c2cDealProcess(dependencies), dealId))
      .position;
  } catch (error) {
    if (error instanceof ProblemError && error.problem.status === 503) return null;
    throw error;
  }
}

/** Immediate deals with an escrow step left: pending, or placed and closed. */
async function pendingDeals(db: Db, limit: number): Promise<string[]> {
  const { rows } = await sql<{ deal_id: string }>`SELECT deal_id FROM c2c_deals
    WHERE escrow = 'pending' OR (escrow = 'placed' AND status = 'closed')
    ORDER BY updated_at LIMIT ${limit}`.execute(db);
  return rows.map((row) => row.deal_id);
}

/** The C2C deal type for the one resumer: what the requests left. */
export function c2cDealResumable(db: Db, dependencies: C2cStepDependencies): ResumableProcess {
  const process = c2cDealProcess(dependencies);
  return {
    name: process.name,
    streamPrefix: dealStreamPrefix,
    actor: c2cActor,
    nudgedByAppends: false,
    pending: (limit) => pendingDeals(db, limit),
    run: (dealId) => runProcess(dependencies.eventStore, process, dealId),
    waits: (error) => error instanceof ProblemError && error.problem.status === 503,
  };
}
