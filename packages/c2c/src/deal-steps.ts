import type { C2cLedgerCommand } from './c2c-ledger-commands.ts';
import { escrowReason } from './c2c-ledger-commands.ts';
import type { DealState } from './deal-state.ts';
import { dealLedgerCommandIds } from './publish-deal.ts';

/** The next thing a deal needs done: its escrow placed when published, released once closed. */
export type DealStep =
  | { kind: 'placeEscrow'; ledgerCommandId: string; command: C2cLedgerCommand }
  | { kind: 'releaseEscrow'; ledgerCommandId: string; command: C2cLedgerCommand }
  | { kind: 'none' };

export function nextDealStep(state: DealState): DealStep {
  if (state.status === 'none' || state.terms.escrow === null) return { kind: 'none' };
  const ids = dealLedgerCommandIds(state.terms.dealId);
  const { holdId, amount } = state.terms.escrow;
  if (state.escrow === 'pending') {
    const data = { holdId, account: state.terms.ownerSourceAccount, amount, reason: escrowReason };
    return {
      kind: 'placeEscrow',
      ledgerCommandId: ids.escrow,
      command: { type: 'PlaceHold', data },
    };
  }
  if (state.escrow === 'placed' && state.status === 'closed')
    return {
      kind: 'releaseEscrow',
      ledgerCommandId: ids.release,
      command: { type: 'ReleaseHold', data: { holdId } },
    };
  return { kind: 'none' };
}
