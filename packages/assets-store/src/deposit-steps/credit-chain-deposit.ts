import type { ChainDepositCommand, DepositCreditStep } from '@ledger/assets';
import type { StepRecord } from '@ledger/process-kit';
import {
  chainScannerActor,
  DepositLedgerRejectedError,
  type DepositStepDependencies,
  submitDepositCredit,
} from '../deposit-ledger-step.ts';

/**
 * Credits a chain deposit whose credit was started (its one PostTransfer `deposit:<id>`), then
 * records it with the confirmations the scanner counted. A refusal is kept for a person (throws).
 */
export function creditChainDeposit(
  dependencies: DepositStepDependencies,
  input: { requestId: string; confirmations: number },
) {
  return async (
    step: DepositCreditStep,
    { processId }: { processId: string },
  ): Promise<StepRecord<ChainDepositCommand>> => {
    const result = await submitDepositCredit(dependencies.ledger, step, {
      actor: chainScannerActor,
      requestId: input.requestId,
      correlationId: processId,
    });
    if (result.answer.kind === 'rejected') {
      throw new DepositLedgerRejectedError(step.ledgerCommandId, result.answer.rejection);
    }
    return {
      commandId: `scanner:credited:${processId}`,
      position: result.position,
      command: {
        type: 'RecordChainDepositCredit',
        depositId: processId,
        transferId: step.ledgerCommandId,
        ledgerCommandId: step.ledgerCommandId,
        confirmations: input.confirmations,
        now: dependencies.now().toISOString(),
      },
    };
  };
}
