import { accepted, type Decider, type Decision, rejected } from '@ledger/decider';
import {
  acceptApplication,
  cancelApplication,
  confirmApplication,
  markPaid,
  openDispute,
  rejectApplication,
  retryHold,
  returnApplication,
} from './application-actions.ts';
import type { ApplicationCommand } from './application-commands.ts';
import type { ApplicationEvent } from './application-events.ts';
import {
  recordDealStage,
  recordEnded,
  recordReservation,
  recordSettled,
  recordSideHold,
  recordSideReleased,
} from './application-outcomes.ts';
import type { ApplicationRejection } from './application-rejections.ts';
import { expireApplication, resolveApplication } from './application-schedule.ts';
import {
  type ApplicationState,
  evolveApplication,
  finalStatuses,
  initialApplicationState,
  type OpenApplication,
} from './application-state.ts';
import { fileApplication } from './file-application.ts';

export type ApplicationDecision = Decision<ApplicationEvent, ApplicationRejection>;

function decideOpen(
  command: Exclude<ApplicationCommand, { type: 'FileApplication' }>,
  app: OpenApplication,
): ApplicationDecision {
  switch (command.type) {
    case 'AcceptApplication':
      return acceptApplication(command, app);
    case 'RejectApplication':
      return rejectApplication(command, app);
    case 'CancelApplication':
      return cancelApplication(command, app);
    case 'MarkPaid':
      return markPaid(command, app);
    case 'ConfirmApplication':
      return confirmApplication(command, app);
    case 'ReturnApplication':
      return returnApplication(command, app);
    case 'OpenDispute':
      return openDispute(command, app);
    case 'RetryHold':
      return retryHold(command, app);
    case 'ResolveApplication':
      return resolveApplication(command, app);
    case 'ExpireApplication':
      return expireApplication(command, app);
    case 'RecordReservation':
      return recordReservation(command, app);
    case 'RecordSideHold':
      return recordSideHold(command, app);
    case 'RecordSettled':
      return recordSettled(command, app);
    case 'RecordSideReleased':
      return recordSideReleased(command, app);
    case 'RecordDealStage':
      return recordDealStage(command, app);
    case 'RecordEnded':
      return recordEnded(command, app);
  }
}

/**
 * Decides one application command; pure. Every transition is guarded by the current state, so
 * two actors racing (confirm, cancel, the schedule, an administrator) get exactly one winner: the
 * stream's expected revision orders them and the second is decided on the first one's outcome.
 */
export function decideApplication(
  command: ApplicationCommand,
  state: ApplicationState,
): ApplicationDecision {
  if (command.type === 'FileApplication') return fileApplication(command, state);
  if (state.status === 'none') return rejected({ type: 'ApplicationNotFound' });
  if (finalStatuses.has(state.status)) {
    const repeat = command.type.startsWith('Record');
    return repeat
      ? accepted([])
      : rejected({ type: 'ApplicationStateInvalid', status: state.status });
  }
  return decideOpen(command, state);
}

export const applicationDecider: Decider<
  ApplicationCommand,
  ApplicationEvent,
  ApplicationState,
  ApplicationRejection
> = {
  initialState: initialApplicationState,
  evolve: evolveApplication,
  decide: decideApplication,
};
