import type { StepRecord } from '@ledger/process-kit';
import { stepCommandId } from '@ledger/process-kit';
import type { WithdrawalCommand, WithdrawalStep } from '@ledger/withdrawals';
import { submitLedgerCommand, type WithdrawalStepDependencies } from './step-dependencies.ts';

/** After confirmation: ONE CaptureHolds, the net amount to chain clearing, the fee to fee revenue. */
export function capture(dependencies: WithdrawalStepDependencies) {
  return async (
    step: Extract<WithdrawalStep, { kind: 'capture' }>,
    { processId }: { processId: string },
  ): Promise<StepRecord<WithdrawalCommand>> => {
    const outcome = await submitLedgerCommand(
      dependencies.ledger,
      step.ledgerCommandId,
      step.command,
      processId,
    );
    return {
      commandId: stepCommandId(processId, 'capture-outcome'),
      command: {
        type: 'RecordCapture',
        ledgerCommandId: step.ledgerCommandId,
        outcome,
        now: dependencies.now(),
      },
    };
  };
}
