import type { LedgerRejection } from '@ledger/ledger';
import type { DealSide, SafetyType } from './c2c-terms.ts';

/**
 * The events of one deal's stream (`c2c-deal-<dealId>`), documented in docs/events.md. Member and
 * account ids only (no personal data; the seller form's values live apart, keyed by the deal id).
 * Amounts are decimal strings at their asset's decimal_point, rates and prices decimal strings;
 * times are the command's `now`.
 */

type EventOf<Type extends string, Data> = { type: Type; data: Data };

export type DealTerms = {
  dealId: string;
  marketSeq: number;
  ownerMemberSeq: number;
  side: DealSide;
  safetyType: SafetyType;
  sourceAsset: string;
  sourceDecimalPoint: number;
  targetAsset: string;
  targetDecimalPoint: number;
  /** The source amount on offer (sell) or wanted (buy). */
  totalAmount: string;
  /** Every application's source amount must be a multiple of it (the market's unit). */
  amountUnit: string;
  /** Per application, the market's and the deal's bounds together; null: unlimited. */
  applicationMin: string | null;
  applicationMax: string | null;
  /** Target units per source unit; a fixed price has min = max. */
  priceMin: string;
  priceMax: string;
  /** The market's fee rate when published; the owner pays it, in the source asset. */
  feeRate: string;
  /** The fee on the whole total, shown when published. */
  feeAmount: string;
  /** None: the deal runs until closed. */
  closeAt: string | null;
  ownerSourceAccount: string;
  ownerTargetAccount: string;
  /** immediate deals: the hold that escrows the total and its fee when published. */
  escrow: { holdId: string; amount: string } | null;
  publishedAt: string;
};

export type DealPublished = EventOf<'DealPublished', DealTerms>;
export type DealEscrowPlaced = EventOf<
  'DealEscrowPlaced',
  { dealId: string; holdId: string; ledgerCommandId: string; placedAt: string }
>;
export type DealEscrowRefused = EventOf<
  'DealEscrowRefused',
  { dealId: string; ledgerCommandId: string; rejection: LedgerRejection; refusedAt: string }
>;
/** An application took part of the deal: `amount` of the source, and for an immediate deal `escrowAmount` of its hold. */
export type DealAmountReserved = EventOf<
  'DealAmountReserved',
  {
    dealId: string;
    applicationId: string;
    applicantMemberSeq: number;
    amount: string;
    escrowAmount: string;
    reservedAt: string;
  }
>;
export type DealAmountHeld = EventOf<
  'DealAmountHeld',
  { dealId: string; applicationId: string; heldAt: string }
>;
export type DealAmountConfirmed = EventOf<
  'DealAmountConfirmed',
  { dealId: string; applicationId: string; confirmedAt: string }
>;
export type DealAmountFreed = EventOf<
  'DealAmountFreed',
  { dealId: string; applicationId: string; freedAt: string }
>;
export type DealClosedBy = 'owner' | 'schedule' | 'admin' | 'escrowRefused';
export type DealClosed = EventOf<
  'DealClosed',
  { dealId: string; closedBy: DealClosedBy; actorSeq: number | null; closedAt: string }
>;
export type DealEscrowReleased = EventOf<
  'DealEscrowReleased',
  { dealId: string; holdId: string; ledgerCommandId: string; releasedAt: string }
>;

export type DealEvent =
  | DealPublished
  | DealEscrowPlaced
  | DealEscrowRefused
  | DealAmountReserved
  | DealAmountHeld
  | DealAmountConfirmed
  | DealAmountFreed
  | DealClosed
  | DealEscrowReleased;
