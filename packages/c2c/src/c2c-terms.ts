/**
 * The words of C2C trading (docs/glossary.md): a member publishes a deal (a sale or purchase
 * announcement in a C2C market); another member files an application against it. The seller
 * delivers the source asset, the buyer pays in the target asset; the exchange holds each side in
 * escrow (a ledger hold) as the deal's safety type says.
 */

/** sell: the deal's owner sells the source asset; buy: the owner buys it. */
export type DealSide = 'sell' | 'buy';
export const dealSides: readonly DealSide[] = ['sell', 'buy'];

/**
 * Who is held, and when (guides/trading.md §1.2):
 * - immediate: the owner sells, and the whole deal is held when it is published; each
 *   application takes its part of that hold when it is filed;
 * - sellerFirst: the owner accepts, then the seller's part is held;
 * - requesterFirst: the applicant's side is held when the application is filed, then the owner's
 *   side once the owner accepts;
 * - neither: nothing is held; the parties settle outside the exchange, capped per member and day.
 */
export type SafetyType = 'immediate' | 'sellerFirst' | 'requesterFirst' | 'neither';
export const safetyTypes: readonly SafetyType[] = [
  'immediate',
  'sellerFirst',
  'requesterFirst',
  'neither',
];

/** The two sides of an application: what the seller delivers and what the buyer pays. */
export type TradeSide = 'seller' | 'buyer';

/** The cause the ledger records for every C2C money movement. */
export const c2cCause = 'c2c';

export const dealStreamPrefix = 'c2c-deal-';
export const applicationStreamPrefix = 'c2c-application-';
export const dealStream = (dealId: string) => `${dealStreamPrefix}${dealId}`;
export const applicationStream = (applicationId: string) =>
  `${applicationStreamPrefix}${applicationId}`;

/** The actor of the C2C processes' own ledger commands and deadline expiries. */
export const c2cActor = 'system:c2c';
