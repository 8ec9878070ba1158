import type { LedgerRejection } from '@ledger/ledger';
import type { ApplicationDeadlines } from './application-events.ts';
import type { TradeSide } from './c2c-terms.ts';
import type { DealTerms } from './deal-events.ts';
import type { DealRejection } from './deal-rejections.ts';

/**
 * The commands of an application: people's actions (the actor's member or admin seq comes from
 * the request), the schedule's expiry, and the outcomes its steps record.
 */
export type FileApplication = {
  type: 'FileApplication';
  applicationId: string;
  deal: DealTerms;
  applicantMemberSeq: number;
  /** Source amount at the source asset's decimal_point. */
  amount: string;
  price: string;
  /** The applicant's accounts of the source and the target asset. */
  applicantSourceAccount: string;
  applicantTargetAccount: string;
  deadlines: ApplicationDeadlines;
  /**
   * What the deal had charged when the application was filed (`chargedTextOf` of the deal's
   * state), at the source asset's decimal_point: an immediate deal's parts are charged the fee
   * cumulatively. The deal checks it again when it reserves the part.
   */
  dealCharged: { taken: string; fee: string };
  now: string;
};

type ActorCommand<Type extends string, Extra = object> = {
  type: Type;
  actorSeq: number;
  now: string;
} & Extra;

export type AcceptApplication = ActorCommand<'AcceptApplication'>;
export type RejectApplication = ActorCommand<'RejectApplication', { reason: string }>;
export type CancelApplication = ActorCommand<'CancelApplication'>;
export type MarkPaid = ActorCommand<'MarkPaid'>;
export type ConfirmApplication = ActorCommand<'ConfirmApplication'>;
export type ReturnApplication = ActorCommand<'ReturnApplication', { reason: string }>;
export type OpenDispute = ActorCommand<'OpenDispute'>;
export type RetryHold = ActorCommand<'RetryHold'>;
/** An administrator's verdict through the status-change confirmation: confirm or return. */
export type ResolveApplication = ActorCommand<
  'ResolveApplication',
  { verdict: 'confirm' | 'return'; reason: string }
>;
export type ExpireApplication = { type: 'ExpireApplication'; now: string };

export type RecordReservation = {
  type: 'RecordReservation';
  outcome: { kind: 'reserved' } | { kind: 'refused'; rejection: DealRejection };
  now: string;
};
export type RecordSideHold = {
  type: 'RecordSideHold';
  side: TradeSide;
  ledgerCommandId: string;
  outcome: { kind: 'placed'; holdId: string } | { kind: 'refused'; rejection: LedgerRejection };
  now: string;
};
export type RecordSettled = { type: 'RecordSettled'; ledgerCommandId: string | null; now: string };
export type RecordSideReleased = {
  type: 'RecordSideReleased';
  side: TradeSide;
  ledgerCommandId: string;
  now: string;
};
export type RecordDealStage = {
  type: 'RecordDealStage';
  stage: 'held' | 'confirmed' | 'freed';
  now: string;
};
export type RecordEnded = { type: 'RecordEnded'; now: string };

export type ApplicationCommand =
  | FileApplication
  | AcceptApplication
  | RejectApplication
  | CancelApplication
  | MarkPaid
  | ConfirmApplication
  | ReturnApplication
  | OpenDispute
  | RetryHold
  | ResolveApplication
  | ExpireApplication
  | RecordReservation
  | RecordSideHold
  | RecordSettled
  | RecordSideReleased
  | RecordDealStage
  | RecordEnded;
