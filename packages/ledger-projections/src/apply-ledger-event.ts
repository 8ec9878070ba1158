import type { RecordedEvent } from '@ledger/event-store';
import type {
  AccountOpened,
  AccountStatusChanged,
  DailyLimitSet,
  HeldMoved,
  HoldCaptured,
  HoldExpired,
  HoldPartlyCaptured,
  HoldPlaced,
  HoldReleased,
  Leg,
  TransferPosted,
} from '@ledger/ledger';
import { accountTransferCauses, systemRolesNegativeAllowed } from '@ledger/ledger';
import { accountNumberOf, memberSeqOf, seqOfWalletAccountId } from './account-identity.ts';
import type {
  AccountRow,
  AssetTotalRow,
  HoldRow,
  LedgerBatch,
  LogRow,
  LogSide,
} from './ledger-batch.ts';
import { minorUnitsOf } from './minor-units.ts';
import { ProjectionInvariantError } from './projection-invariant-error.ts';

/**
 * Applies one ledger event to the batch in memory and checks, after it, every invariant it could
 * have broken: the accounts exist and hold the leg's asset, no available balance below zero where
 * none is allowed, held never negative, a hold resolves once and for what it held. A failure
 * throws ProjectionInvariantError naming the event: the projection stops.
 */
export function applyLedgerEvent(batch: LedgerBatch, event: RecordedEvent): void {
  const context = new EventContext(batch, event);
  const apply = appliers[event.type];
  if (apply === undefined) {
    throw new ProjectionInvariantError(event, 'an event type the ledger projection does not know');
  }
  apply(context, event.data);
}

type Applier = (context: EventContext, data: unknown) => void;

/** The kinds of account money moves between (a limit account only counts a daily limit). */
const moneyKinds: readonly AccountRow['kind'][] = ['member', 'system'];
const metadataFields = { actor: 'metadata.actor', commandId: 'metadata.commandId' } as const;

/** A log row's side as its applier knows it; the row's ordinal on the account is added by `log`. */
type SideInput = Omit<LogSide, 'ordinal'>;

/**
 * Whether instant `a` is before instant `b`. The writer's times are `toISOString` text (24
 * characters, UTC), whose order is the instants' order; any other form is parsed.
 */
export function isEarlier(a: string, b: string): boolean {
  if (a.length === 24 && b.length === 24 && a.endsWith('Z') && b.endsWith('Z')) return a < b;
  return Date.parse(a) < Date.parse(b);
}

const appliers: Record<string, Applier> = {
  AccountOpened: (context, data) => openAccount(context, data as AccountOpened['data']),
  AccountStatusChanged: (context, data) =>
    changeStatus(context, data as AccountStatusChanged['data']),
  TransferPosted: (context, data) => postTransfer(context, data as TransferPosted['data']),
  HoldPlaced: (context, data) => placeHold(context, data as HoldPlaced['data']),
  HoldCaptured: (context, data) => captureHold(context, data as HoldCaptured['data']),
  HoldPartlyCaptured: (context, data) =>
    captureHoldPart(context, data as HoldPartlyCaptured['data']),
  HeldMoved: (context, data) => moveHeld(context, data as HeldMoved['data']),
  HoldReleased: (context, data) =>
    endHold(context, data as HoldReleased['data'], 'released', 'releasedAt'),
  HoldExpired: (context, data) =>
    endHold(context, data as HoldExpired['data'], 'expired', 'expiredAt'),
  DailyLimitSet: (context, data) => setDailyLimit(context, data as DailyLimitSet['data']),
  // Folded as a no-op by the ledger too: a rejection moves nothing.
  CommandRejected: () => {},
};

/** The event being applied, with the checks every applier shares. */
class EventContext {
  readonly batch: LedgerBatch;
  readonly event: RecordedEvent;
  #nextIndex = 0;
  readonly touched = new Set<AccountRow>();

  constructor(batch: LedgerBatch, event: RecordedEvent) {
    this.batch = batch;
    this.event = event;
  }

