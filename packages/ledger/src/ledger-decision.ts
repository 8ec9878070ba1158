import {
  type Decision,
  accepted as kernelAccepted,
  rejected as kernelRejected,
} from '@ledger/decider';
import type { LedgerEvent } from './ledger-events.ts';
import type { LedgerRejection } from './ledger-rejections.ts';

/** The outcome of deciding one command: the events to append, or the named reason for refusing. */
export type LedgerDecision = Decision<LedgerEvent, LedgerRejection>;

export const accepted: (events: LedgerEvent[]) => LedgerDecision = kernelAccepted;

export const rejected: (rejection: LedgerRejection) => LedgerDecision = kernelRejected;
