import type { ApplicationCommand, ApplicationStep } from '@ledger/c2c';
import { type StepRecord, stepCommandId } from '@ledger/process-kit';
import { type C2cStepDependencies, submitC2cLedgerCommand } from './step-dependencies.ts';

/** The ONE ledger command that holds a side's escrow (or moves it out of the deal's escrow). */
export function holdSide(dependencies: C2cStepDependencies) {
  return async (
    step: Extract<ApplicationStep, { kind: 'holdSide' }>,
    { processId }: { processId: string },
  ): Promise<StepRecord<ApplicationCommand>> => {
    const outcome = await submitC2cLedgerCommand(
      dependencies.ledger,
      step.ledgerCommandId,
      step.command,
      processId,
    );
    return {
      commandId: stepCommandId(processId, `${step.holdId}:outcome`),
      command: {
        type: 'RecordSideHold',
        side: step.side,
        ledgerCommandId: step.ledgerCommandId,
        outcome:
          outcome.kind === 'accepted'
            ? { kind: 'placed', holdId: step.holdId }
            : { kind: 'refused', rejection: outcome.rejection },
        now: dependencies.now(),
      },
      position: outcome.position,
    };
  };
}
