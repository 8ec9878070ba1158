import {
  type ApplicationCommand,
  type ApplicationState,
  c2cActor,
  dealDecider,
  dealStream,
} from '@ledger/c2c';
import {
  handleCommand,
  type StepContext,
  type StepRecord,
  stepCommandId,
} from '@ledger/process-kit';
import type { C2cStepDependencies } from './step-dependencies.ts';

const commandOf = {
  held: 'HoldDealAmount',
  confirmed: 'ConfirmDealAmount',
  freed: 'FreeDealAmount',
} as const;

/** The deal moves the application's part (held, confirmed or freed); the stage is recorded. */
export function recordDealStage(dependencies: C2cStepDependencies) {
  return async (
    step: { kind: 'recordDealStage'; stage: 'held' | 'confirmed' | 'freed' },
    { processId, state }: StepContext<ApplicationState>,
  ): Promise<StepRecord<ApplicationCommand>> => {
    if (state.status === 'none') throw new Error('a step of an application never filed');
    const now = dependencies.now();
    const moved = await handleCommand(
      dependencies.eventStore,
      dealStream(state.terms.dealId),
      dealDecider,
      (deal) =>
        dealDecider.decide({ type: commandOf[step.stage], applicationId: processId, now }, deal),
      {
        commandId: stepCommandId(processId, `deal-${step.stage}`),
        actor: c2cActor,
        requestId: processId,
      },
    );
    if (moved.kind === 'rejected')
      throw new Error(
        `the deal refused ${commandOf[step.stage]}: ${JSON.stringify(moved.rejection)}`,
      );
    return {
      commandId: stepCommandId(processId, `deal-${step.stage}-recorded`),
      command: { type: 'RecordDealStage', stage: step.stage, now },
      position: moved.position ?? undefined,
    };
  };
}
