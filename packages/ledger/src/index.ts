/**
 * @ledger/ledger: the pure ledger domain. One deterministic decider over every account (DESIGN.md
 * §3), exact money, and the snapshot and balance helpers the writer and the auditor need. No I/O,
 * no clock, no randomness: time and ids arrive inside commands.
 */
export { AssertionError, assert } from '@ledger/decider';
export {
  type AccountBalance,
  type LimitUsage,
  readAccountBalance,
  readBalances,
  readLimitUsage,
} from './ledger-balances.ts';
export type {
  CaptureHolds,
  ChangeAccountStatus,
  CommandInput,
  CommandMetadata,
  ExpireHold,
  HoldAlongside,
  HoldCapture,
  LedgerCommand,
  LedgerCommandInput,
  LedgerCommandType,
  MoveHeld,
  OpenAccount,
  PlaceHold,
  PlaceHoldInput,
  PostTransfer,
  ReleaseHold,
  SetDailyLimit,
} from './ledger-commands.ts';
export { decide, evolve, ledgerDecider } from './ledger-decider.ts';
export type { LedgerDecision } from './ledger-decision.ts';
export type {
  AccountOpened,
  AccountStatusChanged,
  CommandRejected,
  DailyLimitSet,
  HeldMoved,
  HoldCaptured,
  HoldExpired,
  HoldPartlyCaptured,
  HoldPlaced,
  HoldReleased,
  LedgerEvent,
  LedgerEventType,
  LedgerStreamEvent,
  TransferPosted,
} from './ledger-events.ts';
export { commandRejected, decidedAtOf } from './ledger-events.ts';
export { assertLedgerInvariants } from './ledger-invariants.ts';
export {
  assetCodeLengthMax,
  capturesPerCommandMax,
  identifierLengthMax,
  labelLengthMax,
  legsPerTransferMax,
} from './ledger-limits.ts';
export type {
  LedgerRejection,
  LedgerRejectionOf,
  LedgerRejectionType,
} from './ledger-rejections.ts';
export {
  type AccountState,
  type AssetState,
  type HoldState,
  initialState,
  type LedgerState,
  type LimitAccountState,
  type MoneyAccountState,
} from './ledger-state.ts';
export {
  type AccountId,
  type AccountKind,
  type AccountOwner,
  type AccountStatus,
  type AccountTransferCause,
  type AmountText,
  type AssetCode,
  accountTransferCauses,
  type Day,
  type HoldId,
  type HoldResolution,
  type Leg,
  type LimitDraw,
  type MemberId,
  type SystemRole,
  systemAccountId,
  systemRoles,
  systemRolesNegativeAllowed,
  systemRolesOwedToOthers,
  type Timestamp,
  type TransferId,
} from './ledger-types.ts';
export {
  type AmountSigns,
  allocateAmount,
  amountFromDecimal,
  amountIntegerDigitsMax,
  convertAmountPaid,
  convertAmountReceived,
  Decimal,
  decimalFromAmount,
  decimalPointDefault,
  decimalPointMax,
  decimalPointMin,
  feeCharged,
  formatAmount,
  isDecimalPoint,
  parseAmount,
  type RoundingModeName,
  tryParseAmount,
} from './money.ts';
export {
  deserializeState,
  type SerializedAccount,
  type SerializedHold,
  type SerializedLedgerState,
  serializeState,
} from './state-serialization.ts';
