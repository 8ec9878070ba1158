// Proves the wallet holdings of the continuous reconciliation (T25 (2)): the wallet's balance is what it received less every send, and a withdrawal's send is added back while its amount hold is open or not yet placed at the replay's position, never once the hold is resolved (captured, released or expired), nor for a send that is no withdrawal's transfer.
import { type HoldId, type HoldState, initialState, type LedgerState } from '@ledger/ledger';
import { describe, expect, test } from 'vitest';
import { holdingsFromWallet } from './wallet-holdings.ts';

function stateWith(open: string[], resolved: [string, 'captured' | 'released' | 'expired'][]) {
  const state: LedgerState = initialState();
  for (const id of open) {
    state.holdsOpen.set(id as HoldId, { id } as unknown as HoldState);
  }
  for (const [id, resolution] of resolved) state.holdsResolved.set(id as HoldId, resolution);
  return state;
}

const reading = (sends: [string, string][]) => ({
  asset: 'BTC',
  decimalPoint: 8,
  received: '10.00000000',
  sends: sends.map(([transferId, amount]) => ({ transferId, amount })),
});

describe('holdings from the wallet', () => {
  test('no sends: what the wallet received', () => {
    expect(holdingsFromWallet(initialState(), reading([]))).toEqual({
      asset: 'BTC',
      decimalPoint: 8,
      holdings: 1_000_000_000n,
      wallet: 1_000_000_000n,
      inTransit: 0n,
    });
  });

  test('a withdrawal whose hold is open at p, or not placed yet at p, is in transit', () => {
    const state = stateWith(['withdrawal:w1:amount'], []);
    const result = holdingsFromWallet(
      state,
      reading([
        ['withdrawal:w1:transfer:1', '1.5'],
        ['withdrawal:w2:transfer:1', '0.25000000'],
      ]),
    );
    expect(result).toMatchObject({ wallet: 825_000_000n, inTransit: 175_000_000n });
    expect(result.holdings).toBe(1_000_000_000n);
  });

  test.each(['captured', 'released', 'expired'] as const)(
    'a withdrawal whose hold is %s at p is settled: its send stays subtracted',
    (resolution) => {
      const state = stateWith([], [['withdrawal:w1:amount', resolution]]);
      expect(holdingsFromWallet(state, reading([['withdrawal:w1:transfer:1', '4']]))).toMatchObject(
        { holdings: 600_000_000n, inTransit: 0n },
      );
    },
  );

  test('a second transfer of a captured withdrawal is a payment the ledger does not owe', () => {
    const state = stateWith([], [['withdrawal:w1:amount', 'captured']]);
    const result = holdingsFromWallet(
      state,
      reading([
        ['withdrawal:w1:transfer:1', '4'],
        ['withdrawal:w1:transfer:2', '4'],
      ]),
    );
    expect(result).toMatchObject({ holdings: 200_000_000n, inTransit: 0n });
  });

  test('a send that is no withdrawal transfer is never in transit', () => {
    const result = holdingsFromWallet(
      initialState(),
      reading([
        ['sweep:1', '3'],
        ['withdrawal:w9:keyed:abc', '1'],
      ]),
    );
    expect(result).toMatchObject({ holdings: 600_000_000n, inTransit: 0n });
  });

  test('an amount with more digits than the asset has is refused, not rounded', () => {
    expect(() =>
      holdingsFromWallet(initialState(), reading([['withdrawal:w1:transfer:1', '0.000000001']])),
    ).toThrow(RangeError);
  });
});
