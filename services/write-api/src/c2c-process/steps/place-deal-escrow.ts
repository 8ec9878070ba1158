import type { DealCommand, DealStep } from '@ledger/c2c';
import { type StepRecord, stepCommandId } from '@ledger/process-kit';
import { type C2cStepDependencies, submitC2cLedgerCommand } from './step-dependencies.ts';

/** The ONE ledger command that holds an immediate deal's total and its fee when published. */
export function placeDealEscrow(dependencies: C2cStepDependencies) {
  return async (
    step: Extract<DealStep, { kind: 'placeEscrow' }>,
    { processId }: { processId: string },
  ): Promise<StepRecord<DealCommand>> => {
    const outcome = await submitC2cLedgerCommand(
      dependencies.ledger,
      step.ledgerCommandId,
      step.command,
      processId,
    );
    return {
      commandId: stepCommandId(processId, 'escrow-outcome'),
      command: {
        type: 'RecordDealEscrow',
        ledgerCommandId: step.ledgerCommandId,
        outcome:
          outcome.kind === 'accepted'
            ? { kind: 'placed' }
            : { kind: 'refused', rejection: outcome.rejection },
        now: dependencies.now(),
      },
      position: outcome.position,
    };
  };
}