  fail(message: string): never {
    throw new ProjectionInvariantError(this.event, message);
  }

  check(condition: boolean, message: string): asserts condition {
    if (!condition) this.fail(message);
  }

  // The hot checks below build their message only when they fail (a template literal is a new
  // string on every call, failing or not: a few per leg, all garbage).
  text(value: unknown, field: string): string {
    if (typeof value !== 'string' || value.length === 0) this.fail(`${field} is not a text`);
    return value;
  }

  amount(value: unknown, decimalPoint: number, field: string): bigint {
    const text = this.text(value, field);
    let units: bigint;
    try {
      units = minorUnitsOf(text, decimalPoint);
    } catch {
      return this.fail(`${field} ${text} is not an amount of ${decimalPoint} decimals`);
    }
    if (units <= 0n && field !== 'daily limit') this.fail(`${field} ${text} is not positive`);
    return units;
  }

  account(accountId: unknown, kinds: readonly AccountRow['kind'][] = moneyKinds) {
    const id = this.text(accountId, 'account');
    const account = this.batch.accounts.get(id);
    if (account === undefined) return this.fail(`account ${id} was never opened`);
    if (!kinds.includes(account.kind)) this.fail(`account ${id} is a ${account.kind} account here`);
    return account;
  }

  asset(asset: string): AssetTotalRow {
    const row = this.batch.assets.get(asset);
    if (row === undefined) return this.fail(`asset ${asset} has no account`);
    return row;
  }

  /** Marks an account changed by this event; its balance checks run in `finish`. */
  touch(account: AccountRow): void {
    account.lastRevision = this.event.revision;
    account.lastPosition = this.position();
    this.batch.accountsChanged.add(account.account);
    this.touched.add(account);
  }

  position(): string {
    const { position } = this.event;
    return position ?? this.fail('the store gave no global position');
  }

  metadata(field: 'actor' | 'commandId'): string {
    return this.text(this.event.metadata[field], metadataFields[field]);
  }

