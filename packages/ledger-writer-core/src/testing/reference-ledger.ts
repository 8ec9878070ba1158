import type { AccountStatus, HoldResolution, LedgerRejectionType, Leg } from '@ledger/ledger';
import type { LedgerCommandInput } from '@ledger/ledger-client';

/**
 * The reference ledger of the model-based test (T11): a deliberately plain re-statement of what
 * the ledger promises, written from the command contracts and NOT from the decider's code (no
 * import of it): maps of bigint minor units, the rejections it predicts in the order the
 * contracts give them. Its own amount parser and its own calendar day (Asia/Seoul has been UTC+9
 * without daylight saving since 1988), so a bug shared with the decider's helpers is not hidden.
 */

export type ModelMoneyAccount = {
  kind: 'member' | 'system';
  id: string;
  asset: string;
  memberId: string | null;
  status: AccountStatus;
  balance: bigint;
  held: bigint;
  isNegativeAllowed: boolean;
};

export type ModelLimitAccount = {
  kind: 'limit';
  id: string;
  asset: string;
  memberId: string;
  status: AccountStatus;
  perDay: bigint;
  usedByDay: Map<string, bigint>;
};

export type ModelAccount = ModelMoneyAccount | ModelLimitAccount;

export type ModelHold = {
  id: string;
  account: string;
  asset: string;
  amount: bigint;
  expiresAtMs: number | null;
  limit: { account: string; day: string } | null;
};

/** What the model predicts for one command: accepted, or the named rejection (and its account). */
export type ModelOutcome =
  | { kind: 'accepted' }
  | { kind: 'rejected'; type: LedgerRejectionType; account?: string };

const negativeAllowedRoles = new Set(['chainClearing', 'adjustmentEquity']);
const seoulOffsetMs = 9 * 60 * 60 * 1_000;

/** YYYY-MM-DD in Asia/Seoul (UTC+9, no daylight saving). */
export function seoulDay(epochMs: number): string {
  return new Date(epochMs + seoulOffsetMs).toISOString().slice(0, 10);
}

/** A decimal string with exactly `decimalPoint` fraction digits, as minor units; else undefined. */
export function modelParseAmount(text: string, decimalPoint: number): bigint | undefined {
  const pattern =
    decimalPoint === 0
      ? /^(0|[1-9][0-9]*)$/
      : new RegExp(`^(0|[1-9][0-9]*)\\.([0-9]{${decimalPoint}})$`);
  const match = pattern.exec(text);
  if (match === null) return undefined;
  return BigInt(`${match[1]}${match[2] ?? ''}`);
}

/** Minor units as a decimal string with exactly `decimalPoint` fraction digits. */
export function modelFormatAmount(amount: bigint, decimalPoint: number): string {
  if (amount < 0n) return `-${modelFormatAmount(-amount, decimalPoint)}`;
  const digits = amount.toString().padStart(decimalPoint + 1, '0');
  if (decimalPoint === 0) return digits;
  return `${digits.slice(0, -decimalPoint)}.${digits.slice(-decimalPoint)}`;
}

type Rejection = { kind: 'rejected'; type: LedgerRejectionType; account?: string };

function reject(type: LedgerRejectionType, account?: string): Rejection {
  return account === undefined ? { kind: 'rejected', type } : { kind: 'rejected', type, account };
}

/** One account's net change under a command, in the order the command first touches accounts. */
type Change = { account: ModelMoneyAccount; balance: bigint; held: bigint; isDebited: boolean };

export class ReferenceLedger {
  readonly accounts = new Map<string, ModelAccount>();
  readonly decimalPoints = new Map<string, number>();
  readonly holds = new Map<string, ModelHold>();
  readonly resolved = new Map<string, HoldResolution>();
  /** Every hold ever placed, resolved or not: what the test builds captures from. */
  readonly holdsPlaced = new Map<string, ModelHold>();

  /** Decides `command` at `nowMs` and, when it is accepted, applies it. */
  apply(command: LedgerCommandInput, nowMs: number): ModelOutcome {
    switch (command.type) {
      case 'OpenAccount':
        return this.#open(command.data);
      case 'ChangeAccountStatus':
        return this.#changeStatus(command.data.account, command.data.status);
      case 'PostTransfer':
        return this.#transfer(command.data.legs);
      case 'PlaceHold':
        return this.#placeHold(command.data, nowMs);
      case 'CaptureHolds':
        return this.#capture(command.data.captures, command.data.legs);
      case 'MoveHeld':
        return this.#move(command.data);
      case 'ReleaseHold':
        return this.#release(command.data.holdId, 'released');
      case 'ExpireHold':
        return this.#expire(command.data.holdId, nowMs);
      case 'SetDailyLimit':
        return this.#setLimit(command.data.account, command.data.amount);
    }
  }

