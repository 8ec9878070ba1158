// Proves the wallet holdings of the continuous reconciliation (T25 (2)): the wallet's balance is what it received less every send, and a withdrawal's send is added back while its amount hold is open at the replay's position, or placed after it as the withdrawal's own stream records, never once the hold is resolved (captured, released or expired), nor for a send that is no withdrawal's transfer or that no withdrawal records.
import { type HoldId, type HoldState, initialState, type LedgerState } from '@ledger/ledger';
import { describe, expect, test } from 'vitest';
import { holdingsFromWallet, transfersToConfirm } from './wallet-holdings.ts';

function stateWith(open: string[], resolved: [string, 'captured' | 'released' | 'expired'][]) {
  const state: LedgerState = initialState();
  for (const id of open) {
    state.holdsOpen.set(id as HoldId, { id } as unknown as HoldState);
  }
  for (const [id, resolution] of resolved) state.holdsResolved.set(id as HoldId, resolution);
  return state;
}

const reading = (sends: [string, string][], recorded: string[] = []) => ({
  asset: 'BTC',
  decimalPoint: 8,
  received: '10.00000000',
  sends: sends.map(([transferId, amount]) => ({ transferId, amount })),
  recordedTransfers: new Set(recorded),
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

  test('a withdrawal whose hold is open at p, or placed after p as its stream records, is in transit', () => {
    const state = stateWith(['withdrawal:w1:amount'], []);
    const sends: [string, string][] = [
      ['withdrawal:w1:transfer:1', '1.5'],
      ['withdrawal:w2:transfer:1', '0.25000000'],
    ];
    // Only w2's hold is unknown at p: its stream is the one to read.
    expect(transfersToConfirm(state, reading(sends).sends)).toEqual([
      { withdrawalId: 'w2', transferId: 'withdrawal:w2:transfer:1' },
    ]);
    const result = holdingsFromWallet(state, reading(sends, ['withdrawal:w2:transfer:1']));
    expect(result).toMatchObject({ wallet: 825_000_000n, inTransit: 175_000_000n });
    expect(result.holdings).toBe(1_000_000_000n);
  });

  test('a send under a withdrawal id that no withdrawal records is paid, not in transit', () => {
    // No hold at p and nothing on the withdrawal's stream: a send with nothing behind it (the
    // ninth pass counted it in transit for ever, hiding the shortfall).
    const result = holdingsFromWallet(
      initialState(),
      reading([['withdrawal:forged:transfer:1', '2']], ['withdrawal:other:transfer:1']),
    );
    expect(result).toMatchObject({ holdings: 800_000_000n, inTransit: 0n });
  });

  test.each(['captured', 'released', 'expired'] as const)(
    'a withdrawal whose hold is %s at p is settled: its send stays subtracted',
    (resolution) => {
      const state = stateWith([], [['withdrawal:w1:amount', resolution]]);
      const sends: [string, string][] = [['withdrawal:w1:transfer:1', '4']];
      expect(transfersToConfirm(state, reading(sends).sends)).toEqual([]);
      // Even a stream that records it does not bring a settled send back.
      expect(holdingsFromWallet(state, reading(sends, ['withdrawal:w1:transfer:1']))).toMatchObject(
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
