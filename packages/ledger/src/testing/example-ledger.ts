import type { AccountOpened } from '../ledger-events.ts';
import { systemAccountId } from '../ledger-types.ts';
import {
  limitAccountOpened,
  memberAccountOpened,
  systemAccountsOpened,
} from './ledger-builders.ts';

/**
 * A small ledger most tests start from: three assets of 8, 18 and 0 decimals, every system account
 * of each, and two members with a few accounts. Balances start at zero; tests deposit what they need.
 */
export const btc = 'BTC';
export const eth = 'ETH';
export const krw = 'KRW';

export const aliceBtc = 'alice-btc';
export const aliceBtcSavings = 'alice-btc-savings';
export const aliceEth = 'alice-eth';
export const aliceKrw = 'alice-krw';
export const aliceBtcLimit = 'alice-btc-limit';
export const bobBtc = 'bob-btc';
export const bobKrw = 'bob-krw';
export const bobBtcLimit = 'bob-btc-limit';

export const btcClearing = systemAccountId('chainClearing', btc);
export const btcFees = systemAccountId('feeRevenue', btc);
export const btcProvider = systemAccountId('providerLiquidity', btc);
export const btcEquity = systemAccountId('adjustmentEquity', btc);
export const btcSuspense = systemAccountId('suspense', btc);
export const ethClearing = systemAccountId('chainClearing', eth);
export const krwClearing = systemAccountId('chainClearing', krw);
export const krwFees = systemAccountId('feeRevenue', krw);
export const krwProvider = systemAccountId('providerLiquidity', krw);

export const exampleLedgerOpened: readonly AccountOpened[] = [
  ...systemAccountsOpened(btc, 8),
  ...systemAccountsOpened(eth, 18),
  ...systemAccountsOpened(krw, 0),
  memberAccountOpened(aliceBtc, 'alice', btc, 8),
  memberAccountOpened(aliceBtcSavings, 'alice', btc, 8),
  memberAccountOpened(aliceEth, 'alice', eth, 18),
  memberAccountOpened(aliceKrw, 'alice', krw, 0),
  limitAccountOpened(aliceBtcLimit, 'alice', btc, 8),
  memberAccountOpened(bobBtc, 'bob', btc, 8),
  memberAccountOpened(bobKrw, 'bob', krw, 0),
  limitAccountOpened(bobBtcLimit, 'bob', btc, 8),
];
