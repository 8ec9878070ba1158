import type { LedgerRejection } from './ledger-rejections.ts';
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
 * The ledger's events, documented in docs/events.md. Events are contracts: a shipped shape never
 * changes. The writer adds the event id and metadata (command id, actor, ...) when it appends.
 */
type LedgerEventOf<Type extends string, Data> = { type: Type; data: Data };

export type AccountOpened = LedgerEventOf<
  'AccountOpened',
  { account: AccountId; asset: AssetCode; decimalPoint: number; openedAt: Timestamp } & AccountOwner
>;

export type AccountStatusChanged = LedgerEventOf<
  'AccountStatusChanged',
  {
    account: AccountId;
    status: AccountStatus;
    statusPrevious: AccountStatus;
    changedAt: Timestamp;
  }
>;

export type TransferPosted = LedgerEventOf<
  'TransferPosted',
  { transferId: TransferId; legs: Leg[]; cause: string; postedAt: Timestamp }
>;

export type HoldPlaced = LedgerEventOf<
  'HoldPlaced',
  {
    holdId: HoldId;
    account: AccountId;
    asset: AssetCode;
    amount: AmountText;
    reason: string;
    placedAt: Timestamp;
    expiresAt?: Timestamp;
    limit?: LimitDraw;
  }
>;

export type HoldCaptured = LedgerEventOf<
  'HoldCaptured',
  {
    holdId: HoldId;
    transferId: TransferId;
    account: AccountId;
    asset: AssetCode;
    amount: AmountText;
    amountReleased: AmountText;
    legs: Leg[];
    cause: string;
    capturedAt: Timestamp;
  }
>;

/**
 * Part of a hold captured with the rest kept held (a capture with `rest: 'keep'`): the hold stays
 * open with `amountLeft`. A capture that takes the whole hold is a HoldCaptured.
 */
export type HoldPartlyCaptured = LedgerEventOf<
  'HoldPartlyCaptured',
  {
    holdId: HoldId;
    transferId: TransferId;
    account: AccountId;
    asset: AssetCode;
    amount: AmountText;
    amountLeft: AmountText;
    legs: Leg[];
    cause: string;
    capturedAt: Timestamp;
  }
>;

/**
 * `amount` moved from one hold into another on the same account: the from hold keeps `amountLeft`
 * (zero: it is resolved as moved); the to hold, new when `toHoldPlaced` (with `reason`), holds
 * `toHoldAmount` after it. The account's balance and held total stay as they were.
 */
export type HeldMoved = LedgerEventOf<
  'HeldMoved',
  {
    fromHoldId: HoldId;
    toHoldId: HoldId;
    account: AccountId;
    asset: AssetCode;
    amount: AmountText;
    amountLeft: AmountText;
    toHoldAmount: AmountText;
    toHoldPlaced: boolean;
    reason: string;
    movedAt: Timestamp;
  }
>;

export type HoldReleased = LedgerEventOf<
  'HoldReleased',
  {
    holdId: HoldId;
    account: AccountId;
    asset: AssetCode;
    amount: AmountText;
    releasedAt: Timestamp;
  }
>;

export type HoldExpired = LedgerEventOf<
  'HoldExpired',
  {
    holdId: HoldId;
    account: AccountId;
    asset: AssetCode;
    amount: AmountText;
    expiredAt: Timestamp;
  }
>;

export type DailyLimitSet = LedgerEventOf<
  'DailyLimitSet',
  { account: AccountId; amount: AmountText; amountPrevious: AmountText; setAt: Timestamp }
>;

/** Every event a ledger decision can produce. */
export type LedgerEvent =
  | AccountOpened
  | AccountStatusChanged
  | TransferPosted
  | HoldPlaced
  | HoldCaptured
  | HoldPartlyCaptured
  | HeldMoved
  | HoldReleased
  | HoldExpired
  | DailyLimitSet;

export type LedgerEventType = LedgerEvent['type'];

/**
 * The writer's record of a rejected command (DESIGN.md §3, idempotency): it sits in the ledger
 * stream so a retry after a restart gets the same answer, and `evolve` folds it as a no-op.
 */
export type CommandRejected = LedgerEventOf<
  'CommandRejected',
  { commandId: string; bodyHash: string; rejection: LedgerRejection }
>;

/** Everything the ledger stream may hold. */
export type LedgerStreamEvent = LedgerEvent | CommandRejected;

/** Builds the CommandRejected event the writer appends for a rejected command. */
export function commandRejected(
  commandId: string,
  bodyHash: string,
  rejection: LedgerRejection,
): CommandRejected {
  return { type: 'CommandRejected', data: { bodyHash, commandId, rejection } };
}

/**
 * The instant an event records (the writer's clock reading when it was decided); none for a
 * CommandRejected, which records no time. A writer taking over starts its clock no earlier than
 * the newest of these, so the ledger's times never go back (packages/ledger-writer-core).
 */
export function decidedAtOf(event: LedgerStreamEvent): Timestamp | undefined {
  switch (event.type) {
    case 'AccountOpened':
      return event.data.openedAt;
    case 'AccountStatusChanged':
      return event.data.changedAt;
    case 'TransferPosted':
      return event.data.postedAt;
    case 'HoldPlaced':
      return event.data.placedAt;
    case 'HoldCaptured':
    case 'HoldPartlyCaptured':
      return event.data.capturedAt;
    case 'HeldMoved':
      return event.data.movedAt;
    case 'HoldReleased':
      return event.data.releasedAt;
    case 'HoldExpired':
      return event.data.expiredAt;
    case 'DailyLimitSet':
      return event.data.setAt;
    case 'CommandRejected':
      return undefined;
  }
}
