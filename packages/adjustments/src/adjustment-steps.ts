import { type CommandInput, type PostTransfer, systemAccountId } from '@ledger/ledger';
import type { AdjustmentState } from './adjustment-decider.ts';

/**
 * The next thing a forced adjustment needs done: once approved, its ONE ledger command (a
 * PostTransfer against adjustment equity) whose id derives from the adjustment id, so taking it
 * again after a crash moves the money once; nothing before approval or after the outcome.
 */

/** The actor of the process's own ledger command and outcome. */
export const adjustmentActor = 'system:adjustment';

export type AdjustmentStep = {
  kind: 'postAdjustment';
  ledgerCommandId: string;
  command: CommandInput<PostTransfer>;
};

export const adjustmentLedgerCommandIdOf = (adjustmentId: string) => `adjustment:${adjustmentId}`;

export function nextAdjustmentStep(state: AdjustmentState): AdjustmentStep | undefined {
  if (state.status !== 'approved') return undefined;
  const { proposal } = state;
  const equity = systemAccountId('adjustmentEquity', proposal.asset);
  const [debit, credit] =
    proposal.direction === 'credit' ? [equity, proposal.account] : [proposal.account, equity];
  const ledgerCommandId = adjustmentLedgerCommandIdOf(proposal.adjustmentId);
  return {
    kind: 'postAdjustment',
    ledgerCommandId,
    command: {
      type: 'PostTransfer',
      data: {
        transferId: ledgerCommandId,
        legs: [{ debit, credit, asset: proposal.asset, amount: proposal.amount }],
        cause: 'adjustment',
      },
    },
  };
}
