import type { LedgerRejection } from '@ledger/ledger';
import type { DealSide, SafetyType, TradeSide } from './c2c-terms.ts';
import type { DealRejection } from './deal-rejections.ts';

/**
 * The events of one application's stream (`c2c-application-<applicationId>`), documented in
 * docs/events.md. Member and account ids only; amounts at their asset's decimal_point; times the
 * command's `now`. The application is a process: people's actions and each step's outcome are
 * events, and every money step is one ledger command with an id derived from the application.
 */

type EventOf<Type extends string, Data> = { type: Type; data: Data };

/** How long each waiting stage may last, in seconds (settings with defaults). */
export type ApplicationDeadlines = {
  acceptSeconds: number;
  depositSeconds: number;
  paymentSeconds: number;
  releaseSeconds: number;
};

export type ApplicationTerms = {
  applicationId: string;
  dealId: string;
  marketSeq: number;
  safetyType: SafetyType;
  dealSide: DealSide;
  ownerMemberSeq: number;
  applicantMemberSeq: number;
  sellerMemberSeq: number;
  buyerMemberSeq: number;
  sourceAsset: string;
  sourceDecimalPoint: number;
  targetAsset: string;
  targetDecimalPoint: number;
  sourceAmount: string;
  price: string;
  /** What the buyer pays, in the target asset. */
  targetAmount: string;
  /** The owner's fee, in the source asset. */
  feeAmount: string;
  /** What the seller's hold takes: the amount, and the fee when the owner sells. */
  sellerEscrow: string;
  /** What the buyer receives of the source asset. */
  buyerReceives: string;
  sellerSourceAccount: string;
  sellerTargetAccount: string;
  buyerSourceAccount: string;
  buyerTargetAccount: string;
  /** immediate deals: the deal's escrow hold the seller's part comes from. */
  dealEscrowHoldId: string | null;
  deadlines: ApplicationDeadlines;
  filedAt: string;
};

export type ApplicationOutcome = 'cancelled' | 'rejected' | 'expired' | 'returned';
export type ApplicationActor = 'owner' | 'applicant' | 'seller' | 'buyer' | 'admin' | 'schedule';

export type ApplicationFiled = EventOf<'ApplicationFiled', ApplicationTerms>;
export type ApplicationReserved = EventOf<
  'ApplicationReserved',
  { applicationId: string; reservedAt: string }
>;
/** The deal or the ledger refused the application before anything was held: it ends here. */
export type ApplicationRefused = EventOf<
  'ApplicationRefused',
  { applicationId: string; rejection: DealRejection | LedgerRejection; refusedAt: string }
>;
export type ApplicationSideHeld = EventOf<
  'ApplicationSideHeld',
  {
    applicationId: string;
    side: TradeSide;
    holdId: string;
    ledgerCommandId: string;
    heldAt: string;
  }
>;
export type ApplicationSideHoldRefused = EventOf<
  'ApplicationSideHoldRefused',
  {
    applicationId: string;
    side: TradeSide;
    ledgerCommandId: string;
    rejection: LedgerRejection;
    refusedAt: string;
  }
>;
/** A party asks for a refused hold to be tried again (after topping up their account). */
export type ApplicationHoldRetried = EventOf<
  'ApplicationHoldRetried',
  { applicationId: string; side: TradeSide; retriedAt: string }
>;
export type ApplicationAccepted = EventOf<
  'ApplicationAccepted',
  { applicationId: string; acceptedAt: string }
>;
export type ApplicationPaymentMarked = EventOf<
  'ApplicationPaymentMarked',
  { applicationId: string; markedAt: string }
>;
export type ApplicationConfirmRequested = EventOf<
  'ApplicationConfirmRequested',
  {
    applicationId: string;
    by: 'seller' | 'admin';
    actorSeq: number;
    reason: string | null;
    requestedAt: string;
  }
>;
export type ApplicationSettled = EventOf<
  'ApplicationSettled',
  { applicationId: string; ledgerCommandId: string | null; settledAt: string }
>;
export type ApplicationEnding = EventOf<
  'ApplicationEnding',
  {
    applicationId: string;
    outcome: ApplicationOutcome;
    by: ApplicationActor;
    actorSeq: number | null;
    reason: string | null;
    endingAt: string;
  }
>;
export type ApplicationSideReleased = EventOf<
  'ApplicationSideReleased',
  { applicationId: string; side: TradeSide; ledgerCommandId: string; releasedAt: string }
>;
export type ApplicationDisputeOpened = EventOf<
  'ApplicationDisputeOpened',
  {
    applicationId: string;
    by: 'seller' | 'buyer' | 'schedule';
    actorSeq: number | null;
    openedAt: string;
  }
>;
export type ApplicationCancelAgreed = EventOf<
  'ApplicationCancelAgreed',
  { applicationId: string; side: TradeSide; agreedAt: string }
>;
export type ApplicationDealRecorded = EventOf<
  'ApplicationDealRecorded',
  { applicationId: string; stage: 'held' | 'confirmed' | 'freed'; recordedAt: string }
>;
export type ApplicationEnded = EventOf<
  'ApplicationEnded',
  { applicationId: string; outcome: ApplicationOutcome; endedAt: string }
>;

export type ApplicationEvent =
  | ApplicationFiled
  | ApplicationReserved
  | ApplicationRefused
  | ApplicationSideHeld
  | ApplicationSideHoldRefused
  | ApplicationHoldRetried
  | ApplicationAccepted
  | ApplicationPaymentMarked
  | ApplicationConfirmRequested
  | ApplicationSettled
  | ApplicationEnding
  | ApplicationSideReleased
  | ApplicationDisputeOpened
  | ApplicationCancelAgreed
  | ApplicationDealRecorded
  | ApplicationEnded;
