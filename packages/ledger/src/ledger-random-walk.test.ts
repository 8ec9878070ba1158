// Proves, over thousands of seeded random commands of every kind (moves of held amounts and captures that keep the rest held among them), that the per-asset zero-sum and the no-forbidden-negative rules hold after every step, that decide never changes the state, and that replaying the accepted events from initialState gives the same serialized state.
import { describe, expect, it } from 'vitest';
import { readAccountBalance } from './ledger-balances.ts';
import type { HoldCapture, LedgerCommand } from './ledger-commands.ts';
import { decide, evolve } from './ledger-decider.ts';
import type { LedgerEvent } from './ledger-events.ts';
import { assertLedgerInvariants } from './ledger-invariants.ts';
import { initialState, type LedgerState } from './ledger-state.ts';
import { type Leg, type SystemRole, systemAccountId, systemRoles } from './ledger-types.ts';
import { formatAmount, parseAmount } from './money.ts';
import { deserializeState, serializeState } from './state-serialization.ts';
import { type SeededRandom, seededRandom } from './testing/seeded-random.ts';

type Asset = { code: string; decimalPoint: number };

const assets: readonly Asset[] = [
  { code: 'BTC', decimalPoint: 8 },
  { code: 'ETH', decimalPoint: 18 },
  { code: 'KRW', decimalPoint: 0 },
];
const members = ['m0', 'm1', 'm2', 'm3', 'm4'];
const stepsPerSeed = 3_000;

/** The walk's world: its ids, its clock, and the holds it has placed so far. */
type Walk = {
  random: SeededRandom;
  state: LedgerState;
  epochMs: number;
  sequence: number;
  holdIds: string[];
};

function memberAccount(member: string, asset: Asset, index: number): string {
  return `${member}-${asset.code}-${index}`;
}

function limitAccount(member: string, asset: Asset): string {
  return `${member}-${asset.code}-limit`;
}

function setupCommands(): LedgerCommand[] {
  const now = '2025-01-01T00:00:00.000Z';
  const commands: LedgerCommand[] = [];
  for (const asset of assets) {
    const base = { asset: asset.code, decimalPoint: asset.decimalPoint };
    for (const systemRole of systemRoles) {
      const account = systemAccountId(systemRole, asset.code);
      const data = { ...base, account, kind: 'system', systemRole } as const;
      commands.push({ type: 'OpenAccount', data, metadata: { now } });
    }
    for (const member of members) {
      for (const index of [0, 1]) {
        const data = {
          ...base,
          account: memberAccount(member, asset, index),
          kind: 'member',
          memberId: member,
        } as const;
        commands.push({ type: 'OpenAccount', data, metadata: { now } });
      }
      const data = {
        ...base,
        account: limitAccount(member, asset),
        kind: 'limit',
        memberId: member,
      } as const;
      commands.push({ type: 'OpenAccount', data, metadata: { now } });
    }
  }
  return commands;
}

function nowOf(walk: Walk): string {
  walk.epochMs += walk.random.integer(1, 600_000);
  return new Date(walk.epochMs).toISOString();
}

function nextId(walk: Walk, prefix: string): string {
  walk.sequence += 1;
  return `${prefix}-${walk.sequence}`;
}

/** An amount around an account's available balance, so commands succeed and fail in fair shares. */
function amountNear(walk: Walk, account: string, asset: Asset): string {
  const balance = readAccountBalance(walk.state, account);
  const available =
    balance === undefined ? 0n : parseAmount(balance.available, asset.decimalPoint, 'any');
  const { random } = walk;
  const scale = 10n ** BigInt(asset.decimalPoint);
  const base = available > 0n && random.chance(80) ? available : scale * random.bigint(3);
  const amount = random.chance(10) ? base + 1n : (base * BigInt(random.integer(1, 100))) / 100n;
  return formatAmount(amount > 0n ? amount : 1n, asset.decimalPoint);
}

function randomMemberAccount(walk: Walk, asset: Asset): string {
  return memberAccount(walk.random.pick(members), asset, walk.random.integer(0, 1));
}

function randomSystemAccount(walk: Walk, asset: Asset, roles: readonly SystemRole[]): string {
  return systemAccountId(walk.random.pick(roles), asset.code);
}

