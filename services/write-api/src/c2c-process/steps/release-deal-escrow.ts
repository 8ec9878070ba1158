import type { DealCommand, DealStep } from '@ledger/c2c';
import { type StepRecord, stepCommandId } from '@ledger/process-kit';
import { type C2cStepDependencies, submitC2cLedgerCommand } from './step-dependencies.ts';

/**
 * The ONE ledger command that gives what is left of a closed deal's escrow back to its owner; an
 * escrow the applications took whole is already resolved, which is the same outcome.
 */
export function releaseDealEscrow(dependencies: C2cStepDependencies) {
  return async (
    step: Extract<DealStep, { kind: 'releaseEscrow' }>,
    { processId }: { processId: string },
  ): Promise<StepRecord<DealCommand>> => {
    const outcome = await submitC2cLedgerCommand(
      dependencies.ledger,
      step.ledgerCommandId,
      step.command,
      processId,
    );
    if (outcome.kind === 'rejected' && outcome.rejection.type !== 'HoldAlreadyResolved')
      throw new Error(`the deal's escrow was not released: ${JSON.stringify(outcome.rejection)}`);
    return {
      commandId: stepCommandId(processId, 'escrow-released'),
      command: {
        type: 'RecordDealEscrowReleased',
        ledgerCommandId: step.ledgerCommandId,
        now: dependencies.now(),
      },
      position: outcome.position,
    };
  };
}
