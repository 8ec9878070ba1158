import type { PostTransfer } from '../ledger-commands.ts';
import type { LedgerState } from '../ledger-state.ts';
import { parseAmount } from '../money.ts';

/**
 * The balance of every money account of a state (limit accounts hold no money), after checking
 * that each asset's accounts sum to zero: the crash tests' view of a replayed ledger.
 */
export function moneyBalances(state: LedgerState): Map<string, bigint> {
  const balances = new Map<string, bigint>();
  const totals = new Map<string, bigint>();
  for (const account of state.accounts.values()) {
    if (account.kind === 'limit') continue;
    balances.set(account.id, account.balance);
    totals.set(account.asset, (totals.get(account.asset) ?? 0n) + account.balance);
  }
  for (const [asset, total] of totals) {
    if (total !== 0n) throw new Error(`${asset} accounts sum to ${total}, not zero`);
  }
  return balances;
}

/**
 * The model the crash tests hold a replay to: the opening balances, then every leg of each
 * transfer whose command was accepted, applied once (`answers` may name a command twice: an
 * original answer and its replay). Amounts in minor units of `decimalPoint`.
 */
export function balancesAfterAccepted(
  opening: ReadonlyMap<string, bigint>,
  answers: Iterable<{ kind: string; commandId: string }>,
  commands: ReadonlyMap<string, { type: string; data: unknown }>,
  decimalPoint: number,
): Map<string, bigint> {
  const balances = new Map(opening);
  const applied = new Set<string>();
  for (const answer of answers) {
    if (answer.kind !== 'accepted' || applied.has(answer.commandId)) continue;
    applied.add(answer.commandId);
    const command = commands.get(answer.commandId);
    if (command?.type !== 'PostTransfer') continue;
    for (const leg of (command.data as PostTransfer['data']).legs) {
      const amount = parseAmount(leg.amount, decimalPoint, 'positive');
      balances.set(leg.debit, (balances.get(leg.debit) ?? 0n) - amount);
      balances.set(leg.credit, (balances.get(leg.credit) ?? 0n) + amount);
    }
  }
  return balances;
}
