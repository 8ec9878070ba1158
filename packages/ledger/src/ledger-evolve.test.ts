// Proves evolve folds events in place and stops with an AssertionError on any event that would break the ledger (overdraft, asset mix, bad amount, unknown hold, limit overrun), while a CommandRejected changes nothing.
import { AssertionError } from '@ledger/decider';
import { describe, expect, it } from 'vitest';
import { evolve } from './ledger-decider.ts';
import { commandRejected, type LedgerStreamEvent } from './ledger-events.ts';
import { assertLedgerInvariants } from './ledger-invariants.ts';
import { initialState, type LedgerState } from './ledger-state.ts';
import { serializeState } from './state-serialization.ts';
import {
  aliceBtc,
  aliceBtcLimit,
  aliceKrw,
  bobBtc,
  btc,
  btcClearing,
  dailyLimitSet,
  deposited,
  exampleLedgerOpened,
  holdCaptured,
  holdExpired,
  holdPlaced,
  leg,
  memberAccountOpened,
  testDay,
  transferPosted,
} from './testing/index.ts';

function stateAfter(events: readonly LedgerStreamEvent[]): LedgerState {
  const state = initialState();
  for (const event of events) {
    evolve(state, event);
  }
  return state;
}

const funded = [...exampleLedgerOpened, deposited('d1', aliceBtc, '1.00000000', btc)];

describe('evolve', () => {
  it('changes the state it is given and returns the same object', () => {
    const state = stateAfter(exampleLedgerOpened);
    expect(evolve(state, deposited('d1', aliceBtc, '1.00000000', btc))).toBe(state);
    expect(state.accounts.get(aliceBtc)).toMatchObject({ balance: 100_000_000n, held: 0n });
  });

  it('folds a CommandRejected as a no-op', () => {
    const state = stateAfter(funded);
    const before = JSON.stringify(serializeState(state));
    const rejection = { type: 'HoldNotFound', holdId: 'h9' } as const;
    evolve(state, commandRejected('command-1', 'sha256:abc', rejection));
    expect(JSON.stringify(serializeState(state))).toBe(before);
  });

  it.each([
    [
      'an overdraft of a member account',
      transferPosted('t1', [leg(aliceBtc, bobBtc, '1.00000001', btc)], 'x'),
    ],
    [
      'a leg crediting an account of another asset',
      transferPosted('t1', [leg(aliceBtc, aliceKrw, '0.10000000', btc)], 'x'),
    ],
    ['a malformed amount', transferPosted('t1', [leg(aliceBtc, bobBtc, '0.1', btc)], 'x')],
    ['a zero amount', transferPosted('t1', [leg(aliceBtc, bobBtc, '0.00000000', btc)], 'x')],
    ['an unknown account', transferPosted('t1', [leg(aliceBtc, 'nobody', '0.10000000', btc)], 'x')],
    ['a transfer without legs', transferPosted('t1', [], 'x')],
    [
      'a hold beyond the available balance',
      holdPlaced({ holdId: 'h1', account: aliceBtc, asset: btc, amount: '1.00000001' }),
    ],
    [
      'a hold beyond the daily limit',
      holdPlaced({
        holdId: 'h1',
        account: aliceBtc,
        asset: btc,
        amount: '0.10000000',
        limit: { account: aliceBtcLimit, day: testDay },
      }),
    ],
    [
      'a capture of an unknown hold',
      holdCaptured({
        holdId: 'h1',
        transferId: 'c1',
        account: aliceBtc,
        asset: btc,
        amount: '0.10000000',
        amountReleased: '0.00000000',
        legs: [leg(aliceBtc, btcClearing, '0.10000000', btc)],
        cause: 'x',
      }),
    ],
    ['an account opened twice', memberAccountOpened(aliceBtc, 'alice', btc, 8)],
    ['an asset reopened with another scale', memberAccountOpened('new', 'alice', btc, 18)],
    [
      'a limit change from a wrong previous value',
      dailyLimitSet(aliceBtcLimit, '1.00000000', '5.00000000'),
    ],
  ])('stops on %s', (_case, event) => {
    const state = stateAfter(funded);
    expect(() => evolve(state, event)).toThrow(AssertionError);
  });

  it('stops on a capture that disagrees with its legs', () => {
    const hold = holdPlaced({ holdId: 'h1', account: aliceBtc, asset: btc, amount: '0.50000000' });
    const state = stateAfter([...funded, hold]);
    const legs = [leg(aliceBtc, btcClearing, '0.20000000', btc)];
    const wrong = holdCaptured({
      holdId: 'h1',
      transferId: 'c1',
      account: aliceBtc,
      asset: btc,
      amount: '0.30000000',
      amountReleased: '0.20000000',
      legs,
      cause: 'x',
    });
    expect(() => evolve(state, wrong)).toThrow(AssertionError);
  });

  it('stops on an expiry before the hold expires', () => {
    const hold = holdPlaced({
      holdId: 'h1',
      account: aliceBtc,
      asset: btc,
      amount: '0.50000000',
      expiresAt: '2025-01-15T05:00:00.000Z',
    });
    const state = stateAfter([...funded, hold]);
    const early = holdExpired({
      holdId: 'h1',
      account: aliceBtc,
      asset: btc,
      amount: '0.50000000',
    });
    expect(() => evolve(state, early)).toThrow(AssertionError);
  });
});

describe('assertLedgerInvariants', () => {
  it('accepts a sound ledger', () => {
    expect(() => assertLedgerInvariants(stateAfter(funded))).not.toThrow();
  });

  it('catches a balance that breaks the per-asset zero-sum', () => {
    const state = stateAfter(funded);
    const account = state.accounts.get(bobBtc);
    if (account?.kind !== 'member') throw new Error('bob-btc is a member account');
    account.balance += 1n;
    expect(() => assertLedgerInvariants(state)).toThrow(/sum to zero/);
  });

  it('catches a held amount that no open hold explains', () => {
    const state = stateAfter(funded);
    const account = state.accounts.get(aliceBtc);
    if (account?.kind !== 'member') throw new Error('alice-btc is a member account');
    account.held = 1n;
    expect(() => assertLedgerInvariants(state)).toThrow(/held = its holds/);
  });

  it('catches a forbidden negative balance even when the sum is zero', () => {
    const state = stateAfter(funded);
    const alice = state.accounts.get(aliceBtc);
    const bob = state.accounts.get(bobBtc);
    if (alice?.kind !== 'member' || bob?.kind !== 'member') throw new Error('member accounts');
    alice.balance += 5n;
    bob.balance -= 5n;
    expect(() => assertLedgerInvariants(state)).toThrow(/available is not negative/);
  });
});
