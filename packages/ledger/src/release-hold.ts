import { assertWholeAmount, closeHold, existingOpenHold, openHoldFor } from './hold-resolution.ts';
import type { ReleaseHold } from './ledger-commands.ts';
import { accepted, type LedgerDecision, rejected } from './ledger-decision.ts';
import type { HoldReleased } from './ledger-events.ts';
import { existingMoneyAccount, type LedgerState } from './ledger-state.ts';
import { assertAccountsSound } from './leg-application.ts';
import { isRejection } from './leg-effects.ts';
import { formatAmount } from './money.ts';

/**
 * Decides ReleaseHold: the whole hold goes back to the account's available balance, fraud or not,
 * and its limit draw goes back to the day it was drawn from.
 */
export function releaseHold(command: ReleaseHold, state: LedgerState): LedgerDecision {
  const hold = openHoldFor(state, command.data.holdId);
  if (isRejection(hold)) {
    return rejected(hold);
  }
  const account = existingMoneyAccount(state, hold.account);
  const event: HoldReleased = {
    type: 'HoldReleased',
    data: {
      account: hold.account,
      amount: formatAmount(hold.amount, account.decimalPoint),
      asset: hold.asset,
      holdId: hold.id,
      releasedAt: command.metadata.now,
    },
  };
  return accepted([event]);
}

/** Evolves HoldReleased. */
export function evolveHoldReleased(state: LedgerState, event: HoldReleased): void {
  const hold = existingOpenHold(state, event.data);
  const account = closeHold(state, hold, hold.amount, 'released');
  assertWholeAmount(hold, event.data.amount, account.decimalPoint);
  assertAccountsSound(state, [account]);
}
