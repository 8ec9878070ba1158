import type { DepositCreditStep, DepositRequestCommand } from '@ledger/assets';
import type { StepRecord } from '@ledger/process-kit';
import {
  type DepositStepDependencies,
  depositsActor,
  submitDepositCredit,
} from '../deposit-ledger-step.ts';

/**
 * Credits an approved deposit request (its one PostTransfer `deposit-request:<id>`), then records
 * its outcome: credited, or failed with the ledger's rejection.
 */
export function creditDepositRequest(
  dependencies: DepositStepDependencies,
  context: { requestId: string },
) {
  return async (
    step: DepositCreditStep,
    { processId }: { processId: string },
  ): Promise<StepRecord<DepositRequestCommand>> => {
    const result = await submitDepositCredit(dependencies.ledger, step, {
      actor: depositsActor,
      requestId: context.requestId,
      correlationId: processId,
    });
    const { answer } = result;
    return {
      commandId: `deposit-request-outcome:${processId}`,
      position: result.position,
      command: {
        type: 'RecordDepositRequestOutcome',
        requestId: processId,
        ledgerCommandId: step.ledgerCommandId,
        outcome:
          answer.kind === 'accepted'
            ? { kind: 'credited', transferId: step.ledgerCommandId }
            : { kind: 'failed', rejection: answer.rejection },
        now: dependencies.now().toISOString(),
      },
    };
  };
}
