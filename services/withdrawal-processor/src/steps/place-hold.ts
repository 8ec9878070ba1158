import type { StepRecord } from '@ledger/process-kit';
import { stepCommandId } from '@ledger/process-kit';
import type { WithdrawalCommand, WithdrawalStep } from '@ledger/withdrawals';
import { submitLedgerCommand, type WithdrawalStepDependencies } from './step-dependencies.ts';

/** The ONE ledger command that holds the amount (and fee) with the member's limits. */
export function placeHold(dependencies: WithdrawalStepDependencies) {
  return async (
    step: Extract<WithdrawalStep, { kind: 'placeHold' }>,
    { processId }: { processId: string },
  ): Promise<StepRecord<WithdrawalCommand>> => {
    const outcome = await submitLedgerCommand(
      dependencies.ledger,
      step.ledgerCommandId,
      step.command,
      processId,
    );
    return {
      commandId: stepCommandId(processId, 'hold-outcome'),
      command: {
        type: 'RecordHoldOutcome',
        ledgerCommandId: step.ledgerCommandId,
        holdIds: step.holdIds,
        outcome,
        now: dependencies.now(),
      },
    };
  };
}
