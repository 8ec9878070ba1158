import { assert } from '@ledger/decider';
import {
  existingAsset,
  existingLimitAccount,
  existingMoneyAccount,
  type LedgerState,
  type LimitAccountState,
} from './ledger-state.ts';
import { type AccountId, type AssetCode, systemRolesNegativeAllowed } from './ledger-types.ts';

/**
 * The whole-ledger check, O(accounts + holds): what `evolve` asserts incrementally on the
 * accounts each event touches, recomputed from scratch. The writer runs it after loading a
 * snapshot; tests and the auditor run it after every step.
 */

function heldByOpenHolds(state: LedgerState): {
  heldByAccount: Map<AccountId, bigint>;
  drawnByLimitDay: Map<string, bigint>;
} {
  const heldByAccount = new Map<AccountId, bigint>();
  const drawnByLimitDay = new Map<string, bigint>();
  for (const hold of state.holdsOpen.values()) {
    assert(!state.holdsResolved.has(hold.id), `hold ${hold.id} is both open and resolved`);
    assert(hold.amount > 0n, `hold ${hold.id} reserves a positive amount`);
    const account = existingMoneyAccount(state, hold.account);
    assert(account.asset === hold.asset, `hold ${hold.id} is in its account asset`);
    heldByAccount.set(account.id, (heldByAccount.get(account.id) ?? 0n) + hold.amount);
    if (hold.limitAccount !== null && hold.limitDay !== null) {
      existingLimitAccount(state, hold.limitAccount);
      const key = `${hold.limitAccount}\u0000${hold.limitDay}`;
      drawnByLimitDay.set(key, (drawnByLimitDay.get(key) ?? 0n) + hold.amount);
    }
  }
  return { heldByAccount, drawnByLimitDay };
}

function assertLimitAccount(
  account: LimitAccountState,
  drawnByLimitDay: Map<string, bigint>,
): void {
  assert(account.amountPerDay >= 0n, `limit ${account.id} is not negative`);
  for (const [day, used] of account.usedByDay) {
    assert(used > 0n, `limit ${account.id} keeps only days with usage`);
    const drawnOpen = drawnByLimitDay.get(`${account.id}\u0000${day}`) ?? 0n;
    assert(used >= drawnOpen, `limit ${account.id} on ${day} covers its open holds`);
  }
}

/** Asserts every invariant of the ledger; throws AssertionError naming the first one broken. */
export function assertLedgerInvariants(state: LedgerState): void {
  const { heldByAccount, drawnByLimitDay } = heldByOpenHolds(state);
  const totals = new Map<AssetCode, bigint>();
  for (const account of state.accounts.values()) {
    const assetState = existingAsset(state, account.asset);
    assert(assetState.decimalPoint === account.decimalPoint, `${account.id} uses its asset scale`);
    if (account.kind === 'limit') {
      assertLimitAccount(account, drawnByLimitDay);
      continue;
    }
    const isNegativeAllowed =
      account.systemRole !== null && systemRolesNegativeAllowed.has(account.systemRole);
    assert(
      account.isNegativeAllowed === isNegativeAllowed,
      `${account.id} overdraft follows its role`,
    );
    assert(
      account.held === (heldByAccount.get(account.id) ?? 0n),
      `${account.id} held = its holds`,
    );
    assert(account.held >= 0n, `${account.id} held is not negative`);
    if (!isNegativeAllowed) {
      assert(account.balance >= account.held, `${account.id} available is not negative`);
    }
    totals.set(account.asset, (totals.get(account.asset) ?? 0n) + account.balance);
  }
  for (const assetState of state.assets.values()) {
    const total = totals.get(assetState.asset) ?? 0n;
    assert(total === 0n, `the balances of ${assetState.asset} sum to zero`);
    assert(assetState.balanceTotal === 0n, `the running total of ${assetState.asset} is zero`);
  }
}
