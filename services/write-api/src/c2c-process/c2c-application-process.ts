import {
  type ApplicationCommand,
  type ApplicationEvent,
  type ApplicationRejection,
  type ApplicationState,
  type ApplicationStep,
  applicationDecider,
  applicationStream,
  applicationStreamPrefix,
  c2cActor,
  nextApplicationStep,
} from '@ledger/c2c';
import type { Db } from '@ledger/db';
import type { GlobalPosition } from '@ledger/event-store';
import { ProblemError } from '@ledger/http';
import { type ProcessDefinition, type ResumableProcess, runProcess } from '@ledger/process-kit';
import { sql } from 'kysely';
import { c2cProblem } from '../routes/c2c-problems.ts';
import { end } from './steps/end.ts';
import { holdSide } from './steps/hold-side.ts';
import { recordDealStage } from './steps/record-deal-stage.ts';
import { releaseSide } from './steps/release-side.ts';
import { reserveOnDeal } from './steps/reserve-on-deal.ts';
import { settle } from './steps/settle.ts';
import type { C2cStepDependencies } from './steps/step-dependencies.ts';

type TakenStep = Exclude<ApplicationStep, { kind: 'none' }>;

export type C2cApplicationProcess = ProcessDefinition<
  ApplicationState,
  ApplicationEvent,
  ApplicationCommand,
  ApplicationRejection,
  TakenStep
>;

/**
 * The C2C application process on the process runner (docs/adr/0023): the application decider
 * over its stream, its next step (nextApplicationStep), and one file per step in steps/ (the
 * deal's reservation, a side's escrow hold, the deal's stage, the settlement, a side's release,
 * the end), each ONE side effect whose id derives from the application id and the step.
 */
export function c2cApplicationProcess(dependencies: C2cStepDependencies): C2cApplicationProcess {
  return {
    name: 'c2c-application',
    streamOf: applicationStream,
    streamPrefix: applicationStreamPrefix,
    actor: c2cActor,
    decider: applicationDecider,
    nextStep: (state) => {
      const step = nextApplicationStep(state);
      return step.kind === 'none' ? undefined : step;
    },
    steps: {
      reserveOnDeal: reserveOnDeal(dependencies),
      holdSide: holdSide(dependencies),
      recordDealStage: recordDealStage(dependencies),
      settle: settle(dependencies),
      releaseSide: releaseSide(dependencies),
      end: end(dependencies),
    },
    refused: (rejection) => c2cProblem(rejection),
  };
}

/** Applications with a step to take: not final (the work list; most wait for a person). */
async function pendingApplications(db: Db, limit: number): Promise<string[]> {
  const { rows } = await sql<{ application_id: string }>`SELECT application_id
    FROM c2c_applications WHERE NOT is_final ORDER BY updated_at LIMIT ${limit}`.execute(db);
  return rows.map((row) => row.application_id);
}

/** The C2C application type for the one resumer: nudged by every party's append. */
export function c2cApplicationResumable(
  db: Db,
  dependencies: C2cStepDependencies,
): ResumableProcess {
  const process = c2cApplicationProcess(dependencies);
  return {
    name: process.name,
    streamPrefix: applicationStreamPrefix,
    actor: c2cActor,
    // The requests run the process themselves; the resumer takes what they left.
    nudgedByAppends: false,
    pending: (limit) => pendingApplications(db, limit),
    run: (applicationId) => runProcess(dependencies.eventStore, process, applicationId),
    waits: (error) => error instanceof ProblemError && error.problem.status === 503,
  };
}

/**
 * Takes the steps an application can take now, right after a request recorded on it; a ledger
 * that does not answer leaves them to the resumer. Answers the latest position they reached.
 */
export async function advanceApplication(
  dependencies: C2cStepDependencies,
  applicationId: string,
): Promise<GlobalPosition | null> {
  try {
    const run = await runProcess(
      dependencies.eventStore,
      c2cApplicationProcess(dependencies),
      applicationId,
    );
    return run.position;
  } catch (error) {
    if (error instanceof ProblemError && error.problem.status === 503) return null;
    throw error;
  }
}
