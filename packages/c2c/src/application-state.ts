import { assert } from '@ledger/decider';
import type {
  ApplicationEvent,
  ApplicationOutcome,
  ApplicationTerms,
} from './application-events.ts';
import type { TradeSide } from './c2c-terms.ts';

/**
 * An application as its events leave it. The facts are kept apart (guides/trading.md §1.3): the
 * lifecycle, what each side has held, the dispute, the deal's record of it; the status and the
 * current deadline are derived from them after every event.
 *
 * Statuses: filing (the deal has not reserved it yet) → requested (the owner has not accepted) →
 * accepted (a required hold is missing) → funded (ready for payment) → paid (the buyer's payment is
 * held) → confirming → confirmed; or ending → cancelled | rejected | expired | returned; or refused.
 */

export type ApplicationStatus =
  | 'filing'
  | 'requested'
  | 'accepted'
  | 'funded'
  | 'paid'
  | 'confirming'
  | 'confirmed'
  | 'ending'
  | 'refused'
  | ApplicationOutcome;

export const applicationStatuses: readonly ApplicationStatus[] = [
  'filing',
  'requested',
  'accepted',
  'funded',
  'paid',
  'confirming',
  'confirmed',
  'ending',
  'refused',
  'cancelled',
  'rejected',
  'expired',
  'returned',
];

export const finalStatuses: ReadonlySet<ApplicationStatus> = new Set([
  'confirmed',
  'refused',
  'cancelled',
  'rejected',
  'expired',
  'returned',
]);

export type SideStanding = {
  status: 'none' | 'held' | 'refused' | 'released' | 'captured';
  /** Attempts so far: each attempt's hold has its own id, so a retry is a new command. */
  attempt: number;
  holdId: string | null;
};

export type DeadlineReason = 'accept' | 'deposit' | 'payment' | 'release';

export type OpenApplication = {
  status: ApplicationStatus;
  terms: ApplicationTerms;
  reserved: boolean;
  refused: boolean;
  accepted: boolean;
  paymentMarked: boolean;
  confirmRequested: boolean;
  settled: boolean;
  ending: { outcome: ApplicationOutcome; reason: string | null } | null;
  ended: boolean;
  sides: Record<TradeSide, SideStanding>;
  dispute: 'none' | 'open';
  cancelAgreed: Record<TradeSide, boolean>;
  dealStage: 'none' | 'held' | 'confirmed' | 'freed';
  deadline: { at: string; reason: DeadlineReason } | null;
  updatedAt: string;
};

export type ApplicationState = { status: 'none' } | OpenApplication;

export const initialApplicationState = (): ApplicationState => ({ status: 'none' });

/** The side the applicant takes: buying from a sell deal, selling into a buy deal. */
export const applicantSide = (terms: ApplicationTerms): TradeSide =>
  terms.dealSide === 'sell' ? 'buyer' : 'seller';
export const otherSide = (side: TradeSide): TradeSide => (side === 'seller' ? 'buyer' : 'seller');

/** The sides that must be held before the buyer may pay, as the deal's safety type says. */
export function sidesBeforePayment(app: OpenApplication): TradeSide[] {
  switch (app.terms.safetyType) {
    case 'immediate':
      return app.reserved ? ['seller'] : [];
    case 'sellerFirst':
      return app.accepted ? ['seller'] : [];
    case 'requesterFirst': {
      const first = applicantSide(app.terms);
      if (!app.reserved) return [];
      return app.accepted ? [first, otherSide(first)] : [first];
    }
    case 'neither':
      return [];
  }
}

/** The sides that should be held now. */
export function sidesWanted(app: OpenApplication): TradeSide[] {
  const sides = sidesBeforePayment(app);
  if (app.paymentMarked && app.terms.safetyType !== 'neither' && !sides.includes('buyer'))
    sides.push('buyer');
  return sides;
}

const isHeld = (app: OpenApplication, side: TradeSide) => app.sides[side].status === 'held';

function statusOf(app: OpenApplication): ApplicationStatus {
  if (app.refused) return 'refused';
  if (app.ended && app.ending !== null) return app.ending.outcome;
  if (app.ending !== null) return 'ending';
  if (app.settled && app.dealStage === 'confirmed') return 'confirmed';
  if (app.confirmRequested) return 'confirming';
  if (!app.reserved) return 'filing';
  const immediate = app.terms.safetyType === 'immediate';
  const ready =
    (app.accepted || immediate) && sidesBeforePayment(app).every((side) => isHeld(app, side));
  if (ready && app.paymentMarked && sidesWanted(app).every((side) => isHeld(app, side)))
    return 'paid';
  if (ready) return 'funded';
  // An immediate deal takes applications without the owner's acceptance: once reserved, only the
  // seller's part (moved from the deal's escrow) is awaited.
  return app.accepted || immediate ? 'accepted' : 'requested';
}

const deadlineReasons: Partial<Record<ApplicationStatus, DeadlineReason>> = {
  requested: 'accept',
  accepted: 'deposit',
  funded: 'payment',
  paid: 'release',
};

