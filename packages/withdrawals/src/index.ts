/**
 * @ledger/withdrawals: the withdrawal process, pure (DESIGN.md §3, Processes; docs/adr/0014). The
 * decider and its state, the events of a withdrawal's stream, the next step an unfinished
 * withdrawal needs (each money step one ledger command with a derived id) and the amounts. No I/O,
 * no clock, no randomness: services/withdrawal-processor runs it.
 */

export {
  decideWithdrawPolicy,
  evolveWithdrawPolicy,
  initialWithdrawPolicyState,
  type WithdrawPolicy,
  type WithdrawPolicyRejection,
  type WithdrawPolicySet,
  type WithdrawPolicyState,
  withdrawPolicyStream,
  withdrawPolicyStreamPrefix,
} from './withdraw-policy.ts';
export {
  netAmountOf,
  type WithdrawalAmountsInput,
  type WithdrawalAmountsProblem,
} from './withdrawal-amounts.ts';
export {
  decideWithdrawal,
  isReason,
  type LedgerOutcome,
  type WithdrawalCommand,
  type WithdrawalDecision,
  type WithdrawalRejection,
} from './withdrawal-decider.ts';
export * from './withdrawal-events.ts';
export {
  type WithdrawalFee,
  type WithdrawalFeeSource,
  withdrawalFeeOf,
} from './withdrawal-fee.ts';
export {
  evolveWithdrawal,
  type HoldStanding,
  initialWithdrawalState,
  type OpenWithdrawal,
  type WithdrawalState,
  type WithdrawTransfer,
} from './withdrawal-state.ts';
export {
  type CaptureHoldsCommand,
  captureCommand,
  hasFeeHold,
  holdIdsOf,
  isUnfinished,
  ledgerCommandIdsOf,
  nextStep,
  type PlaceHoldCommand,
  placeHoldCommand,
  type ReleaseHoldCommand,
  transferIdOf,
  type WithdrawalStep,
  withdrawalActor,
  withdrawalCause,
} from './withdrawal-steps.ts';
