/**
 * @ledger/adjustments: the forced-adjustment process, pure (DESIGN.md §3, Corrections;
 * reliability.md T14; docs/adr/0023): its events and stream, the maker-checker decider and its
 * state, and the one step an approved adjustment needs (one ledger command with a derived id).
 * No I/O, no clock, no randomness: the write API records its commands and runs its step on the
 * process runner of @ledger/process-kit.
 */

export {
  type AdjustmentCommand,
  type AdjustmentDecision,
  type AdjustmentRejection,
  type AdjustmentState,
  decideAdjustment,
  evolveAdjustment,
  initialAdjustmentState,
  isReason,
} from './adjustment-decider.ts';
export * from './adjustment-events.ts';
export {
  type AdjustmentStep,
  adjustmentActor,
  adjustmentLedgerCommandIdOf,
  nextAdjustmentStep,
} from './adjustment-steps.ts';
