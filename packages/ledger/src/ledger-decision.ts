import type { LedgerEvent } from './ledger-events.ts';
import type { LedgerRejection } from './ledger-rejections.ts';

/** The outcome of deciding one command: the events to append, or the named reason for refusing. */
export type LedgerDecision =
  | { kind: 'accepted'; events: LedgerEvent[] }
  | { kind: 'rejected'; rejection: LedgerRejection };

export function accepted(events: LedgerEvent[]): LedgerDecision {
  return { kind: 'accepted', events };
}

export function rejected(rejection: LedgerRejection): LedgerDecision {
  return { kind: 'rejected', rejection };
}
