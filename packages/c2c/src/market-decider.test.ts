// Proves the C2C market catalog given/when/then: a market is registered once with its assets fixed, its settings checked against the source asset's scale (unit, min/max either unlimited and in the unit, fee rate below one, seller form names unique), changed with a new event only when something changes, and its terms are what a deal reads.
import { deciderSpecification } from '@ledger/decider/testing';
import { describe, expect, it } from 'vitest';
import { marketDecider, type RegisterMarket } from './market-decider.ts';
import { type MarketEvent, type MarketSettings, marketTermsOf } from './market-events.ts';
import { t0, t1 } from './testing-fixtures.ts';

const { given } = deciderSpecification(marketDecider);

const assets = {
  sourceAsset: 'BTC',
  sourceDecimalPoint: 8,
  targetAsset: 'KRW',
  targetDecimalPoint: 0,
};
const settings: MarketSettings = {
  title: 'BTC/KRW',
  amountUnit: '0.00010000',
  amountMin: '0.00100000',
  amountMax: null,
  feeRate: '0.001',
  isActive: true,
  sellerForm: [{ name: 'bank', label: 'Bank', type: 'text', required: true }],
};
const register = (overrides: Partial<MarketSettings> = {}): RegisterMarket => ({
  type: 'RegisterMarket',
  marketSeq: 1,
  assets,
  settings: { ...settings, ...overrides },
  now: t0,
});
const registered: MarketEvent = {
  type: 'C2cMarketRegistered',
  data: { marketSeq: 1, ...assets, ...settings, registeredAt: t0 },
};

describe('RegisterMarket', () => {
  it('registers a market once', () => {
    given([]).when(register()).then([registered]);
    given([registered]).when(register()).thenRejects('MarketExists');
  });

  it('refuses one asset on both sides and settings that do not fit the source scale', () => {
    given([])
      .when({ ...register(), assets: { ...assets, targetAsset: 'BTC' } })
      .thenRejects('MarketAssetsInvalid');
    given([])
      .when(register({ title: ' ' }))
      .thenRejects('MarketSettingInvalid', { field: 'title' });
    given([])
      .when(register({ amountUnit: '0.0001' }))
      .thenRejects('MarketSettingInvalid', { field: 'amountUnit' });
    given([])
      .when(register({ amountMin: '0.00015000' }))
      .thenRejects('MarketSettingInvalid', { field: 'amountMin' });
    given([])
      .when(register({ amountMax: '0.00050000' }))
      .thenRejects('MarketSettingInvalid', { field: 'amountMax' });
    given([])
      .when(register({ feeRate: '1' }))
      .thenRejects('MarketSettingInvalid', { field: 'feeRate' });
    given([])
      .when(register({ sellerForm: [...settings.sellerForm, ...settings.sellerForm] }))
      .thenRejects('MarketSettingInvalid', { field: 'sellerForm' });
  });

  it('takes both bounds unlimited', () => {
    const decision = given([])
      .when(register({ amountMin: null, amountMax: null }))
      .decision();
    expect(decision.kind).toBe('accepted');
  });
});

describe('ChangeMarket', () => {
  it('records a change, nothing for the same settings, and refuses an unknown market', () => {
    const change = {
      type: 'ChangeMarket' as const,
      settings: { ...settings, isActive: false },
      now: t1,
    };
    given([registered])
      .when(change)
      .then([
        {
          type: 'C2cMarketChanged',
          data: { marketSeq: 1, ...settings, isActive: false, changedAt: t1 },
        },
      ]);
    given([registered])
      .when({ ...change, settings })
      .then([]);
    given([]).when(change).thenRejects('MarketNotFound');
  });

  it('gives a deal the market terms', () => {
    const state = marketDecider.evolve(marketDecider.initialState(), registered);
    if (state.status === 'none') throw new Error('not registered');
    expect(marketTermsOf(state)).toEqual({
      marketSeq: 1,
      isActive: true,
      ...assets,
      amountUnit: '0.00010000',
      amountMin: '0.00100000',
      amountMax: null,
      feeRate: '0.001',
    });
  });
});
