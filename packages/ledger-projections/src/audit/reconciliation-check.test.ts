// Proves the continuous reconciliation's pure check (T25) names every kind of discrepancy — an
// explicit negative (on either side, even when the books still sum to zero), a projected row that
// differs from the replay, liabilities above holdings (members' money and what settlement and
// payables owe), a broken zero-sum — and finds none in a
// healthy ledger, with money compared exactly as bigint minor units.
import { describe, expect, test } from 'vitest';
import {
  type AssetHoldings,
  checkReconciliation,
  holdingsFromChainClearing,
  type ProjectedAccount,
  type ProjectedAssetTotals,
  type ReplayedAccount,
} from './reconciliation-check.ts';

const scale = 8;

function account(
  id: string,
  balance: bigint,
  extra: Partial<ReplayedAccount> = {},
): ReplayedAccount {
  const system = id.startsWith('system:');
  return {
    account: id,
    kind: system ? 'system' : 'member',
    systemRole: system ? (id.split(':')[1] as ReplayedAccount['systemRole']) : null,
    asset: 'BTC',
    decimalPoint: scale,
    status: 'normal',
    balance,
    held: 0n,
    ...extra,
  };
}

const text = (units: bigint) => {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
};

function projectedOf(accounts: readonly ReplayedAccount[]): ProjectedAccount[] {
  return accounts.map((row) => ({
    account: row.account,
    kind: row.kind,
    system_role: row.systemRole,
    asset: row.asset,
    decimal_point: row.decimalPoint,
    status: row.status,
    balance: text(row.balance),
    held: text(row.held),
  }));
}

function totalsOf(accounts: readonly ReplayedAccount[]): ProjectedAssetTotals[] {
  const sum = (rows: readonly ReplayedAccount[], field: 'balance' | 'held') =>
    rows.reduce((total, row) => total + row[field], 0n);
  const members = accounts.filter((row) => row.kind === 'member');
  const systems = accounts.filter((row) => row.kind === 'system');
  return [
    {
      asset: 'BTC',
      decimal_point: scale,
      balance_total: text(sum(accounts, 'balance')),
      member_balance_total: text(sum(members, 'balance')),
      member_held_total: text(sum(members, 'held')),
      system_balance_total: text(sum(systems, 'balance')),
    },
  ];
}

// 3 BTC came in from the chain: 2 to alice (0.5 of it held), 1 to bob; bob paid a 0.1 fee.
const healthy: ReplayedAccount[] = [
  account('system:chainClearing:BTC', -300_000_000n),
  account('system:feeRevenue:BTC', 10_000_000n),
  account('wallet:1', 200_000_000n, { held: 50_000_000n }),
  account('wallet:2', 90_000_000n),
];

function check(
  replayed: readonly ReplayedAccount[],
  options: {
    projected?: ProjectedAccount[];
    totals?: ProjectedAssetTotals[];
    holdings?: AssetHoldings[];
  } = {},
) {
  return checkReconciliation({
    replayed,
    projected: options.projected ?? projectedOf(replayed),
    projectedTotals: options.totals ?? totalsOf(replayed),
    holdings: options.holdings ?? holdingsFromChainClearing(replayed),
  });
}

describe('a healthy ledger', () => {
  test('has no finding', () => {
    expect(check(healthy)).toEqual([]);
  });

  test('holdings from chain clearing are what came in minus what went out', () => {
    expect(holdingsFromChainClearing(healthy)).toEqual([
      { asset: 'BTC', decimalPoint: scale, holdings: 300_000_000n },
    ]);
  });

  test('chain clearing and adjustment equity may be negative; amounts compare as minor units', () => {
    const projected = projectedOf(healthy).map((row) =>
      row.account === 'wallet:2' ? { ...row, balance: '0.9' } : row,
    );
    expect(check(healthy, { projected })).toEqual([]);
  });
});

