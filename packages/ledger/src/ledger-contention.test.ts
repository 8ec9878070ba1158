// Proves, by deciding and evolving commands one after another as the writer does, that 50 holds of a full balance place exactly one (T2) and that racing resolutions of one hold resolve it exactly once (T3).
import { describe, expect, it } from 'vitest';
import { readAccountBalance } from './ledger-balances.ts';
import type { LedgerCommand } from './ledger-commands.ts';
import { decide, evolve } from './ledger-decider.ts';
import { assertLedgerInvariants } from './ledger-invariants.ts';
import type { LedgerRejectionType } from './ledger-rejections.ts';
import { initialState } from './ledger-state.ts';
import {
  aliceBtc,
  bobBtc,
  btc,
  btcClearing,
  command,
  deposited,
  exampleLedgerOpened,
  holdPlaced,
  leg,
} from './testing/index.ts';

function writerLoop(given: Parameters<typeof evolve>[1][], commands: LedgerCommand[]) {
  const state = initialState();
  for (const event of given) {
    evolve(state, event);
  }
  const outcomes: (LedgerRejectionType | 'accepted')[] = [];
  for (const next of commands) {
    const decision = decide(next, state);
    if (decision.kind === 'accepted') {
      for (const event of decision.events) {
        evolve(state, event);
      }
      outcomes.push('accepted');
    } else {
      outcomes.push(decision.rejection.type);
    }
    assertLedgerInvariants(state);
  }
  return { state, outcomes };
}

describe('contention in one writer', () => {
  it('T2: of 50 holds of the full balance, exactly one is placed', () => {
    const holds = Array.from({ length: 50 }, (_, index) =>
      command('PlaceHold', {
        holdId: `h${index}`,
        account: aliceBtc,
        amount: '1.00000000',
        reason: 'withdrawal',
      }),
    );
    const { state, outcomes } = writerLoop(
      [...exampleLedgerOpened, deposited('d1', aliceBtc, '1.00000000', btc)],
      holds,
    );
    expect(outcomes.filter((outcome) => outcome === 'accepted')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'InsufficientFunds')).toHaveLength(49);
    expect(readAccountBalance(state, aliceBtc)).toMatchObject({
      balance: '1.00000000',
      held: '1.00000000',
      available: '0.00000000',
    });
  });

  it('T3: capture, release, expiry and a second capture of one hold resolve it once', () => {
    const expiresAt = '2025-01-15T02:00:00.000Z';
    const escrow = holdPlaced(
      {
        holdId: 'h1',
        account: aliceBtc,
        asset: btc,
        amount: '0.50000000',
        reason: 'c2cEscrow',
        expiresAt,
      },
      '2025-01-15T01:00:00.000Z',
    );
    const captureToBob = command('CaptureHolds', {
      transferId: 'c1',
      cause: 'c2cSettlement',
      captures: [{ holdId: 'h1', legs: [leg(aliceBtc, bobBtc, '0.50000000', btc)] }],
    });
    const racing = [
      command('ReleaseHold', { holdId: 'h1' }),
      captureToBob,
      command('ExpireHold', { holdId: 'h1' }),
      { ...captureToBob, data: { ...captureToBob.data, transferId: 'c2' } },
    ];
    const { state, outcomes } = writerLoop(
      [...exampleLedgerOpened, deposited('d1', aliceBtc, '1.00000000', btc), escrow],
      racing,
    );
    expect(outcomes).toEqual([
      'accepted',
      'HoldAlreadyResolved',
      'HoldAlreadyResolved',
      'HoldAlreadyResolved',
    ]);
    expect(readAccountBalance(state, aliceBtc)).toMatchObject({
      balance: '1.00000000',
      held: '0.00000000',
    });
    expect(readAccountBalance(state, bobBtc)).toMatchObject({ balance: '0.00000000' });
    expect(readAccountBalance(state, btcClearing)).toMatchObject({ balance: '-1.00000000' });
  });
});
