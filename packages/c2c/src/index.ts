/**
 * @ledger/c2c: C2C escrow trading, pure (DESIGN.md §3, Processes; guides/trading.md §1): the deal
 * and application deciders, their events and states, and the next step of an unfinished deal or
 * application (each money step one ledger command with a derived id). No I/O, no clock, no
 * randomness.
 */

export * from './application-commands.ts';
export { applicationDecider, decideApplication } from './application-decider.ts';
export * from './application-events.ts';
export type { ApplicationRejection, ApplicationRejectionType } from './application-rejections.ts';
export * from './application-state.ts';
export * from './application-steps.ts';
export { applicationAmounts, decimalOf, partFee } from './c2c-amounts.ts';
export * from './c2c-ledger-commands.ts';
export type { MarketTerms } from './c2c-market.ts';
export * from './c2c-terms.ts';
export * from './deal-commands.ts';
export { dealDecider, decideDeal } from './deal-decider.ts';
export * from './deal-events.ts';
export type { DealRejection, DealRejectionType } from './deal-rejections.ts';
export * from './deal-state.ts';
export * from './deal-steps.ts';
export * from './market-decider.ts';
export * from './market-events.ts';
export { dealEscrowHoldId, dealLedgerCommandIds } from './publish-deal.ts';
