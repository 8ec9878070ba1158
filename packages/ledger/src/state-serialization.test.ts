// Proves snapshots are canonical (sorted keys and lists, amounts as exact strings beyond 2^53), round-trip through JSON to an equal state, and that a corrupt snapshot is refused; also covers the balance read helpers.
import { AssertionError } from '@ledger/decider';
import { describe, expect, it } from 'vitest';
import { readAccountBalance, readBalances, readLimitUsage } from './ledger-balances.ts';
import { evolve } from './ledger-decider.ts';
import type { LedgerStreamEvent } from './ledger-events.ts';
import { initialState, type LedgerState } from './ledger-state.ts';
import { deserializeState, serializeState } from './state-serialization.ts';
import {
  aliceBtc,
  aliceBtcLimit,
  aliceEth,
  bobBtc,
  btc,
  btcClearing,
  dailyLimitSet,
  deposited,
  eth,
  ethClearing,
  exampleLedgerOpened,
  holdPlaced,
  holdReleased,
  testDay,
} from './testing/index.ts';

function stateAfter(events: readonly LedgerStreamEvent[]): LedgerState {
  const state = initialState();
  for (const event of events) {
    evolve(state, event);
  }
  return state;
}

const movements: LedgerStreamEvent[] = [
  deposited('d1', aliceBtc, '2.00000000', btc),
  deposited('d2', aliceEth, '123456789012.123456789012345678', eth),
  dailyLimitSet(aliceBtcLimit, '1.00000000', '0.00000000'),
  holdPlaced({
    holdId: 'h2',
    account: aliceBtc,
    asset: btc,
    amount: '0.30000000',
    limit: { account: aliceBtcLimit, day: testDay },
  }),
  holdPlaced({
    holdId: 'h1',
    account: aliceBtc,
    asset: btc,
    amount: '0.20000000',
    expiresAt: '2025-02-01T00:00:00.000Z',
  }),
  holdPlaced({ holdId: 'h0', account: aliceBtc, asset: btc, amount: '0.10000000' }),
  holdReleased({ holdId: 'h0', account: aliceBtc, asset: btc, amount: '0.10000000' }),
];
const history: LedgerStreamEvent[] = [...exampleLedgerOpened, ...movements];

function assertKeysSorted(value: unknown, path: string): void {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      assertKeysSorted(item, `${path}[${index}]`);
    }
    return;
  }
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value);
    expect(keys, path).toEqual([...keys].sort());
    for (const key of keys) {
      assertKeysSorted((value as Record<string, unknown>)[key], `${path}.${key}`);
    }
  }
}

describe('serializeState and deserializeState', () => {
  it('writes canonical JSON: sorted keys, lists sorted by id, amounts as strings', () => {
    const serialized = serializeState(stateAfter(history));
    assertKeysSorted(serialized, 'state');
    const ids = serialized.accounts.map((account) => account.account);
    expect(ids).toEqual([...ids].sort());
    expect(serialized.holdsOpen.map((hold) => hold.holdId)).toEqual(['h1', 'h2']);
    expect(serialized.holdsResolved).toEqual([{ holdId: 'h0', resolution: 'released' }]);
    expect(serialized.accounts.find((account) => account.account === ethClearing)).toMatchObject({
      balance: '-123456789012.123456789012345678',
    });
  });

  it('round-trips through JSON text to the same state', () => {
    const state = stateAfter(history);
    const text = JSON.stringify(serializeState(state));
    const restored = deserializeState(JSON.parse(text));
    expect(JSON.stringify(serializeState(restored))).toBe(text);
    expect(restored).toStrictEqual(state);
  });

  it('gives the same text for the same state reached in another insertion order', () => {
    const [deposit1, deposit2, limitSet, hold2, hold1, hold0, released] = movements;
    const reordered = [
      ...[...exampleLedgerOpened].reverse(),
      deposit2,
      deposit1,
      limitSet,
      hold0,
      hold1,
      hold2,
      released,
    ].filter((event) => event !== undefined);
    const left = JSON.stringify(serializeState(stateAfter(history)));
    const right = JSON.stringify(serializeState(stateAfter(reordered)));
    expect(right).toBe(left);
  });

  it('refuses a snapshot whose balances do not sum to zero', () => {
    const serialized = serializeState(stateAfter(history));
    const tampered = {
      ...serialized,
      accounts: serialized.accounts.map((account) =>
        account.account === bobBtc ? { ...account, balance: '0.00000001' } : account,
      ),
    };
    expect(() => deserializeState(tampered)).toThrow(AssertionError);
  });

  it.each([
    [
      'an unknown format version',
      (value: Record<string, unknown>) => ({ ...value, formatVersion: 2 }),
    ],
    ['a missing list', (value: Record<string, unknown>) => ({ ...value, holdsOpen: undefined })],
    [
      'a number where an amount belongs',
      (value: Record<string, unknown>) => ({
        ...value,
        accounts: [
          {
            account: 'a',
            asset: 'BTC',
            balance: 0,
            held: '0.00000000',
            kind: 'member',
            memberId: 'm',
            status: 'normal',
          },
        ],
      }),
    ],
    ['not an object', () => 'ledger'],
  ])('refuses %s', (_case, corrupt) => {
    const serialized = serializeState(stateAfter(history)) as unknown as Record<string, unknown>;
    expect(() => deserializeState(corrupt(serialized))).toThrow(AssertionError);
  });
});

describe('balance read helpers', () => {
  const state = stateAfter(history);

  it('reads balance, held and available of a money account', () => {
    expect(readAccountBalance(state, aliceBtc)).toEqual({
      account: aliceBtc,
      asset: btc,
      balance: '2.00000000',
      held: '0.50000000',
      available: '1.50000000',
    });
    expect(readAccountBalance(state, btcClearing)?.balance).toBe('-2.00000000');
    expect(readAccountBalance(state, aliceBtcLimit)).toBeUndefined();
    expect(readAccountBalance(state, 'nobody')).toBeUndefined();
  });

  it('lists every money account, sorted, and no limit account', () => {
    const balances = readBalances(state);
    expect(balances.map((balance) => balance.account)).toEqual(
      balances.map((balance) => balance.account).sort(),
    );
    expect(balances.some((balance) => balance.account === aliceBtcLimit)).toBe(false);
  });

  it('reads the allowance of a limit account on a day', () => {
    expect(readLimitUsage(state, aliceBtcLimit, testDay)).toEqual({
      account: aliceBtcLimit,
      day: testDay,
      limit: '1.00000000',
      used: '0.30000000',
      available: '0.70000000',
    });
    expect(readLimitUsage(state, aliceBtcLimit, '2025-01-16')?.used).toBe('0.00000000');
    expect(readLimitUsage(state, aliceBtc, testDay)).toBeUndefined();
  });
});
