import { assert } from '@ledger/decider';
import type { SetDailyLimit } from './ledger-commands.ts';
import { accepted, type LedgerDecision, rejected } from './ledger-decision.ts';
import type { DailyLimitSet } from './ledger-events.ts';
import { existingLimitAccount, type LedgerState } from './ledger-state.ts';
import { eventAmount } from './leg-application.ts';
import { formatAmount, tryParseAmount } from './money.ts';

/**
 * Decides SetDailyLimit: the allowance every day of a limit account gets from now on. Policy
 * changes (security level, restriction policy) reach the ledger as this command, so no decision
 * ever reads a projection. Lowering a limit below what a day already used refuses further draws
 * that day and takes nothing back. Zero is a valid limit: no withdrawal at all.
 */
export function setDailyLimit(command: SetDailyLimit, state: LedgerState): LedgerDecision {
  const { account: accountId, amount: amountText } = command.data;
  const account = state.accounts.get(accountId);
  if (account === undefined) {
    return rejected({ type: 'AccountNotFound', account: accountId });
  }
  if (account.kind !== 'limit') {
    const kind = account.kind;
    return rejected({
      type: 'AccountKindNotAllowed',
      account: accountId,
      kind,
      kindsAllowed: ['limit'],
    });
  }
  const amount = tryParseAmount(amountText, account.decimalPoint, 'nonNegative');
  if (amount === undefined) {
    const { asset, decimalPoint } = account;
    return rejected({ type: 'InvalidAmount', asset, amount: String(amountText), decimalPoint });
  }
  const event: DailyLimitSet = {
    type: 'DailyLimitSet',
    data: {
      account: accountId,
      amount: amountText,
      amountPrevious: formatAmount(account.amountPerDay, account.decimalPoint),
      setAt: command.metadata.now,
    },
  };
  return accepted([event]);
}

/** Evolves DailyLimitSet. */
export function evolveDailyLimitSet(state: LedgerState, event: DailyLimitSet): void {
  const account = existingLimitAccount(state, event.data.account);
  const amountPrevious = eventAmount(event.data.amountPrevious, account.decimalPoint);
  assert(amountPrevious === account.amountPerDay, 'a limit change starts from the current limit');
  account.amountPerDay = eventAmount(event.data.amount, account.decimalPoint);
}