  /** The sum of every money account per asset; the ledger promises zero for each. */
  totals(): Map<string, bigint> {
    const totals = new Map<string, bigint>();
    for (const account of this.accounts.values()) {
      if (account.kind === 'limit') continue;
      totals.set(account.asset, (totals.get(account.asset) ?? 0n) + account.balance);
    }
    return totals;
  }

  #open(data: Extract<LedgerCommandInput, { type: 'OpenAccount' }>['data']): ModelOutcome {
    if (this.accounts.has(data.account)) return reject('AccountAlreadyExists', data.account);
    const known = this.decimalPoints.get(data.asset);
    if (known !== undefined && known !== data.decimalPoint) return reject('DecimalPointMismatch');
    this.decimalPoints.set(data.asset, data.decimalPoint);
    const common = { id: data.account, asset: data.asset, status: 'normal' as const };
    if (data.kind === 'limit') {
      const owner = { kind: 'limit' as const, memberId: data.memberId };
      this.accounts.set(data.account, { ...common, ...owner, perDay: 0n, usedByDay: new Map() });
    } else {
      this.accounts.set(data.account, {
        ...common,
        kind: data.kind,
        memberId: data.kind === 'member' ? data.memberId : null,
        balance: 0n,
        held: 0n,
        isNegativeAllowed: data.kind === 'system' && negativeAllowedRoles.has(data.systemRole),
      });
    }
    return { kind: 'accepted' };
  }

  #changeStatus(accountId: string, status: AccountStatus): ModelOutcome {
    const account = this.accounts.get(accountId);
    if (account === undefined) return reject('AccountNotFound', accountId);
    if (account.status === status) return reject('AccountStatusUnchanged', accountId);
    account.status = status;
    return { kind: 'accepted' };
  }

  #moneyAccount(accountId: string, asset?: string): ModelMoneyAccount | Rejection {
    const account = this.accounts.get(accountId);
    if (account === undefined) return reject('AccountNotFound', accountId);
    if (account.kind === 'limit') return reject('AccountKindNotAllowed', accountId);
    if (asset !== undefined && account.asset !== asset) return reject('AssetMismatch', accountId);
    return account;
  }

  #changeOf(changes: Change[], account: ModelMoneyAccount): Change {
    let change = changes.find((each) => each.account === account);
    if (change === undefined) {
      change = { account, balance: 0n, held: 0n, isDebited: false };
      changes.push(change);
    }
    return change;
  }

  #decimalPointOf(account: ModelAccount): number {
    return this.decimalPoints.get(account.asset) ?? -1;
  }

  /** Adds legs to `changes`; returns their total (one asset for a capture) or the rejection. */
  #addLegs(legs: readonly Leg[], changes: Change[], isCapture: boolean): bigint | Rejection {
    let total = 0n;
    for (const leg of legs) {
      if (leg.debit === leg.credit) return reject('LegAccountsIdentical', leg.debit);
      const debit = this.#moneyAccount(leg.debit, leg.asset);
      if (debit.kind === 'rejected') return debit;
      const credit = this.#moneyAccount(leg.credit, leg.asset);
      if (credit.kind === 'rejected') return credit;
      const amount = modelParseAmount(leg.amount, this.#decimalPointOf(debit));
      if (amount === undefined || amount <= 0n) return reject('InvalidAmount');
      const debitChange = this.#changeOf(changes, debit);
      debitChange.balance -= amount;
      debitChange.isDebited ||= !isCapture;
      this.#changeOf(changes, credit).balance += amount;
      total += amount;
    }
    return total;
  }

  /** A fraud account takes no new debit; no account but the two allowed ends below zero available. */
  #checkChanges(changes: readonly Change[]): Rejection | undefined {
    const frozen = changes.find((change) => change.isDebited && change.account.status === 'fraud');
    if (frozen !== undefined) return reject('AccountFrozen', frozen.account.id);
    const short = changes.find(
      (change) =>
        !change.account.isNegativeAllowed &&
        change.account.balance - change.account.held + change.balance - change.held < 0n &&
        change.balance - change.held < 0n,
    );
    return short === undefined ? undefined : reject('InsufficientFunds', short.account.id);
  }

  #commit(changes: readonly Change[]): void {
    for (const change of changes) {
      change.account.balance += change.balance;
      change.account.held += change.held;
    }
  }

  #transfer(legs: readonly Leg[]): ModelOutcome {
    if (legs.length < 1 || legs.length > 128) return reject('LegCountInvalid');
    const changes: Change[] = [];
    const total = this.#addLegs(legs, changes, false);
    if (typeof total !== 'bigint') return total;
    const rejection = this.#checkChanges(changes);
    if (rejection !== undefined) return rejection;
    this.#commit(changes);
    return { kind: 'accepted' };
  }

  #holdAccount(hold: ModelHold): ModelMoneyAccount {
    const account = this.accounts.get(hold.account);
    if (account === undefined || account.kind === 'limit') {
      throw new Error(`model: ${hold.id} is on no money account`);
    }
    return account;
  }

  #holdFor(holdId: string): ModelHold | Rejection {
    const hold = this.holds.get(holdId);
    if (hold !== undefined) return hold;
    return this.resolved.has(holdId) ? reject('HoldAlreadyResolved') : reject('HoldNotFound');
  }

  #placeHold(
    data: Extract<LedgerCommandInput, { type: 'PlaceHold' }>['data'],
    nowMs: number,
  ): ModelOutcome {
    const expiresAtMs = data.expiresAt === undefined ? null : Date.parse(data.expiresAt);
    if (expiresAtMs !== null && expiresAtMs <= nowMs) return reject('InvalidExpiry');
    if (this.holds.has(data.holdId) || this.resolved.has(data.holdId)) {
      return reject('HoldAlreadyExists');
    }
    const account = this.#moneyAccount(data.account);
    if (account.kind === 'rejected') return account;
    const amount = modelParseAmount(data.amount, this.#decimalPointOf(account));
    if (amount === undefined || amount <= 0n) return reject('InvalidAmount');
    if (account.status === 'fraud') return reject('AccountFrozen', account.id);
    if (!account.isNegativeAllowed && account.balance - account.held < amount) {
      return reject('InsufficientFunds', account.id);
    }
    if (data.oneTimeMax !== undefined) {
      const oneTimeMax = modelParseAmount(data.oneTimeMax, this.#decimalPointOf(account));
      if (oneTimeMax === undefined) return reject('InvalidAmount');
      if (amount > oneTimeMax) return reject('OneTimeLimitExceeded', account.id);
    }
    const day = seoulDay(nowMs);
    let limit: ModelLimitAccount | undefined;
    if (data.limit !== undefined) {
      const drawn = this.#limitFor(data.limit.account, account, amount, day);
      if (drawn.kind === 'rejected') return drawn;
      limit = drawn;
    }
    account.held += amount;
    if (limit !== undefined) limit.usedByDay.set(day, (limit.usedByDay.get(day) ?? 0n) + amount);
    const placed: ModelHold = {
      id: data.holdId,
      account: account.id,
      asset: account.asset,
      amount,
      expiresAtMs,
      limit: limit === undefined ? null : { account: limit.id, day },
    };
    this.holds.set(data.holdId, placed);
    this.holdsPlaced.set(data.holdId, placed);
    return { kind: 'accepted' };
  }

  #limitFor(
    limitId: string,
    account: ModelMoneyAccount,
    amount: bigint,
    day: string,
  ): ModelLimitAccount | Rejection {
    const limit = this.accounts.get(limitId);
    if (limit === undefined) return reject('AccountNotFound', limitId);
    if (limit.kind !== 'limit') return reject('AccountKindNotAllowed', limitId);
    if (limit.memberId !== account.memberId || limit.asset !== account.asset) {
      return reject('LimitNotForAccount');
    }
    if ((limit.usedByDay.get(day) ?? 0n) + amount > limit.perDay) {
      return reject('LimitExceeded', limitId);
    }
    return limit;
  }

  #capture(
    captures: readonly { holdId: string; legs: readonly Leg[]; rest?: 'release' | 'keep' }[],
    legs: readonly Leg[] | undefined,
  ): ModelOutcome {
    if (captures.length < 1 || captures.length > 8) return reject('CaptureCountInvalid');
    if (legs !== undefined && (legs.length < 1 || legs.length > 128)) {
      return reject('LegCountInvalid');
    }
    const changes: Change[] = [];
    const taken: { hold: ModelHold; amount: bigint; keeps: boolean }[] = [];
    for (const capture of captures) {
      if (taken.some((each) => each.hold.id === capture.holdId)) {
        return reject('CaptureDuplicatesHold');
      }
      const hold = this.#holdFor(capture.holdId);
      if ('kind' in hold) return hold;
      if (capture.rest !== undefined && capture.rest !== 'keep' && capture.rest !== 'release') {
        return reject('InvalidField');
      }
      if (capture.legs.length < 1 || capture.legs.length > 128) return reject('LegCountInvalid');
      if (capture.legs.some((leg) => leg.debit !== hold.account)) {
        return reject('CaptureLegNotFromHoldAccount');
      }
      const amount = this.#addLegs(capture.legs, changes, true);
      if (typeof amount !== 'bigint') return amount;
      if (amount > hold.amount) return reject('CaptureExceedsHold');
      // A capture that keeps the rest frees only what it takes; the hold stays open with the rest.
      const keeps = capture.rest === 'keep' && amount < hold.amount;
      this.#changeOf(changes, this.#holdAccount(hold)).held -= keeps ? amount : hold.amount;
      taken.push({ hold, amount, keeps });
    }
    if (legs !== undefined) {
      const total = this.#addLegs(legs, changes, false);
      if (typeof total !== 'bigint') return total;
    }
    const rejection = this.#checkChanges(changes);
    if (rejection !== undefined) return rejection;
    this.#commit(changes);
    for (const { hold, amount, keeps } of taken) {
      if (keeps) hold.amount -= amount;
      else this.#close(hold, hold.amount - amount, 'captured');
    }
    return { kind: 'accepted' };
  }

  /** Ends an open hold; the part not captured goes back to the limit day it was drawn from. */
  #close(hold: ModelHold, amountReleased: bigint, resolution: HoldResolution): void {
    if (hold.limit !== null && amountReleased > 0n) {
      const limit = this.accounts.get(hold.limit.account);
      if (limit?.kind !== 'limit') throw new Error(`model: ${hold.id} draws on no limit account`);
      const used = (limit.usedByDay.get(hold.limit.day) ?? 0n) - amountReleased;
      if (used === 0n) limit.usedByDay.delete(hold.limit.day);
      else limit.usedByDay.set(hold.limit.day, used);
    }
    this.holds.delete(hold.id);
    this.resolved.set(hold.id, resolution);
  }

  /**
   * A move of held funds between two holds of one account: the account's held total stays; the
   * from hold shrinks (resolved as moved when empty); the to hold, new or open, grows. Holds that
   * draw on a limit never move.
   */
  #move(data: { fromHoldId: string; toHoldId: string; amount: string }): ModelOutcome {
    if (data.toHoldId === data.fromHoldId) return reject('InvalidField');
    const from = this.#holdFor(data.fromHoldId);
    if ('kind' in from) return from;
    if (from.limit !== null) return reject('HoldDrawsOnLimit');
    const amount = modelParseAmount(data.amount, this.#decimalPointOf(this.#holdAccount(from)));
    if (amount === undefined || amount <= 0n) return reject('InvalidAmount');
    if (amount > from.amount) return reject('MoveExceedsHold');
    if (this.resolved.has(data.toHoldId)) return reject('HoldAlreadyResolved');
    const to = this.holds.get(data.toHoldId);
    if (to !== undefined && to.asset !== from.asset) return reject('AssetMismatch', to.account);
    if (to !== undefined && to.account !== from.account) return reject('HoldAccountMismatch');
    if (to !== undefined && to.limit !== null) return reject('HoldDrawsOnLimit');
    from.amount -= amount;
    if (from.amount === 0n) {
      this.holds.delete(from.id);
      this.resolved.set(from.id, 'moved');
    }
    if (to !== undefined) {
      to.amount += amount;
    } else {
      const placed: ModelHold = {
        id: data.toHoldId,
        account: from.account,
        asset: from.asset,
        amount,
        expiresAtMs: null,
        limit: null,
      };
      this.holds.set(placed.id, placed);
      this.holdsPlaced.set(placed.id, placed);
    }
    return { kind: 'accepted' };
  }

  #release(holdId: string, resolution: 'released' | 'expired'): ModelOutcome {
    const hold = this.#holdFor(holdId);
    if ('kind' in hold) return hold;
    this.#holdAccount(hold).held -= hold.amount;
    this.#close(hold, hold.amount, resolution);
    return { kind: 'accepted' };
  }

  #expire(holdId: string, nowMs: number): ModelOutcome {
    const hold = this.#holdFor(holdId);
    if ('kind' in hold) return hold;
    if (hold.expiresAtMs === null) return reject('HoldHasNoExpiry');
    if (hold.expiresAtMs > nowMs) return reject('HoldNotExpired');
    return this.#release(holdId, 'expired');
  }

  #setLimit(accountId: string, amountText: string): ModelOutcome {
    const account = this.accounts.get(accountId);
    if (account === undefined) return reject('AccountNotFound', accountId);
    if (account.kind !== 'limit') return reject('AccountKindNotAllowed', accountId);
    const amount = modelParseAmount(amountText, this.#decimalPointOf(account));
    if (amount === undefined) return reject('InvalidAmount');
    account.perDay = amount;
    return { kind: 'accepted' };
  }
}