  log(
    row: Omit<
      LogRow,
      'entry' | 'revision' | 'position' | 'eventType' | 'actor' | 'commandId' | 'debit' | 'credit'
    > & { debit: SideInput | null; credit: SideInput | null },
  ) {
    this.check(this.#nextIndex < 1024, 'more than 1024 log rows from one event');
    // Each side's account counts the row (its log pages' total) and numbers it; both are loaded
    // and touched.
    const debit = row.debit === null ? null : this.#logSide(row.debit, row.occurredAt);
    const credit = row.credit === null ? null : this.#logSide(row.credit, row.occurredAt);
    // Written out rather than spread: one object of one shape per row.
    this.batch.log.push({
      entry: this.event.revision * 1024n + BigInt(this.#nextIndex),
      revision: this.event.revision,
      position: this.position(),
      occurredAt: row.occurredAt,
      eventType: this.event.type,
      cause: row.cause,
      transferId: row.transferId,
      holdId: row.holdId,
      asset: row.asset,
      decimalPoint: row.decimalPoint,
      amount: row.amount,
      debit,
      credit,
      actor: this.metadata('actor'),
      commandId: this.metadata('commandId'),
    });
    this.#nextIndex += 1;
  }

  #logSide(side: SideInput, occurredAt: string): LogSide {
    const account = this.batch.accounts.get(side.account);
    if (account === undefined) this.fail(`account ${side.account} was never opened`);
    account.logRows += 1;
    if (account.logLastAt === null || !isEarlier(occurredAt, account.logLastAt)) {
      account.logLastAt = occurredAt;
    } else {
      account.logTimesOrdered = false;
    }
    return {
      account: side.account,
      balanceAfter: side.balanceAfter,
      heldAfter: side.heldAfter,
      ordinal: account.logRows,
    };
  }

  /** After the event: no forbidden negative, held within [0, balance] where no overdraft is allowed. */
  finish(): void {
    for (const account of this.touched) {
      if (account.held < 0n) this.fail(`account ${account.account} holds a negative amount`);
      if (!account.isNegativeAllowed && account.balance - account.held < 0n) {
        this.fail(`account ${account.account} would have a negative available balance`);
      }
    }
  }
}

function openAccount(context: EventContext, data: AccountOpened['data']): void {
  const { batch, event } = context;
  const id = context.text(data.account, 'account');
  context.check(!batch.accounts.has(id), `account ${id} is opened twice`);
  const decimalPoint = data.decimalPoint;
  context.check(Number.isInteger(decimalPoint) && decimalPoint >= 0 && decimalPoint <= 18, 'scale');
  const asset = context.text(data.asset, 'asset');
  const kind = data.kind;
  context.check(kind === 'member' || kind === 'system' || kind === 'limit', 'unknown kind');
  const memberId = kind === 'system' ? null : context.text(data.memberId, 'memberId');
  const systemRole = kind === 'system' ? context.text(data.systemRole, 'systemRole') : null;
  const seq = kind === 'member' ? (seqOfWalletAccountId(id) ?? null) : null;
  const account: AccountRow = {
    account: id,
    seq,
    accountNumber: seq === null ? null : accountNumberOf(seq),
    kind,
    memberId,
    memberSeq: memberSeqOf(memberId) ?? null,
    systemRole,
    asset,
    decimalPoint,
    status: 'normal',
    balance: 0n,
    held: 0n,
    dailyLimit: kind === 'limit' ? 0n : null,
    isNegativeAllowed:
      systemRole !== null && systemRolesNegativeAllowed.has(systemRole as 'chainClearing'),
    openedAt: context.text(data.openedAt, 'openedAt'),
    lastRevision: event.revision,
    lastPosition: context.position(),
    logRows: 0,
    logLastAt: null,
    logTimesOrdered: true,
  };
  batch.accounts.set(id, account);
  batch.accountsOpened.add(id);
  if (kind !== 'limit') countAccount(context, account);
}

function countAccount(context: EventContext, account: AccountRow): void {
  const { batch } = context;
  let totals = batch.assets.get(account.asset);
  if (totals === undefined) {
    totals = {
      asset: account.asset,
      decimalPoint: account.decimalPoint,
      balanceTotal: 0n,
      memberBalanceTotal: 0n,
      memberHeldTotal: 0n,
      systemBalanceTotal: 0n,
      memberAccounts: 0,
      systemAccounts: 0,
      accountTransferRows: 0,
      lastRevision: context.event.revision,
    };
    batch.assets.set(account.asset, totals);
  }
  context.check(totals.decimalPoint === account.decimalPoint, 'the asset scale changed');
  if (account.kind === 'member') totals.memberAccounts += 1;
  else totals.systemAccounts += 1;
  totals.lastRevision = context.event.revision;
  batch.assetsChanged.add(account.asset);
}

function changeStatus(context: EventContext, data: AccountStatusChanged['data']): void {
  const account = context.account(data.account, ['member', 'system', 'limit']);
  context.check(account.status === data.statusPrevious, 'statusPrevious is not the status held');
  context.check(data.status === 'normal' || data.status === 'fraud', 'unknown status');
  context.check(data.status !== account.status, 'the status does not change');
  account.status = data.status;
  context.touch(account);
}

function setDailyLimit(context: EventContext, data: DailyLimitSet['data']): void {
  const account = context.account(data.account, ['limit']);
  account.dailyLimit = context.amount(data.amount, account.decimalPoint, 'daily limit');
  context.touch(account);
  context.finish();
}

/** Moves one leg between two accounts and logs it with both balances after. */
function moveLeg(
  context: EventContext,
  leg: Leg,
  cause: string,
  ids: { transferId: string | null; holdId: string | null },
  occurredAt: string,
): bigint {
  const debit = context.account(leg.debit);
  const credit = context.account(leg.credit);
  if (debit === credit) context.fail(`a leg debits and credits ${debit.account}`);
  if (debit.asset !== leg.asset) context.fail(`${debit.account} does not hold ${leg.asset}`);
  if (credit.asset !== leg.asset) context.fail(`${credit.account} does not hold ${leg.asset}`);
  const amount = context.amount(leg.amount, debit.decimalPoint, 'leg amount');
  debit.balance -= amount;
  credit.balance += amount;
  const totals = context.asset(leg.asset);
  countLegSide(context, totals, debit, -amount);
  countLegSide(context, totals, credit, amount);
  totals.lastRevision = context.event.revision;
  context.batch.assetsChanged.add(leg.asset);
  context.log({
    occurredAt,
    cause,
    transferId: ids.transferId,
    holdId: ids.holdId,
    asset: leg.asset,
    decimalPoint: debit.decimalPoint,
    amount,
    debit: { account: debit.account, balanceAfter: debit.balance, heldAfter: debit.held },
    credit: { account: credit.account, balanceAfter: credit.balance, heldAfter: credit.held },
  });
  return amount;
}

/** One side of a leg in its asset's totals (members' or system's), the account marked changed. */
function countLegSide(
  context: EventContext,
  totals: AssetTotalRow,
  account: AccountRow,
  delta: bigint,
): void {
  if (account.kind === 'member') totals.memberBalanceTotal += delta;
  else totals.systemBalanceTotal += delta;
  totals.balanceTotal += delta;
  context.touch(account);
}

function postTransfer(context: EventContext, data: TransferPosted['data']): void {
  context.check(Array.isArray(data.legs) && data.legs.length > 0, 'a transfer without legs');
  const transferId = context.text(data.transferId, 'transferId');
  const occurredAt = context.text(data.postedAt, 'postedAt');
  const isAccountTransfer = (accountTransferCauses as readonly string[]).includes(data.cause);
  for (const leg of data.legs) {
    moveLeg(context, leg, data.cause, { transferId, holdId: null }, occurredAt);
    if (isAccountTransfer) context.asset(leg.asset).accountTransferRows += 1;
  }
  context.finish();
}

/** Changes an account's held amount (and the member held total of its asset). */
function changeHeld(context: EventContext, account: AccountRow, delta: bigint): void {
  account.held += delta;
  if (account.kind === 'member') {
    const totals = context.asset(account.asset);
    totals.memberHeldTotal += delta;
    totals.lastRevision = context.event.revision;
    context.batch.assetsChanged.add(account.asset);
  }
  context.touch(account);
}

/** A hold change is logged on its account alone: the balance stays, the held amount moves. */
function logHold(context: EventContext, account: AccountRow, hold: HoldRow) {
  context.log({
    occurredAt: hold.resolvedAt ?? hold.placedAt,
    cause: hold.reason,
    transferId: null,
    holdId: hold.holdId,
    asset: account.asset,
    decimalPoint: account.decimalPoint,
    amount: hold.amount,
    debit: { account: account.account, balanceAfter: account.balance, heldAfter: account.held },
    credit: null,
  });
}

function placeHold(context: EventContext, data: HoldPlaced['data']): void {
  const { batch, event } = context;
  const account = context.account(data.account);
  const holdId = context.text(data.holdId, 'holdId');
  context.check(!batch.holds.has(holdId), `hold ${holdId} is placed twice`);
  context.check(account.asset === data.asset, `hold ${holdId} names another asset`);
  const hold: HoldRow = {
    holdId,
    account: account.account,
    asset: account.asset,
    decimalPoint: account.decimalPoint,
    amount: context.amount(data.amount, account.decimalPoint, 'hold amount'),
    reason: context.text(data.reason, 'reason'),
    status: 'open',
    amountCaptured: null,
    amountReleased: null,
    placedAt: context.text(data.placedAt, 'placedAt'),
    expiresAt: data.expiresAt ?? null,
    resolvedAt: null,
    limitAccount: data.limit?.account ?? null,
    limitDay: data.limit?.day ?? null,
    placedRevision: event.revision,
    lastRevision: event.revision,
  };
  batch.holds.set(holdId, hold);
  batch.holdsPlaced.add(holdId);
  changeHeld(context, account, hold.amount);
  logHold(context, account, hold);
  context.finish();
}

/** The open hold an event resolves, checked against what the event says it held. */
function openHold(context: EventContext, holdId: unknown, account: AccountRow): HoldRow {
  const id = context.text(holdId, 'holdId');
  const hold = context.batch.holds.get(id);
  if (hold === undefined) return context.fail(`hold ${id} was never placed`);
  context.check(hold.status === 'open', `hold ${id} is already ${hold.status}`);
  context.check(hold.account === account.account, `hold ${id} is on another account`);
  return hold;
}

function resolveHold(context: EventContext, hold: HoldRow, status: HoldRow['status'], at: string) {
  hold.status = status;
  hold.resolvedAt = at;
  hold.lastRevision = context.event.revision;
  context.batch.holdsChanged.add(hold.holdId);
}

function captureHold(context: EventContext, data: HoldCaptured['data']): void {
  const account = context.account(data.account);
  const hold = openHold(context, data.holdId, account);
  const captured = context.amount(data.amount, account.decimalPoint, 'captured amount');
  const released = minorUnitsOrZero(context, data.amountReleased, account.decimalPoint);
  context.check(captured + released === hold.amount, `hold ${hold.holdId} resolves another amount`);
  resolveHold(context, hold, 'captured', context.text(data.capturedAt, 'capturedAt'));
  hold.amountCaptured = (hold.amountCaptured ?? 0n) + captured;
  hold.amountReleased = released;
  changeHeld(context, account, -hold.amount);
  context.check(Array.isArray(data.legs) && data.legs.length > 0, 'a capture without legs');
  let legsTotal = 0n;
  const ids = { transferId: context.text(data.transferId, 'transferId'), holdId: hold.holdId };
  for (const leg of data.legs) {
    context.check(leg.debit === account.account, 'a capture leg leaves another account');
    legsTotal += moveLeg(context, leg, data.cause, ids, hold.resolvedAt as string);
  }
  context.check(legsTotal === captured, `the legs of hold ${hold.holdId} sum to another amount`);
  context.finish();
}

/**
 * Part of a hold captured, the rest kept held: the legs move as a capture's do, the hold stays
 * open holding the rest, and its captured amount adds up what its captures took so far.
 */
function captureHoldPart(context: EventContext, data: HoldPartlyCaptured['data']): void {
  const account = context.account(data.account);
  const hold = openHold(context, data.holdId, account);
  const captured = context.amount(data.amount, account.decimalPoint, 'captured amount');
  const left = context.amount(data.amountLeft, account.decimalPoint, 'amount left');
  context.check(captured + left === hold.amount, `hold ${hold.holdId} holds another amount`);
  const at = context.text(data.capturedAt, 'capturedAt');
  hold.amount = left;
  hold.amountCaptured = (hold.amountCaptured ?? 0n) + captured;
  hold.lastRevision = context.event.revision;
  context.batch.holdsChanged.add(hold.holdId);
  changeHeld(context, account, -captured);
  context.check(Array.isArray(data.legs) && data.legs.length > 0, 'a capture without legs');
  let legsTotal = 0n;
  const ids = { transferId: context.text(data.transferId, 'transferId'), holdId: hold.holdId };
  for (const leg of data.legs) {
    context.check(leg.debit === account.account, 'a capture leg leaves another account');
    legsTotal += moveLeg(context, leg, data.cause, ids, at);
  }
  context.check(legsTotal === captured, `the legs of hold ${hold.holdId} sum to another amount`);
  context.finish();
}

/** The hold a move goes into: the open one on the same account, or a new one it places. */
function holdMovedInto(
  context: EventContext,
  data: HeldMoved['data'],
  account: AccountRow,
  at: string,
): HoldRow {
  const { batch, event } = context;
  const toHoldId = context.text(data.toHoldId, 'toHoldId');
  if (!data.toHoldPlaced) {
    const to = openHold(context, toHoldId, account);
    to.lastRevision = event.revision;
    batch.holdsChanged.add(toHoldId);
    return to;
  }
  context.check(!batch.holds.has(toHoldId), `hold ${toHoldId} is placed twice`);
  const placed: HoldRow = {
    holdId: toHoldId,
    account: account.account,
    asset: account.asset,
    decimalPoint: account.decimalPoint,
    amount: 0n,
    reason: context.text(data.reason, 'reason'),
    status: 'open',
    amountCaptured: null,
    amountReleased: null,
    placedAt: at,
    expiresAt: null,
    resolvedAt: null,
    limitAccount: null,
    limitDay: null,
    placedRevision: event.revision,
    lastRevision: event.revision,
  };
  batch.holds.set(toHoldId, placed);
  batch.holdsPlaced.add(toHoldId);
  return placed;
}

/**
 * Held funds moved between two holds of one account: the account's balance and held total stay;
 * the from hold holds less (resolved as moved, keeping what it held last, when nothing is left),
 * the to hold more. Logged as two hold rows on the account, one per hold, each of the moved amount.
 */
function moveHeld(context: EventContext, data: HeldMoved['data']): void {
  const account = context.account(data.account);
  const from = openHold(context, data.fromHoldId, account);
  const moved = context.amount(data.amount, account.decimalPoint, 'moved amount');
  const left = minorUnitsOrZero(context, data.amountLeft, account.decimalPoint);
  context.check(moved + left === from.amount, `hold ${from.holdId} holds another amount`);
  const at = context.text(data.movedAt, 'movedAt');
  const to = holdMovedInto(context, data, account, at);
  const toAmount = context.amount(data.toHoldAmount, account.decimalPoint, 'to hold amount');
  context.check(to.amount + moved === toAmount, `hold ${to.holdId} holds another amount`);
  to.amount = toAmount;
  if (left === 0n) {
    resolveHold(context, from, 'moved', at);
  } else {
    from.amount = left;
    from.lastRevision = context.event.revision;
    context.batch.holdsChanged.add(from.holdId);
  }
  context.touch(account);
  for (const hold of [from, to]) logHoldChange(context, account, hold, moved, at);
  context.finish();
}

function logHoldChange(
  context: EventContext,
  account: AccountRow,
  hold: HoldRow,
  amount: bigint,
  occurredAt: string,
): void {
  context.log({
    occurredAt,
    cause: hold.reason,
    transferId: null,
    holdId: hold.holdId,
    asset: account.asset,
    decimalPoint: account.decimalPoint,
    amount,
    debit: { account: account.account, balanceAfter: account.balance, heldAfter: account.held },
    credit: null,
  });
}

function minorUnitsOrZero(context: EventContext, value: unknown, decimalPoint: number): bigint {
  const text = context.text(value, 'amountReleased');
  try {
    const units = minorUnitsOf(text, decimalPoint);
    context.check(units >= 0n, 'a negative release');
    return units;
  } catch (error) {
    if (error instanceof ProjectionInvariantError) throw error;
    return context.fail(`amountReleased ${text} is not an amount`);
  }
}

function endHold(
  context: EventContext,
  data: HoldReleased['data'] | HoldExpired['data'],
  status: 'released' | 'expired',
  timeField: 'releasedAt' | 'expiredAt',
): void {
  const account = context.account(data.account);
  const hold = openHold(context, data.holdId, account);
  const amount = context.amount(data.amount, account.decimalPoint, 'released amount');
  context.check(amount === hold.amount, `hold ${hold.holdId} releases another amount`);
  const at = (data as unknown as Record<string, unknown>)[timeField];
  resolveHold(context, hold, status, context.text(at, timeField));
  hold.amountReleased = amount;
  changeHeld(context, account, -amount);
  logHold(context, account, hold);
  context.finish();
}