function secondsOf(terms: ApplicationTerms, reason: DeadlineReason): number {
  const { deadlines } = terms;
  return {
    accept: deadlines.acceptSeconds,
    deposit: deadlines.depositSeconds,
    payment: deadlines.paymentSeconds,
    release: deadlines.releaseSeconds,
  }[reason];
}

/** `now` plus whole seconds, in the same ISO form (pure: no clock is read). */
export function instantAfter(now: string, seconds: number): string {
  return new Date(Date.parse(now) + seconds * 1000).toISOString();
}

/** Re-derives status and deadline; a new waiting stage starts its deadline at `at`. */
function settle(app: OpenApplication, at: string): OpenApplication {
  const status = statusOf(app);
  const reason = app.dispute === 'open' ? undefined : deadlineReasons[status];
  let deadline = app.deadline;
  if (reason === undefined) deadline = null;
  else if (status !== app.status || deadline === null || deadline.reason !== reason)
    deadline = { at: instantAfter(at, secondsOf(app.terms, reason)), reason };
  return { ...app, status, deadline, updatedAt: at };
}

function filed(terms: ApplicationTerms): OpenApplication {
  const side = (): SideStanding => ({ status: 'none', attempt: 0, holdId: null });
  return {
    status: 'filing',
    terms,
    reserved: false,
    refused: false,
    accepted: false,
    paymentMarked: false,
    confirmRequested: false,
    settled: false,
    ending: null,
    ended: false,
    sides: { seller: side(), buyer: side() },
    dispute: 'none',
    cancelAgreed: { seller: false, buyer: false },
    dealStage: 'none',
    deadline: null,
    updatedAt: terms.filedAt,
  };
}

function withSide(
  app: OpenApplication,
  side: TradeSide,
  change: Partial<SideStanding>,
): OpenApplication {
  return { ...app, sides: { ...app.sides, [side]: { ...app.sides[side], ...change } } };
}

function applied(
  app: OpenApplication,
  event: Exclude<ApplicationEvent, { type: 'ApplicationFiled' }>,
): OpenApplication {
  switch (event.type) {
    case 'ApplicationReserved':
      return { ...app, reserved: true };
    case 'ApplicationRefused':
      return { ...app, refused: true };
    case 'ApplicationSideHeld':
      return withSide(app, event.data.side, {
        status: 'held',
        holdId: event.data.holdId,
        attempt: app.sides[event.data.side].attempt + 1,
      });
    case 'ApplicationSideHoldRefused':
      return withSide(app, event.data.side, {
        status: 'refused',
        attempt: app.sides[event.data.side].attempt + 1,
      });
    case 'ApplicationHoldRetried':
      return withSide(app, event.data.side, { status: 'none' });
    case 'ApplicationAccepted':
      return { ...app, accepted: true };
    case 'ApplicationPaymentMarked':
      return { ...app, paymentMarked: true };
    case 'ApplicationConfirmRequested':
      return { ...app, confirmRequested: true };
    case 'ApplicationSettled':
      return {
        ...app,
        settled: true,
        sides: {
          seller: {
            ...app.sides.seller,
            status: app.sides.seller.status === 'held' ? 'captured' : app.sides.seller.status,
          },
          buyer: {
            ...app.sides.buyer,
            status: app.sides.buyer.status === 'held' ? 'captured' : app.sides.buyer.status,
          },
        },
      };
    case 'ApplicationEnding':
      return { ...app, ending: { outcome: event.data.outcome, reason: event.data.reason } };
    case 'ApplicationSideReleased':
      return withSide(app, event.data.side, { status: 'released' });
    case 'ApplicationDisputeOpened':
      return { ...app, dispute: 'open' };
    case 'ApplicationCancelAgreed':
      return { ...app, cancelAgreed: { ...app.cancelAgreed, [event.data.side]: true } };
    case 'ApplicationDealRecorded':
      return { ...app, dealStage: event.data.stage };
    case 'ApplicationEnded':
      return { ...app, ended: true };
  }
}

const timeOf = (event: ApplicationEvent): string => {
  const data = event.data as Record<string, unknown>;
  const key = Object.keys(data).find((name) => name.endsWith('At'));
  const at = key === undefined ? undefined : data[key];
  assert(typeof at === 'string', 'an application event records its time');
  return at;
};

/** Folds one event; pure. An event out of order is a bug: it throws. */
export function evolveApplication(
  state: ApplicationState,
  event: ApplicationEvent,
): ApplicationState {
  if (event.type === 'ApplicationFiled') {
    assert(state.status === 'none', 'ApplicationFiled twice');
    return settle(filed(event.data), event.data.filedAt);
  }
  assert(state.status !== 'none', `${event.type} before ApplicationFiled`);
  assert(!finalStatuses.has(state.status), `${event.type} after the application ended`);
  return settle(applied(state, event), timeOf(event));
}
