import type {
  AccountId,
  AccountOwner,
  AccountStatus,
  AmountText,
  AssetCode,
  HoldId,
  Leg,
  LimitDraw,
  Timestamp,
  TransferId,
} from './ledger-types.ts';

/**
 * What every command carries besides its data. `now` is the writer's clock reading for the command,
 * in canonical ISO 8601 UTC; the decider never reads a clock, so deciding again gives the same answer.
 */
export type CommandMetadata = { now: Timestamp };

type LedgerCommandOf<Type extends string, Data> = {
  type: Type;
  data: Data;
  metadata: CommandMetadata;
};

/** Opens an account; several accounts per member and asset are allowed. */
export type OpenAccount = LedgerCommandOf<
  'OpenAccount',
  { account: AccountId; asset: AssetCode; decimalPoint: number } & AccountOwner
>;

/** Sets an account to normal or fraud; a fraud account accepts no new debit or hold. */
export type ChangeAccountStatus = LedgerCommandOf<
  'ChangeAccountStatus',
  { account: AccountId; status: AccountStatus }
>;

/** Moves money along every leg at once, or not at all. */
export type PostTransfer = LedgerCommandOf<
  'PostTransfer',
  { transferId: TransferId; legs: readonly Leg[]; cause: string }
>;

/**
 * A further hold a PlaceHold places in the same decision (a withdrawal's fee, possibly on an
 * account of another asset). It draws on no limit and shares the main hold's expiry.
 */
export type HoldAlongside = {
  holdId: HoldId;
  account: AccountId;
  amount: AmountText;
  reason: string;
};

/**
 * Reserves `amount` of an account's available balance. With `limit`, the hold also draws on that
 * limit account for `limit.day`, the day of `metadata.now` in the service time zone. With
 * `oneTimeMax`, an amount above it is refused (a member's one-time withdrawal limit). With
 * `alongside`, those holds are placed too, all or none (every account's holds together must fit
 * its available balance): what a withdrawal takes from each account, in one decision.
 */
export type PlaceHold = LedgerCommandOf<
  'PlaceHold',
  {
    holdId: HoldId;
    account: AccountId;
    amount: AmountText;
    reason: string;
    expiresAt?: Timestamp;
    limit?: LimitDraw;
    oneTimeMax?: AmountText;
    alongside?: readonly HoldAlongside[];
  }
>;

/**
 * One hold to capture: its legs all debit the hold's account; their sum is the captured amount.
 * `rest` says what becomes of the part not captured: `release` (the default) gives it back and
 * closes the hold; `keep` leaves it held, so the hold stays open for later captures.
 */
export type HoldCapture = { holdId: HoldId; legs: readonly Leg[]; rest?: 'release' | 'keep' };

/**
 * Captures one or more holds, in full or in part (the rest released, or kept held), and optionally
 * posts further legs, all in one decision: a fill of two assets captures both holds at once.
 */
export type CaptureHolds = LedgerCommandOf<
  'CaptureHolds',
  {
    transferId: TransferId;
    cause: string;
    captures: readonly HoldCapture[];
    legs?: readonly Leg[];
  }
>;

/**
 * Moves `amount` of the open hold `fromHoldId` into the hold `toHoldId` on the same account, in one
 * decision, so the amount is never free in between: into a new hold (placed with `reason`, no
 * expiry, no limit draw) or into an open one. The account's held total does not change; a hold
 * whose whole amount moves is resolved as moved. Holds that draw on a daily limit never move.
 */
export type MoveHeld = LedgerCommandOf<
  'MoveHeld',
  { fromHoldId: HoldId; toHoldId: HoldId; amount: AmountText; reason: string }
>;

/** Gives a whole open hold back to its account (and its limit draw back to its day). */
export type ReleaseHold = LedgerCommandOf<'ReleaseHold', { holdId: HoldId }>;

/** Releases an open hold whose expiresAt is at or before `metadata.now`. */
export type ExpireHold = LedgerCommandOf<'ExpireHold', { holdId: HoldId }>;

/** Sets the allowance per day of a limit account; policy changes reach the ledger this way. */
export type SetDailyLimit = LedgerCommandOf<
  'SetDailyLimit',
  { account: AccountId; amount: AmountText }
>;

export type LedgerCommand =
  | OpenAccount
  | ChangeAccountStatus
  | PostTransfer
  | PlaceHold
  | CaptureHolds
  | MoveHeld
  | ReleaseHold
  | ExpireHold
  | SetDailyLimit;

export type LedgerCommandType = LedgerCommand['type'];

/** A command as a caller submits it to the ledger writer: without metadata (the writer stamps `now`). */
export type CommandInput<Command extends LedgerCommand> = Omit<Command, 'metadata'>;

/**
 * A PlaceHold as submitted: the writer stamps `metadata.now` and computes the limit `day` from it
 * in the service time zone, so the caller names only the limit account.
 */
export type PlaceHoldInput = {
  type: 'PlaceHold';
  data: Omit<PlaceHold['data'], 'limit'> & { limit?: { account: AccountId } };
};

/** Every ledger command as submitted (@ledger/ledger-client carries it to the writer). */
export type LedgerCommandInput =
  | CommandInput<OpenAccount>
  | CommandInput<ChangeAccountStatus>
  | CommandInput<PostTransfer>
  | PlaceHoldInput
  | CommandInput<CaptureHolds>
  | CommandInput<MoveHeld>
  | CommandInput<ReleaseHold>
  | CommandInput<ExpireHold>
  | CommandInput<SetDailyLimit>;
