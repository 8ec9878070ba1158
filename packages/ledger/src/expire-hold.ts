import { assert } from '@ledger/decider';
import { assertWholeAmount, closeHold, existingOpenHold, openHoldFor } from './hold-resolution.ts';
import type { ExpireHold } from './ledger-commands.ts';
import { accepted, type LedgerDecision, rejected } from './ledger-decision.ts';
import type { HoldExpired } from './ledger-events.ts';
import { existingMoneyAccount, type LedgerState } from './ledger-state.ts';
import { assertAccountsSound } from './leg-application.ts';
import { isRejection } from './leg-effects.ts';
import { formatAmount } from './money.ts';

/**
 * Decides ExpireHold: like a release, but only once the hold's expiresAt is at or before the
 * command's now, so an early expiry worker cannot cut a live hold short.
 */
export function expireHold(command: ExpireHold, state: LedgerState): LedgerDecision {
  const hold = openHoldFor(state, command.data.holdId);
  if (isRejection(hold)) {
    return rejected(hold);
  }
  const now = command.metadata.now;
  if (hold.expiresAt === null) {
    return rejected({ type: 'HoldHasNoExpiry', holdId: hold.id });
  }
  // Canonical timestamps compare as strings in the order of their instants.
  if (hold.expiresAt > now) {
    return rejected({ type: 'HoldNotExpired', holdId: hold.id, expiresAt: hold.expiresAt, now });
  }
  const account = existingMoneyAccount(state, hold.account);
  const event: HoldExpired = {
    type: 'HoldExpired',
    data: {
      account: hold.account,
      amount: formatAmount(hold.amount, account.decimalPoint),
      asset: hold.asset,
      expiredAt: now,
      holdId: hold.id,
    },
  };
  return accepted([event]);
}

/** Evolves HoldExpired. */
export function evolveHoldExpired(state: LedgerState, event: HoldExpired): void {
  const hold = existingOpenHold(state, event.data);
  assert(hold.expiresAt !== null, 'only a hold with an expiry expires');
  assert(hold.expiresAt <= event.data.expiredAt, 'a hold expires at or after its expiresAt');
  const account = closeHold(state, hold, hold.amount, 'expired');
  assertWholeAmount(hold, event.data.amount, account.decimalPoint);
  assertAccountsSound(state, [account]);
}
