import { assert } from '@ledger/decider';
import type { MarketTerms } from './c2c-market.ts';

/**
 * The C2C market catalog (admin market/catalog, C2C tab): one stream per market. A market's
 * assets and their decimal points are fixed when it is registered (its deals name them); the rest
 * may change. Catalog changes are events, so the activity log shows who changed what.
 */

/** A field the seller fills in when publishing a sale (validated like the assets' extra forms). */
export type SellerFormField = {
  name: string;
  label: string;
  type: 'email' | 'number' | 'password' | 'search' | 'tel' | 'text' | 'url';
  required: boolean;
};

/** What an administrator may change after registration. */
export type MarketSettings = {
  title: string;
  /** Source amounts are multiples of it, at the source asset's decimal_point. */
  amountUnit: string;
  /** null: unlimited. */
  amountMin: string | null;
  amountMax: string | null;
  /** 0..1, a decimal string. */
  feeRate: string;
  isActive: boolean;
  sellerForm: SellerFormField[];
};

export type MarketAssets = {
  sourceAsset: string;
  sourceDecimalPoint: number;
  targetAsset: string;
  targetDecimalPoint: number;
};

export type MarketEvent =
  | {
      type: 'C2cMarketRegistered';
      data: { marketSeq: number } & MarketAssets & MarketSettings & { registeredAt: string };
    }
  | {
      type: 'C2cMarketChanged';
      data: { marketSeq: number } & MarketSettings & { changedAt: string };
    };

export type Market = { marketSeq: number } & MarketAssets &
  MarketSettings & { registeredAt: string; updatedAt: string };
export type MarketState = { status: 'none' } | ({ status: 'registered' } & Market);

export const initialMarketState = (): MarketState => ({ status: 'none' });

export const marketStreamPrefix = 'c2c-market-';
export const marketStream = (marketSeq: number) => `${marketStreamPrefix}${marketSeq}`;

/** Folds one event; pure. */
export function evolveMarket(state: MarketState, event: MarketEvent): MarketState {
  if (event.type === 'C2cMarketRegistered') {
    assert(state.status === 'none', 'a C2C market registered twice');
    const { registeredAt, ...market } = event.data;
    return { status: 'registered', ...market, registeredAt, updatedAt: registeredAt };
  }
  assert(state.status === 'registered', 'a C2C market changed before it was registered');
  const { changedAt, marketSeq: _seq, ...settings } = event.data;
  return { ...state, ...settings, updatedAt: changedAt };
}

/** What a deal needs of its market (PublishDeal.market, FileApplication's deal terms). */
export function marketTermsOf(market: Market): MarketTerms {
  return {
    marketSeq: market.marketSeq,
    isActive: market.isActive,
    sourceAsset: market.sourceAsset,
    sourceDecimalPoint: market.sourceDecimalPoint,
    targetAsset: market.targetAsset,
    targetDecimalPoint: market.targetDecimalPoint,
    amountUnit: market.amountUnit,
    amountMin: market.amountMin,
    amountMax: market.amountMax,
    feeRate: market.feeRate,
  };
}
