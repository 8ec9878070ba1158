import type {
  AccountId,
  AccountKind,
  AccountStatus,
  AmountText,
  AssetCode,
  Day,
  HoldId,
  HoldResolution,
  Timestamp,
} from './ledger-types.ts';

/**
 * Why the ledger refused a command: one named value per failure mode, carrying what the caller
 * needs to explain it (amounts as decimal strings). Rejections are values, never exceptions; every
 * field is JSON, so the writer can append one inside CommandRejected as it is.
 */
export type LedgerRejection =
  /**
   * A text field is malformed: an id or asset code (empty, too long, outside printable ASCII), a
   * cause or reason that is not a short label such as "withdrawal", or an unknown kind, system
   * role or status. The write API's schemas catch these first; the ledger never trusts them.
   */
  | { type: 'InvalidField'; field: string; value: string }
  /** decimal_point must be an integer in 0..18. */
  | { type: 'InvalidDecimalPoint'; asset: AssetCode; decimalPoint: number }
  /** The asset's decimal_point is frozen by its first account and cannot differ. */
  | {
      type: 'DecimalPointMismatch';
      asset: AssetCode;
      decimalPoint: number;
      decimalPointExpected: number;
    }
  /** Not a positive amount (zero allowed for limits) with exactly the asset's fraction digits. */
  | { type: 'InvalidAmount'; asset: AssetCode; amount: string; decimalPoint: number }
  /** expiresAt is not a canonical ISO 8601 UTC instant, or is not after now. */
  | { type: 'InvalidExpiry'; expiresAt: string; now: Timestamp }
  | { type: 'AccountAlreadyExists'; account: AccountId }
  | { type: 'AccountNotFound'; account: AccountId }
  /** The account is of a kind this use does not take: money legs never touch a limit account. */
  | {
      type: 'AccountKindNotAllowed';
      account: AccountId;
      kind: AccountKind;
      kindsAllowed: AccountKind[];
    }
  /** The account is marked fraud: no new debit or hold. */
  | { type: 'AccountFrozen'; account: AccountId }
  | { type: 'AccountStatusUnchanged'; account: AccountId; status: AccountStatus }
  /** The account holds another asset than the one named. */
  | { type: 'AssetMismatch'; account: AccountId; asset: AssetCode; assetRequested: AssetCode }
  | { type: 'LegCountInvalid'; count: number; countMin: number; countMax: number }
  /** A leg debits and credits the same account. */
  | { type: 'LegAccountsIdentical'; account: AccountId }
  /** `requested` is by how much the command would lower the account's available balance. */
  | { type: 'InsufficientFunds'; account: AccountId; available: AmountText; requested: AmountText }
  | { type: 'HoldAlreadyExists'; holdId: HoldId }
  | { type: 'HoldNotFound'; holdId: HoldId }
  | { type: 'HoldAlreadyResolved'; holdId: HoldId; resolution: HoldResolution }
  | { type: 'HoldNotExpired'; holdId: HoldId; expiresAt: Timestamp; now: Timestamp }
  | { type: 'HoldHasNoExpiry'; holdId: HoldId }
  | { type: 'CaptureCountInvalid'; count: number; countMin: number; countMax: number }
  /** The same hold appears twice in one CaptureHolds. */
  | { type: 'CaptureDuplicatesHold'; holdId: HoldId }
  /** A capture leg must debit the account the hold is on. */
  | { type: 'CaptureLegNotFromHoldAccount'; holdId: HoldId; account: AccountId; debit: AccountId }
  | { type: 'CaptureExceedsHold'; holdId: HoldId; held: AmountText; requested: AmountText }
  /** A MoveHeld asks for more than the from hold has left. */
  | { type: 'MoveExceedsHold'; holdId: HoldId; held: AmountText; requested: AmountText }
  /** A MoveHeld's open to hold is on another account than its from hold. */
  | { type: 'HoldAccountMismatch'; holdId: HoldId; account: AccountId; accountExpected: AccountId }
  /** A hold that draws on a daily limit cannot take part in a MoveHeld. */
  | { type: 'HoldDrawsOnLimit'; holdId: HoldId }
  /** The limit account belongs to another member or asset than the account the hold is on. */
  | { type: 'LimitNotForAccount'; limitAccount: AccountId; account: AccountId }
  /** A hold above the one-time limit the command carried (`oneTimeMax`). */
  | { type: 'OneTimeLimitExceeded'; account: AccountId; limit: AmountText; requested: AmountText }
  | {
      type: 'LimitExceeded';
      account: AccountId;
      day: Day;
      limit: AmountText;
      used: AmountText;
      requested: AmountText;
    };

export type LedgerRejectionType = LedgerRejection['type'];

/** A rejection of one type, for callers that switch on `type`. */
export type LedgerRejectionOf<Type extends LedgerRejectionType> = Extract<
  LedgerRejection,
  { type: Type }
>;
