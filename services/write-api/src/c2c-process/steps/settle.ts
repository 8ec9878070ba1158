import type { ApplicationCommand, ApplicationStep } from '@ledger/c2c';
import { type StepRecord, stepCommandId } from '@ledger/process-kit';
import { type C2cStepDependencies, submitC2cLedgerCommand } from './step-dependencies.ts';

/**
 * The ONE ledger command that settles: both holds captured in one decision (the buyer paid the
 * source, the fee to fee revenue, the seller paid the target). A refusal is not an outcome the
 * application can record: the step stays to be taken and is logged by the resumer.
 */
export function settle(dependencies: C2cStepDependencies) {
  return async (
    step: Extract<ApplicationStep, { kind: 'settle' }>,
    { processId }: { processId: string },
  ): Promise<StepRecord<ApplicationCommand>> => {
    const outcome = await submitC2cLedgerCommand(
      dependencies.ledger,
      step.ledgerCommandId,
      step.command,
      processId,
    );
    if (outcome.kind === 'rejected')
      throw new Error(`the settlement was refused: ${JSON.stringify(outcome.rejection)}`);
    return {
      commandId: stepCommandId(processId, 'settled'),
      command: {
        type: 'RecordSettled',
        ledgerCommandId: step.ledgerCommandId,
        now: dependencies.now(),
      },
      position: outcome.position,
    };
  };
}
