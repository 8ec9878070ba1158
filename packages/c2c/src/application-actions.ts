import { accepted, type Decision, rejected } from '@ledger/decider';
import type {
  AcceptApplication,
  CancelApplication,
  ConfirmApplication,
  MarkPaid,
  OpenDispute,
  RejectApplication,
  RetryHold,
  ReturnApplication,
} from './application-commands.ts';
import type { ApplicationEvent, ApplicationOutcome } from './application-events.ts';
import type { ApplicationRejection } from './application-rejections.ts';
import {
  type ApplicationStatus,
  applicantSide,
  type OpenApplication,
} from './application-state.ts';
import type { TradeSide } from './c2c-terms.ts';

/** What the members of an application may do, each guarded by the current status. */

type ActionDecision = Decision<ApplicationEvent, ApplicationRejection>;
const reasonLengthMax = 500;

export const isReason = (text: string) => text.trim().length > 0 && text.length <= reasonLengthMax;

function stateInvalid(app: OpenApplication): ActionDecision {
  return rejected({ type: 'ApplicationStateInvalid', status: app.status });
}

function sideOf(app: OpenApplication, memberSeq: number): TradeSide | undefined {
  if (memberSeq === app.terms.sellerMemberSeq) return 'seller';
  if (memberSeq === app.terms.buyerMemberSeq) return 'buyer';
  return undefined;
}

export function ending(
  app: OpenApplication,
  outcome: ApplicationOutcome,
  by: 'owner' | 'applicant' | 'seller' | 'buyer' | 'admin' | 'schedule',
  actorSeq: number | null,
  reason: string | null,
  now: string,
): ActionDecision {
  const { applicationId } = app.terms;
  return accepted([
    {
      type: 'ApplicationEnding',
      data: { applicationId, outcome, by, actorSeq, reason, endingAt: now },
    },
  ]);
}

const beforePayment: ReadonlySet<ApplicationStatus> = new Set([
  'filing',
  'requested',
  'accepted',
  'funded',
]);

/** requesterFirst: the applicant's side is held before the owner may accept (and deposit). */
const isApplicantHeld = (app: OpenApplication) =>
  app.sides[applicantSide(app.terms)].status === 'held';

export function acceptApplication(
  command: AcceptApplication,
  app: OpenApplication,
): ActionDecision {
  if (command.actorSeq !== app.terms.ownerMemberSeq)
    return rejected({ type: 'NotAllowedForActor', role: 'owner' });
  if (app.accepted) return accepted([]);
  if (app.status !== 'requested' || app.terms.safetyType === 'immediate') return stateInvalid(app);
  if (app.terms.safetyType === 'requesterFirst' && !isApplicantHeld(app)) return stateInvalid(app);
  return accepted([
    {
      type: 'ApplicationAccepted',
      data: { applicationId: app.terms.applicationId, acceptedAt: command.now },
    },
  ]);
}

export function rejectApplication(
  command: RejectApplication,
  app: OpenApplication,
): ActionDecision {
  if (command.actorSeq !== app.terms.ownerMemberSeq)
    return rejected({ type: 'NotAllowedForActor', role: 'owner' });
  if (app.ending?.outcome === 'rejected') return accepted([]);
  if (app.status !== 'requested' && app.status !== 'filing') return stateInvalid(app);
  if (!isReason(command.reason)) return rejected({ type: 'ReasonInvalid' });
  return ending(app, 'rejected', 'owner', command.actorSeq, command.reason, command.now);
}

/** Before payment either party may cancel; after it, only both together (a dispute's way out). */
export function cancelApplication(
  command: CancelApplication,
  app: OpenApplication,
): ActionDecision {
  const side = sideOf(app, command.actorSeq);
  if (side === undefined) return rejected({ type: 'NotAllowedForActor', role: 'party' });
  if (app.ending?.outcome === 'cancelled') return accepted([]);
  const by = command.actorSeq === app.terms.ownerMemberSeq ? 'owner' : 'applicant';
  if (beforePayment.has(app.status))
    return ending(app, 'cancelled', by, command.actorSeq, null, command.now);
  if (app.status !== 'paid') return stateInvalid(app);
  if (app.cancelAgreed[side]) return accepted([]);
  const agreed: ApplicationEvent = {
    type: 'ApplicationCancelAgreed',
    data: { applicationId: app.terms.applicationId, side, agreedAt: command.now },
  };
  if (!app.cancelAgreed[side === 'seller' ? 'buyer' : 'seller']) return accepted([agreed]);
  const end = ending(app, 'cancelled', by, command.actorSeq, null, command.now);
  return end.kind === 'accepted' ? accepted([agreed, ...end.events]) : end;
}

