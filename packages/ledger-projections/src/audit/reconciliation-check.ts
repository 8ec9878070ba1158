import {
  type LedgerState,
  type MoneyAccountState,
  type SystemRole,
  systemRolesNegativeAllowed,
  systemRolesOwedToOthers,
} from '@ledger/ledger';
import { formatMinorUnits, minorUnitsOf } from '../minor-units.ts';

/**
 * The continuous reconciliation's check (reliability test T25; docs/adr/0020), pure: given the
 * event-derived ledger (the replay), the projected account rows and per-asset totals read at the
 * SAME log position, and per-asset holdings, it names every discrepancy:
 * - `NegativeBalance`: a member account, or a system account other than chain clearing and
 *   adjustment equity, whose balance or available balance is below zero, checked explicitly on
 *   both sides (Poloniex: "deposits − withdrawals = balance" let −8 BTC look in balance);
 * - `ProjectionMismatch`: a projected row that differs from the replay (or exists on one side only);
 * - `LiabilitiesExceedHoldings`: per asset, what members are owed is more than the holdings;
 * - `ZeroSumBroken`: per asset, the balances of every money account do not sum to zero.
 * Amounts are bigint minor units inside and decimal strings (the asset's digits) in findings.
 */

export type ReplayedAccount = {
  account: string;
  kind: 'member' | 'system';
  systemRole: SystemRole | null;
  asset: string;
  decimalPoint: number;
  status: string;
  balance: bigint;
  held: bigint;
};

/** A row of `ledger_accounts` as read (numeric columns as text). */
export type ProjectedAccount = {
  account: string;
  kind: string;
  system_role: string | null;
  asset: string;
  decimal_point: number;
  status: string;
  balance: string;
  held: string;
};

/** A row of `ledger_asset_totals` as read. */
export type ProjectedAssetTotals = {
  asset: string;
  decimal_point: number;
  balance_total: string;
  member_balance_total: string;
  member_held_total: string;
  system_balance_total: string;
};

export type AssetHoldings = {
  asset: string;
  decimalPoint: number;
  /** Minor units the exchange holds for the asset (on chain plus custodial). */
  holdings: bigint;
};

export type Side = 'replayed' | 'projected';

export type ReconciliationFinding =
  | {
      kind: 'NegativeBalance';
      source: Side;
      account: string;
      asset: string;
      balance: string;
      available: string;
    }
  | {
      kind: 'ProjectionMismatch';
      /** An account id, or `totals:<asset>` for the per-asset totals row. */
      account: string;
      field: string;
      projected: string;
      replayed: string;
    }
  | {
      kind: 'LiabilitiesExceedHoldings';
      asset: string;
      liabilities: string;
      holdings: string;
    }
  | { kind: 'ZeroSumBroken'; source: Side; asset: string; sum: string }
  /** The replay itself could not fold the log (an invariant broke at an event, or a gap). */
  | { kind: 'ReplayBroken'; revision: string | null; eventId: string | null; error: string }
  /**
   * The balances projection stopped on an event it could not apply: its checkpoint, and so the
   * comparison, stays before that event until an operator resolves it.
   */
  | {
      kind: 'ProjectionStopped';
      projection: string;
      eventId: string | null;
      eventType: string | null;
      error: string;
    };

export type FindingKind = ReconciliationFinding['kind'];

export const findingKinds: readonly FindingKind[] = [
  'NegativeBalance',
  'ProjectionMismatch',
  'LiabilitiesExceedHoldings',
  'ZeroSumBroken',
  'ReplayBroken',
  'ProjectionStopped',
];

/**
 * Every money account of a replayed state (limit accounts hold no money), or those whose id
 * `within` accepts, sorted by id.
 */