function transferCommand(walk: Walk, now: string): LedgerCommand {
  const { random } = walk;
  const asset = random.pick(assets);
  const legs: Leg[] = [];
  const kind = random.integer(0, 3);
  if (kind === 0) {
    const credit = randomMemberAccount(walk, asset);
    const amount = formatAmount(random.bigint(asset.decimalPoint + 4) + 1n, asset.decimalPoint);
    legs.push({
      debit: systemAccountId('chainClearing', asset.code),
      credit,
      asset: asset.code,
      amount,
    });
  } else if (kind === 1) {
    const debit = randomMemberAccount(walk, asset);
    const credit = randomMemberAccount(walk, asset);
    legs.push({ debit, credit, asset: asset.code, amount: amountNear(walk, debit, asset) });
    if (random.chance(30)) {
      const fee = formatAmount(random.bigint(2) + 1n, asset.decimalPoint);
      legs.push({
        debit,
        credit: systemAccountId('feeRevenue', asset.code),
        asset: asset.code,
        amount: fee,
      });
    }
  } else {
    const debit = randomSystemAccount(walk, asset, systemRoles);
    const credit = random.chance(50)
      ? randomMemberAccount(walk, asset)
      : randomSystemAccount(walk, asset, systemRoles);
    legs.push({ debit, credit, asset: asset.code, amount: amountNear(walk, debit, asset) });
  }
  const cause = random.pick(['deposit', 'internalTransfer', 'b2cFill', 'adjustment', 'settlement']);
  return {
    type: 'PostTransfer',
    data: { transferId: nextId(walk, 't'), legs, cause },
    metadata: { now },
  };
}

function placeHoldCommand(walk: Walk, now: string): LedgerCommand {
  const { random } = walk;
  const asset = random.pick(assets);
  const member = random.pick(members);
  const account = memberAccount(member, asset, random.integer(0, 1));
  const holdId =
    random.chance(5) && walk.holdIds.length > 0 ? random.pick(walk.holdIds) : nextId(walk, 'h');
  walk.holdIds.push(holdId);
  const expiresAt = new Date(walk.epochMs + random.integer(1, 3_600_000)).toISOString();
  const day = now.slice(0, 10);
  const data = {
    holdId,
    account,
    amount: amountNear(walk, account, asset),
    reason: random.pick(['withdrawal', 'c2cEscrow', 'b2cOrder']),
    ...(random.chance(50) ? { expiresAt } : {}),
    ...(random.chance(50) ? { limit: { account: limitAccount(member, asset), day } } : {}),
  };
  return { type: 'PlaceHold', data, metadata: { now } };
}

/** Mostly an open hold; sometimes any id the walk used, resolved, refused or unknown. */
function pickHoldId(walk: Walk): string {
  const { random } = walk;
  if (random.chance(75) && walk.state.holdsOpen.size > 0) {
    return random.pick([...walk.state.holdsOpen.keys()]);
  }
  return walk.holdIds.length > 0 && random.chance(90) ? random.pick(walk.holdIds) : 'unknown';
}

/** Capture legs for a hold the walk knows, or for a made-up one so refusals happen too. */
function captureOf(walk: Walk, holdId: string): HoldCapture {
  const hold = walk.state.holdsOpen.get(holdId);
  const asset =
    assets.find((candidate) => candidate.code === hold?.asset) ?? walk.random.pick(assets);
  const account = hold?.account ?? randomMemberAccount(walk, asset);
  const held = hold?.amount ?? 1n;
  const captured = walk.random.chance(10)
    ? held + 1n
    : (held * BigInt(walk.random.integer(1, 100))) / 100n;
  const amount = formatAmount(captured > 0n ? captured : 1n, asset.decimalPoint);
  const credit = systemAccountId(
    walk.random.pick(['chainClearing', 'providerLiquidity', 'settlement']),
    asset.code,
  );
  const legs = [{ debit: account, credit, asset: asset.code, amount }];
  return walk.random.chance(40) ? { holdId, legs, rest: 'keep' } : { holdId, legs };
}

function captureCommand(walk: Walk, now: string): LedgerCommand {
  const { random } = walk;
  const count = random.chance(20) ? 2 : 1;
  const captures = Array.from({ length: count }, () => captureOf(walk, pickHoldId(walk)));
  const data = { transferId: nextId(walk, 'c'), cause: 'withdrawal', captures };
  return { type: 'CaptureHolds', data, metadata: { now } };
}

/** Part or all of a hold into a new hold or another open one, mostly on the same account. */
function moveCommand(walk: Walk, now: string): LedgerCommand {
  const { random } = walk;
  const fromHoldId = pickHoldId(walk);
  const from = walk.state.holdsOpen.get(fromHoldId);
  const sameAccount = [...walk.state.holdsOpen.values()].filter(
    (hold) => hold.id !== fromHoldId && (hold.account === from?.account || random.chance(10)),
  );
  const toHoldId =
    sameAccount.length > 0 && random.chance(50)
      ? random.pick(sameAccount).id
      : random.chance(5) && walk.holdIds.length > 0
        ? random.pick(walk.holdIds)
        : nextId(walk, 'h');
  walk.holdIds.push(toHoldId);
  const asset = assets.find((candidate) => candidate.code === from?.asset) ?? random.pick(assets);
  const held = from?.amount ?? 1n;
  const roll = random.integer(0, 9);
  const moved =
    roll === 0 ? held + 1n : roll < 3 ? held : (held * BigInt(random.integer(1, 99))) / 100n;
  const amount = formatAmount(moved > 0n ? moved : 1n, asset.decimalPoint);
  return {
    type: 'MoveHeld',
    data: { fromHoldId, toHoldId, amount, reason: 'c2cEscrow' },
    metadata: { now },
  };
}

