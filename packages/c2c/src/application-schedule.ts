import { accepted, type Decision, rejected } from '@ledger/decider';
import { confirmRequested, ending, isReason } from './application-actions.ts';
import type { ExpireApplication, ResolveApplication } from './application-commands.ts';
import type { ApplicationEvent } from './application-events.ts';
import type { ApplicationRejection } from './application-rejections.ts';
import { finalStatuses, type OpenApplication } from './application-state.ts';

type ScheduleDecision = Decision<ApplicationEvent, ApplicationRejection>;

/**
 * The worker's expiry at the current deadline: a missed acceptance, deposit or payment window
 * ends the application as expired (what was held goes back); a missed release window after the
 * buyer paid opens a dispute and never cancels (guides/trading.md §1.3).
 */
export function expireApplication(
  command: ExpireApplication,
  app: OpenApplication,
): ScheduleDecision {
  const { deadline } = app;
  if (deadline === null || command.now < deadline.at)
    return rejected({ type: 'DeadlineNotDue', deadline: deadline?.at ?? null });
  if (deadline.reason === 'release') {
    const data = {
      applicationId: app.terms.applicationId,
      by: 'schedule' as const,
      actorSeq: null,
      openedAt: command.now,
    };
    return accepted([{ type: 'ApplicationDisputeOpened', data }]);
  }
  return ending(app, 'expired', 'schedule', null, deadline.reason, command.now);
}

/**
 * An administrator's verdict (SPEC §4, the status-change confirmation): confirm pays as the
 * seller's confirm would, only once the buyer's payment is held; return gives each side back what
 * it held, at any stage before the end. The reason is kept.
 */
export function resolveApplication(
  command: ResolveApplication,
  app: OpenApplication,
): ScheduleDecision {
  if (!isReason(command.reason)) return rejected({ type: 'ReasonInvalid' });
  const invalid: ScheduleDecision = rejected({
    type: 'ApplicationStateInvalid',
    status: app.status,
  });
  if (command.verdict === 'confirm') {
    if (app.confirmRequested) return accepted([]);
    if (app.status !== 'paid') return invalid;
    return confirmRequested(app, 'admin', command.actorSeq, command.reason, command.now);
  }
  if (app.ending?.outcome === 'returned') return accepted([]);
  if (finalStatuses.has(app.status) || app.ending !== null || app.confirmRequested) return invalid;
  return ending(app, 'returned', 'admin', command.actorSeq, command.reason, command.now);
}