export function replayedAccountsOf(
  state: LedgerState,
  within: (account: string) => boolean = () => true,
): ReplayedAccount[] {
  const accounts: ReplayedAccount[] = [];
  for (const account of state.accounts.values()) {
    if (account.kind !== 'limit' && within(account.id)) accounts.push(replayedAccountOf(account));
  }
  return accounts.sort((left, right) => compareKeys(left.account, right.account));
}

export function replayedAccountOf(account: MoneyAccountState): ReplayedAccount {
  return {
    account: account.id,
    kind: account.kind,
    systemRole: account.systemRole,
    asset: account.asset,
    decimalPoint: account.decimalPoint,
    status: account.status,
    balance: account.balance,
    held: account.held,
  };
}

/** Byte order, as the projection's `COLLATE "C"` keys sort. */
export function compareKeys(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * Only chain clearing (the outside world) and adjustment equity may go below zero: the rule comes
 * from the domain's role, never from a row's own `is_negative_allowed` flag (a corrupted flag
 * must not hide a negative).
 */
function mayGoNegative(kind: string, systemRole: string | null): boolean {
  return (
    kind === 'system' &&
    systemRole !== null &&
    systemRolesNegativeAllowed.has(systemRole as SystemRole)
  );
}

/** (1) Explicit negatives: balance or available (balance − held) below zero where forbidden. */
export function checkNegatives(
  accounts: readonly ReplayedAccount[],
  source: Side,
): ReconciliationFinding[] {
  const findings: ReconciliationFinding[] = [];
  for (const account of accounts) {
    if (mayGoNegative(account.kind, account.systemRole)) continue;
    const available = account.balance - account.held;
    if (account.balance < 0n || available < 0n) {
      findings.push({
        kind: 'NegativeBalance',
        source,
        account: account.account,
        asset: account.asset,
        balance: formatMinorUnits(account.balance, account.decimalPoint),
        available: formatMinorUnits(available, account.decimalPoint),
      });
    }
  }
  return findings;
}

/**
 * The projected rows in the replay's terms (bigint minor units at the row's own scale). A row
 * whose amount is not a decimal of its scale is left out here: `compareAccounts` reports it.
 */
export function projectedAsReplayed(rows: readonly ProjectedAccount[]): ReplayedAccount[] {
  const accounts: ReplayedAccount[] = [];
  for (const row of rows) {
    const balance = unitsOrUndefined(row.balance, row.decimal_point);
    const held = unitsOrUndefined(row.held, row.decimal_point);
    if (balance === undefined || held === undefined) continue;
    accounts.push({
      account: row.account,
      kind: row.kind === 'member' ? 'member' : 'system',
      systemRole: (row.system_role ?? null) as SystemRole | null,
      asset: row.asset,
      decimalPoint: row.decimal_point,
      status: row.status,
      balance,
      held,
    });
  }
  return accounts;
}

/**
 * (3) The projected rows against the replay, account by account: both lists cover the same key
 * range at the same log position. Money compares as minor units, so "1.5" and "1.50000000" agree.
 */
export function compareAccounts(
  replayed: readonly ReplayedAccount[],
  projected: readonly ProjectedAccount[],
): ReconciliationFinding[] {
  const findings: ReconciliationFinding[] = [];
  const byId = new Map(replayed.map((account) => [account.account, account]));
  const seen = new Set<string>();
  for (const row of projected) {
    seen.add(row.account);
    const truth = byId.get(row.account);
    if (truth === undefined) {
      findings.push(mismatch(row.account, 'row', 'present', 'missing'));
      continue;
    }
    const scale = truth.decimalPoint;
    const text = (value: bigint) => formatMinorUnits(value, scale);
    const fields: [string, string, string][] = [
      ['kind', row.kind, truth.kind],
      ['system_role', row.system_role ?? '', truth.systemRole ?? ''],
      ['asset', row.asset, truth.asset],
      ['decimal_point', String(row.decimal_point), String(scale)],
      ['status', row.status, truth.status],
    ];
    for (const [field, left, right] of fields) {
      if (left !== right) findings.push(mismatch(row.account, field, left, right));
    }
    for (const [field, value, expected] of [
      ['balance', row.balance, truth.balance],
      ['held', row.held, truth.held],
    ] as const) {
      const units = unitsOrUndefined(value, scale);
      if (units !== expected) {
        findings.push(
          mismatch(row.account, field, units === undefined ? value : text(units), text(expected)),
        );
      }
    }
  }
  for (const account of replayed) {
    if (!seen.has(account.account)) {
      findings.push(mismatch(account.account, 'row', 'missing', 'present'));
    }
  }
  return findings;
}

function unitsOrUndefined(text: string, scale: number): bigint | undefined {
  try {
    return minorUnitsOf(text, scale);
  } catch {
    return undefined;
  }
}

function mismatch(
  account: string,
  field: string,
  projected: string,
  replayed: string,
): ReconciliationFinding {
  return { kind: 'ProjectionMismatch', account, field, projected, replayed };
}

type AssetSums = {
  decimalPoint: number;
  total: bigint;
  members: bigint;
  membersHeld: bigint;
  systems: bigint;
};

/** Per asset: every money account's sum, the members' balances and holds, the systems'. */
export function sumsByAsset(accounts: readonly ReplayedAccount[]): Map<string, AssetSums> {
  const sums = new Map<string, AssetSums>();
  for (const account of accounts) {
    const sum = sums.get(account.asset) ?? {
      decimalPoint: account.decimalPoint,
      total: 0n,
      members: 0n,
      membersHeld: 0n,
      systems: 0n,
    };
    sum.total += account.balance;
    if (account.kind === 'member') {
      sum.members += account.balance;
      sum.membersHeld += account.held;
    } else {
      sum.systems += account.balance;
    }
    sums.set(account.asset, sum);
  }
  return sums;
}

/** Double entry: per asset, the sum of every money account's balance is zero. */
export function checkZeroSum(
  sums: ReadonlyMap<string, { decimalPoint: number; total: bigint }>,
  source: Side,
): ReconciliationFinding[] {
  const findings: ReconciliationFinding[] = [];
  for (const [asset, sum] of [...sums].sort(([left], [right]) => compareKeys(left, right))) {
    if (sum.total !== 0n) {
      findings.push({
        kind: 'ZeroSumBroken',
        source,
        asset,
        sum: formatMinorUnits(sum.total, sum.decimalPoint),
      });
    }
  }
  return findings;
}

/**
 * The projected per-asset totals row against the replay's sums at the same position, and its
 * own zero-sum (what the books screen shows).
 */
export function compareTotals(
  replayedSums: ReadonlyMap<string, AssetSums>,
  projected: readonly ProjectedAssetTotals[],
): ReconciliationFinding[] {
  const findings: ReconciliationFinding[] = [];
  const seen = new Set<string>();
  for (const row of projected) {
    seen.add(row.asset);
    const key = `totals:${row.asset}`;
    const truth = replayedSums.get(row.asset);
    const scale = truth?.decimalPoint ?? row.decimal_point;
    const units = (text: string) => unitsOrUndefined(text, scale);
    const projectedTotal = units(row.balance_total);
    if (projectedTotal !== 0n) {
      findings.push({
        kind: 'ZeroSumBroken',
        source: 'projected',
        asset: row.asset,
        sum:
          projectedTotal === undefined
            ? row.balance_total
            : formatMinorUnits(projectedTotal, scale),
      });
    }
    const expected = truth ?? { total: 0n, members: 0n, membersHeld: 0n, systems: 0n };
    for (const [field, value, replayed] of [
      ['balance_total', row.balance_total, expected.total],
      ['member_balance_total', row.member_balance_total, expected.members],
      ['member_held_total', row.member_held_total, expected.membersHeld],
      ['system_balance_total', row.system_balance_total, expected.systems],
    ] as const) {
      const projectedUnits = units(value);
      if (projectedUnits !== replayed) {
        findings.push(
          mismatch(
            key,
            field,
            projectedUnits === undefined ? value : formatMinorUnits(projectedUnits, scale),
            formatMinorUnits(replayed, scale),
          ),
        );
      }
    }
  }
  // An asset with accounts but no totals row (its first account opens the row).
  for (const asset of replayedSums.keys()) {
    if (!seen.has(asset)) findings.push(mismatch(`totals:${asset}`, 'row', 'missing', 'present'));
  }
  return findings;
}

/**
 * (2) Per asset, what the exchange owes must not exceed the holdings: what members are owed
 * (their balances, held included) and what the settlement and payables accounts owe to
 * brokerages, affiliates and merchants. An asset with money owed and no holdings entry is checked
 * against zero.
 */
export function checkLiabilities(
  replayed: readonly ReplayedAccount[],
  holdings: readonly AssetHoldings[],
): ReconciliationFinding[] {
  const findings: ReconciliationFinding[] = [];
  const held = new Map(holdings.map((entry) => [entry.asset, entry]));
  const sums = sumsByAsset(replayed);
  const owed = new Map<string, bigint>();
  for (const account of replayed) {
    const role = account.systemRole;
    if (account.kind === 'system' && role !== null && systemRolesOwedToOthers.has(role)) {
      owed.set(account.asset, (owed.get(account.asset) ?? 0n) + account.balance);
    }
  }
  const assets = new Set([...sums.keys(), ...held.keys()]);
  for (const asset of [...assets].sort(compareKeys)) {
    const liabilities = (sums.get(asset)?.members ?? 0n) + (owed.get(asset) ?? 0n);
    const holding = held.get(asset);
    const scale = holding?.decimalPoint ?? sums.get(asset)?.decimalPoint ?? 0;
    const available = holding?.holdings ?? 0n;
    if (liabilities > available) {
      findings.push({
        kind: 'LiabilitiesExceedHoldings',
        asset,
        liabilities: formatMinorUnits(liabilities, scale),
        holdings: formatMinorUnits(available, scale),
      });
    }
  }
  return findings;
}

/**
 * The holdings the ledger itself records: per asset, minus chain clearing's balance, i.e. what
 * came in from the chain less what went out to it (deposits credit a member by debiting chain
 * clearing, withdrawals the reverse). Not an independent observation of a wallet (docs/adr/0020).
 */
export function holdingsFromChainClearing(replayed: readonly ReplayedAccount[]): AssetHoldings[] {
  const holdings = new Map<string, AssetHoldings>();
  for (const account of replayed) {
    if (!holdings.has(account.asset)) {
      holdings.set(account.asset, {
        asset: account.asset,
        decimalPoint: account.decimalPoint,
        holdings: 0n,
      });
    }
    if (account.kind === 'system' && account.systemRole === 'chainClearing') {
      const entry = holdings.get(account.asset);
      if (entry !== undefined) entry.holdings -= account.balance;
    }
  }
  return [...holdings.values()].sort((left, right) => compareKeys(left.asset, right.asset));
}

/**
 * The whole check for one consistent view: the replay and the projection at the same position.
 * The scheduled job runs the same parts chunk by chunk (run-reconciliation.ts).
 */
export function checkReconciliation(input: {
  replayed: readonly ReplayedAccount[];
  projected: readonly ProjectedAccount[];
  projectedTotals: readonly ProjectedAssetTotals[];
  holdings: readonly AssetHoldings[];
}): ReconciliationFinding[] {
  const sums = sumsByAsset(input.replayed);
  return [
    ...checkNegatives(input.replayed, 'replayed'),
    ...checkNegatives(projectedAsReplayed(input.projected), 'projected'),
    ...checkZeroSum(sums, 'replayed'),
    ...compareAccounts(input.replayed, input.projected),
    ...compareTotals(sums, input.projectedTotals),
    ...checkLiabilities(input.replayed, input.holdings),
  ];
}
