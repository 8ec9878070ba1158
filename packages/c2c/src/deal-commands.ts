import type { LedgerRejection } from '@ledger/ledger';
import type { MarketTerms } from './c2c-market.ts';
import type { DealSide, SafetyType } from './c2c-terms.ts';
import type { DealClosedBy } from './deal-events.ts';

/**
 * The commands of a deal. Amounts are decimal strings at the source asset's decimal_point (the API
 * scales what the member typed and refuses more digits), prices decimal strings; `now` is the
 * command's time.
 */
export type PublishDeal = {
  type: 'PublishDeal';
  dealId: string;
  ownerMemberSeq: number;
  market: MarketTerms;
  side: DealSide;
  safetyType: SafetyType;
  totalAmount: string;
  applicationMin: string | null;
  applicationMax: string | null;
  priceMin: string;
  priceMax: string;
  closeAt: string | null;
  ownerSourceAccount: string;
  ownerTargetAccount: string;
  now: string;
};

export type RecordDealEscrow = {
  type: 'RecordDealEscrow';
  ledgerCommandId: string;
  outcome: { kind: 'placed' } | { kind: 'refused'; rejection: LedgerRejection };
  now: string;
};

/** An application asks for `amount` at `price`; `escrowAmount` is what it takes of an immediate deal's hold. */
export type ReserveDealAmount = {
  type: 'ReserveDealAmount';
  applicationId: string;
  applicantMemberSeq: number;
  amount: string;
  escrowAmount: string;
  price: string;
  now: string;
};

export type MoveDealAmount = {
  type: 'HoldDealAmount' | 'ConfirmDealAmount' | 'FreeDealAmount';
  applicationId: string;
  now: string;
};

export type CloseDeal = {
  type: 'CloseDeal';
  closedBy: Exclude<DealClosedBy, 'escrowRefused'>;
  /** The member (owner) or administrator who closes it; null for the schedule. */
  actorSeq: number | null;
  now: string;
};

export type RecordDealEscrowReleased = {
  type: 'RecordDealEscrowReleased';
  ledgerCommandId: string;
  now: string;
};

export type DealCommand =
  | PublishDeal
  | RecordDealEscrow
  | ReserveDealAmount
  | MoveDealAmount
  | CloseDeal
  | RecordDealEscrowReleased;