describe('NegativeBalance', () => {
  // Poloniex: −8 BTC "in balance". The books still sum to zero, the liabilities still fit.
  const poloniex = [
    account('system:chainClearing:BTC', -300_000_000n),
    account('system:feeRevenue:BTC', 10_000_000n),
    account('wallet:1', 1_090_000_000n),
    account('wallet:2', -800_000_000n),
  ];

  test('a member account below zero is named although the zero-sum holds', () => {
    expect(check(poloniex)).toEqual([
      {
        kind: 'NegativeBalance',
        source: 'replayed',
        account: 'wallet:2',
        asset: 'BTC',
        balance: '-8.00000000',
        available: '-8.00000000',
      },
      {
        kind: 'NegativeBalance',
        source: 'projected',
        account: 'wallet:2',
        asset: 'BTC',
        balance: '-8.00000000',
        available: '-8.00000000',
      },
      // Members are owed 10.9 minus 8: liabilities 2.9 fit 3 BTC of holdings, nothing else fires.
    ]);
  });

  test('held above balance (available below zero) is a negative', () => {
    const overheld = healthy.map((row) =>
      row.account === 'wallet:2' ? { ...row, held: 100_000_000n } : row,
    );
    expect(check(overheld)).toContainEqual({
      kind: 'NegativeBalance',
      source: 'replayed',
      account: 'wallet:2',
      asset: 'BTC',
      balance: '0.90000000',
      available: '-0.10000000',
    });
  });

  test('a system account other than chain clearing and adjustment equity may not go negative', () => {
    const ledger = [
      account('system:chainClearing:BTC', -300_000_000n),
      account('system:feeRevenue:BTC', -10_000_000n),
      account('wallet:1', 310_000_000n),
    ];
    const findings = check(ledger);
    expect(findings.filter((finding) => finding.kind === 'NegativeBalance')).toHaveLength(2);
    expect(findings[0]).toMatchObject({ account: 'system:feeRevenue:BTC', balance: '-0.10000000' });
  });

  test('only the projection shows it: the projected side is checked explicitly too', () => {
    const projected = projectedOf(healthy).map((row) =>
      row.account === 'wallet:2' ? { ...row, balance: '-0.50000000' } : row,
    );
    const findings = check(healthy, { projected });
    expect(findings).toContainEqual({
      kind: 'NegativeBalance',
      source: 'projected',
      account: 'wallet:2',
      asset: 'BTC',
      balance: '-0.50000000',
      available: '-0.50000000',
    });
  });
});

describe('ProjectionMismatch', () => {
  test('a projected balance that differs from the replay names the account and both values', () => {
    const projected = projectedOf(healthy).map((row) =>
      row.account === 'wallet:1' ? { ...row, balance: '1000.00000000' } : row,
    );
    expect(check(healthy, { projected })).toEqual([
      {
        kind: 'ProjectionMismatch',
        account: 'wallet:1',
        field: 'balance',
        projected: '1000.00000000',
        replayed: '2.00000000',
      },
    ]);
  });

  test('held and status are compared too', () => {
    const projected = projectedOf(healthy).map((row) =>
      row.account === 'wallet:1' ? { ...row, held: '0.00000000', status: 'fraud' } : row,
    );
    expect(check(healthy, { projected }).map((finding) => finding)).toEqual([
      {
        kind: 'ProjectionMismatch',
        account: 'wallet:1',
        field: 'status',
        projected: 'fraud',
        replayed: 'normal',
      },
      {
        kind: 'ProjectionMismatch',
        account: 'wallet:1',
        field: 'held',
        projected: '0.00000000',
        replayed: '0.50000000',
      },
    ]);
  });

  test('a row on one side only', () => {
    const projected = projectedOf(healthy).filter((row) => row.account !== 'wallet:2');
    projected.push({ ...projectedOf(healthy)[2], account: 'wallet:9' } as ProjectedAccount);
    expect(check(healthy, { projected })).toEqual([
      {
        kind: 'ProjectionMismatch',
        account: 'wallet:9',
        field: 'row',
        projected: 'present',
        replayed: 'missing',
      },
      {
        kind: 'ProjectionMismatch',
        account: 'wallet:2',
        field: 'row',
        projected: 'missing',
        replayed: 'present',
      },
    ]);
  });

  test('an amount that is not a decimal of its scale is a mismatch, not a crash', () => {
    const projected = projectedOf(healthy).map((row) =>
      row.account === 'wallet:2' ? { ...row, balance: '0.900000001' } : row,
    );
    expect(check(healthy, { projected })).toEqual([
      {
        kind: 'ProjectionMismatch',
        account: 'wallet:2',
        field: 'balance',
        projected: '0.900000001',
        replayed: '0.90000000',
      },
    ]);
  });

  test('the per-asset totals row is compared with the replay', () => {
    const totals = totalsOf(healthy).map((row) => ({
      ...row,
      member_balance_total: '3.00000000',
    }));
    expect(check(healthy, { totals })).toEqual([
      {
        kind: 'ProjectionMismatch',
        account: 'totals:BTC',
        field: 'member_balance_total',
        projected: '3.00000000',
        replayed: '2.90000000',
      },
    ]);
  });

  test('exact beyond 2^53 minor units', () => {
    const huge = 2n ** 60n + 1n;
    const ledger = [account('system:chainClearing:BTC', -huge), account('wallet:1', huge)];
    const projected = projectedOf(ledger).map((row) =>
      row.account === 'wallet:1' ? { ...row, balance: text(huge - 1n) } : row,
    );
    expect(check(ledger, { projected })).toEqual([
      {
        kind: 'ProjectionMismatch',
        account: 'wallet:1',
        field: 'balance',
        projected: text(huge - 1n),
        replayed: text(huge),
      },
    ]);
  });
});

