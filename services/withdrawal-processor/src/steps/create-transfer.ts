import type { StepRecord } from '@ledger/process-kit';
import { stepCommandId } from '@ledger/process-kit';
import { type WithdrawalCommand, type WithdrawalStep, withdrawalActor } from '@ledger/withdrawals';
import type { WithdrawalStepDependencies } from './step-dependencies.ts';

/** After approval: the process's first transfer, recorded before anything is sent. */
export function createTransfer(dependencies: WithdrawalStepDependencies) {
  return async (
    step: Extract<WithdrawalStep, { kind: 'createTransfer' }>,
  ): Promise<StepRecord<WithdrawalCommand>> => ({
    commandId: stepCommandId(step.transferId, 'create'),
    command: {
      type: 'CreateTransfer',
      transferId: step.transferId,
      createdBy: withdrawalActor,
      now: dependencies.now(),
    },
  });
}
