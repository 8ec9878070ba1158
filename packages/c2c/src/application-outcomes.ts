import { accepted, type Decision, rejected } from '@ledger/decider';
import type {
  RecordDealStage,
  RecordEnded,
  RecordReservation,
  RecordSettled,
  RecordSideHold,
  RecordSideReleased,
} from './application-commands.ts';
import type { ApplicationEvent } from './application-events.ts';
import type { ApplicationRejection } from './application-rejections.ts';
import { type OpenApplication, sidesWanted } from './application-state.ts';

/**
 * The outcomes the process's steps record. Each is idempotent: a step taken again after a crash
 * records nothing new, so the stream holds every outcome once.
 */

type OutcomeDecision = Decision<ApplicationEvent, ApplicationRejection>;

const invalid = (app: OpenApplication): OutcomeDecision =>
  rejected({ type: 'ApplicationStateInvalid', status: app.status });

export function recordReservation(
  command: RecordReservation,
  app: OpenApplication,
): OutcomeDecision {
  if (app.reserved || app.refused) return accepted([]);
  const { applicationId } = app.terms;
  if (command.outcome.kind === 'reserved')
    return accepted([
      { type: 'ApplicationReserved', data: { applicationId, reservedAt: command.now } },
    ]);
  return accepted([
    {
      type: 'ApplicationRefused',
      data: { applicationId, rejection: command.outcome.rejection, refusedAt: command.now },
    },
  ]);
}

export function recordSideHold(command: RecordSideHold, app: OpenApplication): OutcomeDecision {
  const { side, ledgerCommandId, now } = command;
  if (app.sides[side].status !== 'none') return accepted([]);
  if (!sidesWanted(app).includes(side) && app.ending === null) return invalid(app);
  const { applicationId } = app.terms;
  if (command.outcome.kind === 'placed')
    return accepted([
      {
        type: 'ApplicationSideHeld',
        data: { applicationId, side, holdId: command.outcome.holdId, ledgerCommandId, heldAt: now },
      },
    ]);
  return accepted([
    {
      type: 'ApplicationSideHoldRefused',
      data: {
        applicationId,
        side,
        ledgerCommandId,
        rejection: command.outcome.rejection,
        refusedAt: now,
      },
    },
  ]);
}

export function recordSettled(command: RecordSettled, app: OpenApplication): OutcomeDecision {
  if (app.settled) return accepted([]);
  if (!app.confirmRequested) return invalid(app);
  return accepted([
    {
      type: 'ApplicationSettled',
      data: {
        applicationId: app.terms.applicationId,
        ledgerCommandId: command.ledgerCommandId,
        settledAt: command.now,
      },
    },
  ]);
}

export function recordSideReleased(
  command: RecordSideReleased,
  app: OpenApplication,
): OutcomeDecision {
  const { side } = command;
  if (app.sides[side].status === 'released') return accepted([]);
  if (app.ending === null || app.sides[side].status !== 'held') return invalid(app);
  const data = {
    applicationId: app.terms.applicationId,
    side,
    ledgerCommandId: command.ledgerCommandId,
    releasedAt: command.now,
  };
  return accepted([{ type: 'ApplicationSideReleased', data }]);
}

export function recordDealStage(command: RecordDealStage, app: OpenApplication): OutcomeDecision {
  if (app.dealStage === command.stage) return accepted([]);
  const data = {
    applicationId: app.terms.applicationId,
    stage: command.stage,
    recordedAt: command.now,
  };
  return accepted([{ type: 'ApplicationDealRecorded', data }]);
}

export function recordEnded(command: RecordEnded, app: OpenApplication): OutcomeDecision {
  if (app.ended) return accepted([]);
  if (app.ending === null) return invalid(app);
  const held = app.sides.seller.status === 'held' || app.sides.buyer.status === 'held';
  if (held || (app.reserved && app.dealStage !== 'freed')) return invalid(app);
  const data = {
    applicationId: app.terms.applicationId,
    outcome: app.ending.outcome,
    endedAt: command.now,
  };
  return accepted([{ type: 'ApplicationEnded', data }]);
}
