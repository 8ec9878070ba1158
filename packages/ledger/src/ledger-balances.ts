import {
  balanceAvailable,
  type LedgerState,
  limitUsed,
  type MoneyAccountState,
} from './ledger-state.ts';
import type { AccountId, AmountText, AssetCode, Day } from './ledger-types.ts';
import { formatAmount } from './money.ts';

/** An account's money as decimal strings: what it owns, what is held, what is available. */
export type AccountBalance = {
  account: AccountId;
  asset: AssetCode;
  balance: AmountText;
  held: AmountText;
  available: AmountText;
};

/** A limit account's allowance on one day. */
export type LimitUsage = {
  account: AccountId;
  day: Day;
  limit: AmountText;
  used: AmountText;
  available: AmountText;
};

function accountBalanceOf(account: MoneyAccountState): AccountBalance {
  const { decimalPoint } = account;
  return {
    account: account.id,
    asset: account.asset,
    balance: formatAmount(account.balance, decimalPoint),
    held: formatAmount(account.held, decimalPoint),
    available: formatAmount(balanceAvailable(account), decimalPoint),
  };
}

/** The balance of one money account, or undefined when there is no such money account. */
export function readAccountBalance(
  state: LedgerState,
  accountId: AccountId,
): AccountBalance | undefined {
  const account = state.accounts.get(accountId);
  return account === undefined || account.kind === 'limit' ? undefined : accountBalanceOf(account);
}

/** Every money account's balance, sorted by account id, for tests and auditors. */
export function readBalances(state: LedgerState): AccountBalance[] {
  const balances: AccountBalance[] = [];
  for (const account of state.accounts.values()) {
    if (account.kind !== 'limit') {
      balances.push(accountBalanceOf(account));
    }
  }
  return balances.sort((left, right) =>
    left.account < right.account ? -1 : left.account > right.account ? 1 : 0,
  );
}

/** The allowance of a limit account on `day`, or undefined when there is no such limit account. */
export function readLimitUsage(
  state: LedgerState,
  accountId: AccountId,
  day: Day,
): LimitUsage | undefined {
  const account = state.accounts.get(accountId);
  if (account === undefined || account.kind !== 'limit') {
    return undefined;
  }
  const used = limitUsed(account, day);
  const remaining = account.amountPerDay > used ? account.amountPerDay - used : 0n;
  return {
    account: accountId,
    day,
    limit: formatAmount(account.amountPerDay, account.decimalPoint),
    used: formatAmount(used, account.decimalPoint),
    available: formatAmount(remaining, account.decimalPoint),
  };
}