describe('LiabilitiesExceedHoldings', () => {
  test('members credited from adjustment equity beyond what came in from the chain (Revolut)', () => {
    const ledger = [
      ...healthy,
      account('system:adjustmentEquity:BTC', -100_000_000n),
      account('wallet:3', 100_000_000n),
    ];
    expect(check(ledger)).toEqual([
      {
        kind: 'LiabilitiesExceedHoldings',
        asset: 'BTC',
        liabilities: '3.90000000',
        holdings: '3.00000000',
      },
    ]);
  });

  test('liabilities equal to holdings pass; holdings from another source are used as given', () => {
    const ledger = [account('system:chainClearing:BTC', -100n), account('wallet:1', 100n)];
    expect(check(ledger)).toEqual([]);
    expect(
      check(ledger, { holdings: [{ asset: 'BTC', decimalPoint: scale, holdings: 99n }] }),
    ).toEqual([
      {
        kind: 'LiabilitiesExceedHoldings',
        asset: 'BTC',
        liabilities: '0.00000100',
        holdings: '0.00000099',
      },
    ]);
  });

  test('what settlement and payables owe to brokerages and merchants counts as a liability', () => {
    // 3 BTC came in; members hold 2.9; the payables account owes 0.5 that adjustment equity
    // funded: members alone are covered, everything owed is not.
    const ledger = [
      ...healthy,
      account('system:adjustmentEquity:BTC', -50_000_000n),
      account('system:payables:BTC', 50_000_000n),
    ];
    expect(check(ledger)).toEqual([
      {
        kind: 'LiabilitiesExceedHoldings',
        asset: 'BTC',
        liabilities: '3.40000000',
        holdings: '3.00000000',
      },
    ]);
    // Owed to them out of fee revenue the exchange earned: covered.
    const paidFromFees = [
      ...healthy.map((row) =>
        row.account === 'system:feeRevenue:BTC' ? { ...row, balance: 0n } : row,
      ),
      account('system:settlement:BTC', 10_000_000n),
    ];
    expect(check(paidFromFees)).toEqual([]);
  });

  test('an asset with member money and no holdings at all', () => {
    expect(check(healthy, { holdings: [] })).toEqual([
      {
        kind: 'LiabilitiesExceedHoldings',
        asset: 'BTC',
        liabilities: '2.90000000',
        holdings: '0.00000000',
      },
    ]);
  });
});

describe('ZeroSumBroken', () => {
  test('balances that do not sum to zero, on the replay and on the projected totals', () => {
    const ledger = healthy.map((row) =>
      row.account === 'system:feeRevenue:BTC' ? { ...row, balance: 20_000_000n } : row,
    );
    const findings = check(ledger);
    expect(findings).toContainEqual({
      kind: 'ZeroSumBroken',
      source: 'replayed',
      asset: 'BTC',
      sum: '0.10000000',
    });
    expect(findings).toContainEqual({
      kind: 'ZeroSumBroken',
      source: 'projected',
      asset: 'BTC',
      sum: '0.10000000',
    });
  });

  test('only the projected totals are off', () => {
    const totals = totalsOf(healthy).map((row) => ({ ...row, balance_total: '-0.00000001' }));
    expect(check(healthy, { totals })).toEqual([
      { kind: 'ZeroSumBroken', source: 'projected', asset: 'BTC', sum: '-0.00000001' },
      {
        kind: 'ProjectionMismatch',
        account: 'totals:BTC',
        field: 'balance_total',
        projected: '-0.00000001',
        replayed: '0.00000000',
      },
    ]);
  });
});
