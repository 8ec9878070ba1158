// Proves a capture with rest 'keep' takes part of a hold and leaves the rest held with the hold open (later captured or released for what is left, its limit draw given back only for that), that keeping nothing back closes the hold with a plain HoldCaptured, that an event not fitting its hold is an assertion, and that an unknown rest is refused.
import { describe, expect, it } from 'vitest';
import { evolve } from './ledger-decider.ts';
import { initialState } from './ledger-state.ts';
import {
  aliceBtc,
  aliceBtcLimit,
  btc,
  btcProvider,
  command,
  dailyLimitSet,
  deposited,
  exampleLedgerOpened,
  given,
  holdCaptured,
  holdPartlyCaptured,
  holdPlaced,
  holdReleased,
  leg,
  testDay,
} from './testing/index.ts';

const limit = { account: aliceBtcLimit, day: testDay };
const order = holdPlaced({
  holdId: 'h1',
  account: aliceBtc,
  asset: btc,
  amount: '0.70000000',
  limit,
});
const funded = [
  ...exampleLedgerOpened,
  deposited('d1', aliceBtc, '2.00000000', btc),
  dailyLimitSet(aliceBtcLimit, '1.00000000', '0.00000000'),
  order,
];
const fillLegs = (amount: string) => [leg(aliceBtc, btcProvider, amount, btc)];
const fill = (transferId: string, amount: string, rest?: 'keep' | 'release') =>
  command('CaptureHolds', {
    transferId,
    cause: 'b2cFill',
    captures: [{ holdId: 'h1', legs: fillLegs(amount), ...(rest === undefined ? {} : { rest }) }],
  });
const partly = (transferId: string, amount: string, amountLeft: string) =>
  holdPartlyCaptured({
    holdId: 'h1',
    transferId,
    account: aliceBtc,
    asset: btc,
    amount,
    amountLeft,
    legs: fillLegs(amount),
    cause: 'b2cFill',
  });
const firstFill = partly('f1', '0.20000000', '0.50000000');

describe('CaptureHolds keeping the rest held', () => {
  it('captures part and keeps the rest held on an open hold', () => {
    given(funded)
      .when(fill('f1', '0.20000000', 'keep'))
      .then([firstFill]);
    const state = initialState();
    for (const event of [...funded, firstFill]) evolve(state, event);
    const account = state.accounts.get(aliceBtc);
    expect(account?.kind !== 'limit' && [account?.balance, account?.held]).toEqual([
      180000000n,
      50000000n,
    ]);
    expect(state.holdsOpen.get('h1')?.amount).toBe(50000000n);
  });

  it('captures again from what is left, and refuses more than that', () => {
    const second = partly('f2', '0.30000000', '0.20000000');
    given([...funded, firstFill])
      .when(fill('f2', '0.30000000', 'keep'))
      .then([second]);
    given([...funded, firstFill])
      .when(fill('f2', '0.50000001', 'keep'))
      .thenRejects('CaptureExceedsHold', { held: '0.50000000', requested: '0.50000001' });
  });

  it('closes the hold with a HoldCaptured when the capture takes all that is left', () => {
    const last = holdCaptured({
      holdId: 'h1',
      transferId: 'f2',
      account: aliceBtc,
      asset: btc,
      amount: '0.50000000',
      amountReleased: '0.00000000',
      legs: fillLegs('0.50000000'),
      cause: 'b2cFill',
    });
    given([...funded, firstFill])
      .when(fill('f2', '0.50000000', 'keep'))
      .then([last]);
  });

  it('releases the rest as before without rest or with rest release', () => {
    const released = holdCaptured({
      holdId: 'h1',
      transferId: 'f2',
      account: aliceBtc,
      asset: btc,
      amount: '0.10000000',
      amountReleased: '0.40000000',
      legs: fillLegs('0.10000000'),
      cause: 'b2cFill',
    });
    given([...funded, firstFill])
      .when(fill('f2', '0.10000000'))
      .then([released]);
    given([...funded, firstFill])
      .when(fill('f2', '0.10000000', 'release'))
      .then([released]);
  });

  it('gives back to the limit day only the part still held when the rest is released', () => {
    const release = holdReleased({
      holdId: 'h1',
      account: aliceBtc,
      asset: btc,
      amount: '0.50000000',
    });
    given([...funded, firstFill])
      .when(command('ReleaseHold', { holdId: 'h1' }))
      .then([release]);
    const state = initialState();
    for (const event of [...funded, firstFill, release]) evolve(state, event);
    const limitAccount = state.accounts.get(aliceBtcLimit);
    expect(limitAccount?.kind === 'limit' && limitAccount.usedByDay.get(testDay)).toBe(20000000n);
  });

  it('asserts on a partial capture event that does not fit the hold', () => {
    const state = initialState();
    for (const event of funded) evolve(state, event);
    expect(() => evolve(state, partly('f1', '0.20000000', '0.40000000'))).toThrow(/left/);
    const whole = initialState();
    for (const event of funded) evolve(whole, event);
    expect(() => evolve(whole, partly('f1', '0.70000000', '0.00000000'))).toThrow(/leaves part/);
  });

  it('refuses a rest that is neither keep nor release', () => {
    const odd = command('CaptureHolds', {
      transferId: 'f1',
      cause: 'b2cFill',
      captures: [{ holdId: 'h1', legs: fillLegs('0.10000000'), rest: 'hold' as 'keep' }],
    });
    given(funded).when(odd).thenRejects('InvalidField', { field: 'rest', value: 'hold' });
  });
});
