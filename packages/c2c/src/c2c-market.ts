/**
 * What a deal needs to know of its C2C market when it is published and applied to: the market
 * catalog (admin market/catalog, C2C tab) is read by the caller and passed in, so the deciders
 * never read a read model.
 */
export type MarketTerms = {
  marketSeq: number;
  isActive: boolean;
  sourceAsset: string;
  sourceDecimalPoint: number;
  targetAsset: string;
  targetDecimalPoint: number;
  /** Source amounts are multiples of it. */
  amountUnit: string;
  /** Bounds of an application's source amount; null: unlimited. */
  amountMin: string | null;
  amountMax: string | null;
  /** 0..1, a decimal string. */
  feeRate: string;
};
