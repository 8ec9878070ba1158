import type { ApplicationDeadlines } from './application-events.ts';
import type { MarketTerms } from './c2c-market.ts';
import type { PublishDeal } from './deal-commands.ts';

/** Shared test fixtures: a BTC/KRW market, a sell deal's command, times and deadlines. */
export const t0 = '2026-12-01T00:00:00.000Z';
export const t1 = '2026-12-01T00:01:00.000Z';
export const market: MarketTerms = {
  marketSeq: 1,
  isActive: true,
  sourceAsset: 'BTC',
  sourceDecimalPoint: 8,
  targetAsset: 'KRW',
  targetDecimalPoint: 0,
  amountUnit: '0.00010000',
  amountMin: '0.00100000',
  amountMax: null,
  feeRate: '0.001',
};
export const deadlines: ApplicationDeadlines = {
  acceptSeconds: 600,
  depositSeconds: 900,
  paymentSeconds: 1800,
  releaseSeconds: 3600,
};
export const owner = 7;
export const applicant = 9;

export function publish(overrides: Partial<PublishDeal> = {}): PublishDeal {
  return {
    type: 'PublishDeal',
    dealId: 'd1',
    ownerMemberSeq: owner,
    market,
    side: 'sell',
    safetyType: 'sellerFirst',
    totalAmount: '1.00000000',
    applicationMin: null,
    applicationMax: '0.50000000',
    priceMin: '90000000',
    priceMax: '100000000',
    closeAt: '2026-12-31T00:00:00.000Z',
    ownerSourceAccount: 'member:7:btc',
    ownerTargetAccount: 'member:7:krw',
    now: t0,
    ...overrides,
  };
}