export function markPaid(command: MarkPaid, app: OpenApplication): ActionDecision {
  if (command.actorSeq !== app.terms.buyerMemberSeq)
    return rejected({ type: 'NotAllowedForActor', role: 'buyer' });
  if (app.paymentMarked) return accepted([]);
  if (app.status !== 'funded') return stateInvalid(app);
  return accepted([
    {
      type: 'ApplicationPaymentMarked',
      data: { applicationId: app.terms.applicationId, markedAt: command.now },
    },
  ]);
}

/** The seller releases: allowed while a dispute is open too, since it settles in the buyer's favour. */
export function confirmApplication(
  command: ConfirmApplication,
  app: OpenApplication,
): ActionDecision {
  if (command.actorSeq !== app.terms.sellerMemberSeq)
    return rejected({ type: 'NotAllowedForActor', role: 'seller' });
  if (app.confirmRequested) return accepted([]);
  if (app.status !== 'paid') return stateInvalid(app);
  return confirmRequested(app, 'seller', command.actorSeq, null, command.now);
}

export function confirmRequested(
  app: OpenApplication,
  by: 'seller' | 'admin',
  actorSeq: number,
  reason: string | null,
  now: string,
): ActionDecision {
  const { applicationId } = app.terms;
  const events: ApplicationEvent[] = [
    {
      type: 'ApplicationConfirmRequested',
      data: { applicationId, by, actorSeq, reason, requestedAt: now },
    },
  ];
  if (app.terms.safetyType === 'neither')
    events.push({
      type: 'ApplicationSettled',
      data: { applicationId, ledgerCommandId: null, settledAt: now },
    });
  return accepted(events);
}

/** The seller gives the buyer's payment back and takes the escrow back; not while a dispute is open. */
export function returnApplication(
  command: ReturnApplication,
  app: OpenApplication,
): ActionDecision {
  if (command.actorSeq !== app.terms.sellerMemberSeq)
    return rejected({ type: 'NotAllowedForActor', role: 'seller' });
  if (app.ending?.outcome === 'returned') return accepted([]);
  if (app.status !== 'paid') return stateInvalid(app);
  if (app.dispute === 'open') return rejected({ type: 'DisputeOpen' });
  if (!isReason(command.reason)) return rejected({ type: 'ReasonInvalid' });
  return ending(app, 'returned', 'seller', command.actorSeq, command.reason, command.now);
}

export function openDispute(command: OpenDispute, app: OpenApplication): ActionDecision {
  const side = sideOf(app, command.actorSeq);
  if (side === undefined) return rejected({ type: 'NotAllowedForActor', role: 'party' });
  if (app.dispute === 'open') return accepted([]);
  if (app.status !== 'paid') return stateInvalid(app);
  return accepted([
    {
      type: 'ApplicationDisputeOpened',
      data: {
        applicationId: app.terms.applicationId,
        by: side,
        actorSeq: command.actorSeq,
        openedAt: command.now,
      },
    },
  ]);
}

/** A party whose hold was refused (short of balance) asks to try again after topping up. */
export function retryHold(command: RetryHold, app: OpenApplication): ActionDecision {
  const side = sideOf(app, command.actorSeq);
  if (side === undefined) return rejected({ type: 'NotAllowedForActor', role: 'party' });
  if (app.sides[side].status !== 'refused') return rejected({ type: 'HoldNotRefused', side });
  if (app.ending !== null || app.confirmRequested) return stateInvalid(app);
  return accepted([
    {
      type: 'ApplicationHoldRetried',
      data: { applicationId: app.terms.applicationId, side, retriedAt: command.now },
    },
  ]);
}