function resolveCommand(walk: Walk, now: string): LedgerCommand {
  const holdId = pickHoldId(walk);
  const type = walk.random.chance(50) ? 'ReleaseHold' : 'ExpireHold';
  return { type, data: { holdId }, metadata: { now } };
}

function policyCommand(walk: Walk, now: string): LedgerCommand {
  const { random } = walk;
  const asset = random.pick(assets);
  if (random.chance(50)) {
    const amount = formatAmount(random.bigint(asset.decimalPoint + 2), asset.decimalPoint);
    const account = limitAccount(random.pick(members), asset);
    return { type: 'SetDailyLimit', data: { account, amount }, metadata: { now } };
  }
  const status = random.chance(30) ? 'fraud' : 'normal';
  const account = randomMemberAccount(walk, asset);
  return { type: 'ChangeAccountStatus', data: { account, status }, metadata: { now } };
}

function randomCommand(walk: Walk): LedgerCommand {
  const now = nowOf(walk);
  const roll = walk.random.integer(0, 99);
  if (roll < 35) return transferCommand(walk, now);
  if (roll < 60) return placeHoldCommand(walk, now);
  if (roll < 72) return captureCommand(walk, now);
  if (roll < 82) return moveCommand(walk, now);
  if (roll < 93) return resolveCommand(walk, now);
  return policyCommand(walk, now);
}

function step(
  walk: Walk,
  command: LedgerCommand,
  log: LedgerEvent[],
  outcomes: Map<string, number>,
) {
  const isPurityChecked = walk.sequence % 7 === 0;
  const before = isPurityChecked ? JSON.stringify(serializeState(walk.state)) : '';
  const decision = decide(command, walk.state);
  if (isPurityChecked) {
    expect(JSON.stringify(serializeState(walk.state))).toBe(before);
  }
  const outcome =
    decision.kind === 'accepted' ? `accepted ${command.type}` : decision.rejection.type;
  outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  if (decision.kind === 'accepted') {
    for (const event of decision.events) {
      evolve(walk.state, event);
      log.push(event);
      outcomes.set(event.type, (outcomes.get(event.type) ?? 0) + 1);
    }
  }
  assertLedgerInvariants(walk.state);
}

describe.each([20_250_115, 7, 424_242])('a random walk with seed %i', (seed) => {
  it(`keeps every invariant over ${stepsPerSeed} commands and replays to the same state`, () => {
    const walk: Walk = {
      random: seededRandom(seed),
      state: initialState(),
      epochMs: Date.parse('2025-01-01T00:00:00.000Z'),
      sequence: 0,
      holdIds: [],
    };
    const log: LedgerEvent[] = [];
    const outcomes = new Map<string, number>();
    for (const command of setupCommands()) {
      step(walk, command, log, outcomes);
    }
    for (let index = 0; index < stepsPerSeed; index += 1) {
      step(walk, randomCommand(walk), log, outcomes);
    }
    const replayed = initialState();
    for (const event of JSON.parse(JSON.stringify(log)) as LedgerEvent[]) {
      evolve(replayed, event);
    }
    const serialized = JSON.stringify(serializeState(walk.state));
    expect(JSON.stringify(serializeState(replayed))).toBe(serialized);
    expect(JSON.stringify(serializeState(deserializeState(JSON.parse(serialized))))).toBe(
      serialized,
    );
    for (const expected of [
      'accepted PostTransfer',
      'accepted PlaceHold',
      'accepted CaptureHolds',
      'accepted ReleaseHold',
      'accepted ExpireHold',
      'accepted MoveHeld',
      'MoveExceedsHold',
      'HoldDrawsOnLimit',
      'HoldAccountMismatch',
      'InsufficientFunds',
      'LimitExceeded',
      'HoldAlreadyResolved',
      'CaptureExceedsHold',
      'AccountFrozen',
      'HoldPartlyCaptured',
      'HeldMoved',
    ]) {
      expect(
        outcomes.get(expected) ?? 0,
        `${expected} in ${JSON.stringify([...outcomes])}`,
      ).toBeGreaterThan(0);
    }
  });
});
