import { formatAmount } from '@ledger/ledger';
import type { StepContext, StepRecord } from '@ledger/process-kit';
import { stepCommandId } from '@ledger/process-kit';
import type { WithdrawalCommand, WithdrawalState, WithdrawalStep } from '@ledger/withdrawals';
import { amountAtScale, WithdrawalProblem, withdrawalFault } from '@ledger/withdrawals-store';
import { BroadcastDeferred } from '../chain-port.ts';
import type { WithdrawalStepDependencies } from './step-dependencies.ts';

type BroadcastOutcome = Extract<WithdrawalCommand, { type: 'RecordBroadcast' }>['outcome'];

/**
 * Sends a created transfer on its chain, keyed by the transfer id (after a crash the same transfer
 * is the same transaction, never a second output), and records what the chain answered. A frozen
 * asset sends nothing: the step waits (409 asset_frozen) and is taken again later.
 */
export function broadcast(dependencies: WithdrawalStepDependencies) {
  return async (
    step: Extract<WithdrawalStep, { kind: 'broadcast' }>,
    { processId, state }: StepContext<WithdrawalState>,
  ): Promise<StepRecord<WithdrawalCommand>> => {
    const decimalPoint = state.status === 'none' ? 0 : state.request.decimalPoint;
    let outcome: BroadcastOutcome;
    try {
      const sent = await dependencies.chain.broadcast(step);
      const feeAmount =
        amountAtScale(sent.feeAmount, decimalPoint, 'nonNegative') ??
        formatAmount(0n, decimalPoint);
      outcome = { kind: 'broadcast', txid: sent.txid, from: sent.from, feeAmount };
    } catch (error) {
      if (error instanceof BroadcastDeferred) {
        throw new WithdrawalProblem(
          409,
          'asset_frozen',
          `Withdrawals of this asset are frozen; it will be sent once the freeze is lifted (${error.message})`,
        );
      }
      dependencies.logger.warn('withdrawal broadcast failed', {
        withdrawalId: processId,
        transferId: step.transferId,
        error: String(error),
      });
      outcome = {
        kind: 'failed',
        message: String(error instanceof Error ? error.message : error).slice(0, 500),
      };
    }
    withdrawalFault('after-broadcast');
    return {
      commandId: stepCommandId(step.transferId, 'broadcast'),
      command: {
        type: 'RecordBroadcast',
        transferId: step.transferId,
        outcome,
        now: dependencies.now(),
      },
    };
  };
}
