import type { AdjustmentCommand, AdjustmentStep } from '@ledger/adjustments';
import { adjustmentActor } from '@ledger/adjustments';
import { ProblemError } from '@ledger/http';
import { type StepRecord, stepCommandId } from '@ledger/process-kit';
import type { LedgerWriteContext } from './ledger-write-context.ts';

/**
 * The money step of an approved adjustment: its ONE PostTransfer against adjustment equity, then
 * the outcome to record. An unavailable writer leaves the process approved (503): a later approve
 * call or the resumer takes the same command again, and the ledger answers it once.
 */
export function postAdjustment(context: LedgerWriteContext, requestId: string | undefined) {
  return async (
    step: AdjustmentStep,
    { processId }: { processId: string },
  ): Promise<StepRecord<AdjustmentCommand>> => {
    const result = await context.client.submit({
      commandId: step.ledgerCommandId,
      actor: adjustmentActor,
      command: step.command,
      correlationId: processId,
      ...(requestId === undefined ? {} : { requestId }),
    });
    if (result.kind !== 'answered') {
      throw new ProblemError({
        status: 503,
        code: 'ledger_unavailable',
        message: 'ledger_unavailable.adjustment_approved',
        headers: { 'retry-after': '1' },
      });
    }
    const { answer } = result;
    return {
      commandId: stepCommandId(step.ledgerCommandId, 'outcome'),
      // The later of the money and the record, so `?after=` waits for both.
      position: result.position,
      command: {
        type: 'RecordAdjustmentOutcome',
        adjustmentId: processId,
        ledgerCommandId: step.ledgerCommandId,
        outcome:
          answer.kind === 'accepted'
            ? {
                kind: 'executed',
                transferId: step.ledgerCommandId,
                ledgerRevision: answer.revision,
              }
            : { kind: 'failed', rejection: answer.rejection },
        now: context.identity.now().toISOString(),
      },
    };
  };
}
