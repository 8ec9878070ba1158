// Measures the ledger decider alone, in process: decide + evolve per command, as the writer's loop
// runs them, with no I/O. 10,000 funded member accounts; random transfers, 30 % of them also paying
// a fee leg to one hot fee account; and hold cycles (place, then capture in part or release).
// Commands are built before the clock starts, so only decide and evolve are timed.
//
// Usage: node scripts/bench-ledger-decider.ts [transfers=300000] [holdCycles=50000] [seed=1]
import {
  assertLedgerInvariants,
  decide,
  evolve,
  formatAmount,
  initialState,
  type LedgerCommand,
  type LedgerState,
  type Leg,
  systemAccountId,
  systemRoles,
} from '../packages/ledger/src/index.ts';

const accountCount = 10_000;
const asset = 'BTC';
const decimalPoint = 8;
const transferCount = Number.parseInt(process.argv[2] ?? '300000', 10);
const holdCycleCount = Number.parseInt(process.argv[3] ?? '50000', 10);
const seed = Number.parseInt(process.argv[4] ?? '1', 10);
const now = '2025-01-15T03:00:00.000Z';
const clearing = systemAccountId('chainClearing', asset);
const fees = systemAccountId('feeRevenue', asset);

// A seeded generator (mulberry32), so every run decides the same commands.
let randomState = seed >>> 0;
function random(bound: number): number {
  randomState = (randomState + 0x6d2b79f5) >>> 0;
  let mixed = randomState;
  mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
  mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
  return ((mixed ^ (mixed >>> 14)) >>> 0) % bound;
}

function memberAccount(index: number): string {
  return `member-${index}`;
}

function amountText(minorUnits: number): string {
  return formatAmount(BigInt(minorUnits), decimalPoint);
}

function apply(state: LedgerState, command: LedgerCommand): boolean {
  const decision = decide(command, state);
  if (decision.kind === 'rejected') {
    return false;
  }
  for (const event of decision.events) {
    evolve(state, event);
  }
  return true;
}

function setUp(state: LedgerState): void {
  for (const systemRole of systemRoles) {
    const account = systemAccountId(systemRole, asset);
    const data = { account, asset, decimalPoint, kind: 'system', systemRole } as const;
    apply(state, { type: 'OpenAccount', data, metadata: { now } });
  }
  for (let index = 0; index < accountCount; index += 1) {
    const account = memberAccount(index);
    const data = { account, asset, decimalPoint, kind: 'member', memberId: `m${index}` } as const;
    apply(state, { type: 'OpenAccount', data, metadata: { now } });
    const legs = [{ debit: clearing, credit: account, asset, amount: '1000.00000000' }];
    const deposit = { transferId: `deposit-${index}`, legs, cause: 'deposit' };
    apply(state, { type: 'PostTransfer', data: deposit, metadata: { now } });
  }
}

function transferCommand(sequence: number): LedgerCommand {
  const debitIndex = random(accountCount);
  // Any other account: an offset of 1..accountCount-1 never lands on the debit account.
  const creditIndex = (debitIndex + 1 + random(accountCount - 1)) % accountCount;
  const debit = memberAccount(debitIndex);
  const credit = memberAccount(creditIndex);
  const legs: Leg[] = [{ debit, credit, asset, amount: amountText(1 + random(10_000_000)) }];
  if (random(100) < 30) {
    legs.push({ debit, credit: fees, asset, amount: amountText(1 + random(10_000)) });
  }
  const data = { transferId: `t-${sequence}`, legs, cause: 'internalTransfer' };
  return { type: 'PostTransfer', data, metadata: { now } };
}

function holdCycleCommands(sequence: number): LedgerCommand[] {
  const account = memberAccount(random(accountCount));
  const holdId = `h-${sequence}`;
  const held = 1 + random(10_000_000);
  const place = { holdId, account, amount: amountText(held), reason: 'withdrawal' };
  const placeCommand: LedgerCommand = { type: 'PlaceHold', data: place, metadata: { now } };
  if (random(100) < 25) {
    return [placeCommand, { type: 'ReleaseHold', data: { holdId }, metadata: { now } }];
  }
  const legs = [
    { debit: account, credit: clearing, asset, amount: amountText(Math.max(1, held - 1_000)) },
  ];
  const capture = {
    transferId: `c-${sequence}`,
    cause: 'withdrawal',
    captures: [{ holdId, legs }],
  };
  return [placeCommand, { type: 'CaptureHolds', data: capture, metadata: { now } }];
}

function buildCommands(): { commands: LedgerCommand[]; holdCommandCount: number } {
  const commands: LedgerCommand[] = [];
  let holdCommandCount = 0;
  const cycleEvery =
    holdCycleCount > 0 ? Math.max(1, Math.floor(transferCount / holdCycleCount)) : 0;
  for (let sequence = 0; sequence < transferCount; sequence += 1) {
    commands.push(transferCommand(sequence));
    if (cycleEvery > 0 && sequence % cycleEvery === 0 && holdCommandCount < holdCycleCount * 2) {
      const cycle = holdCycleCommands(sequence);
      commands.push(...cycle);
      holdCommandCount += cycle.length;
    }
  }
  return { commands, holdCommandCount };
}

function run(): void {
  const state = initialState();
  setUp(state);
  const { commands, holdCommandCount } = buildCommands();
  const warmUp = commands.splice(0, Math.min(20_000, Math.floor(commands.length / 10)));
  for (const command of warmUp) {
    apply(state, command);
  }
  let accepted = 0;
  const startedMs = performance.now();
  for (const command of commands) {
    if (apply(state, command)) {
      accepted += 1;
    }
  }
  const elapsedMs = performance.now() - startedMs;
  assertLedgerInvariants(state);
  const perSecond = Math.round(commands.length / (elapsedMs / 1_000));
  console.log(`accounts            ${accountCount} (+ ${systemRoles.length} system)`);
  console.log(
    `commands timed      ${commands.length} (${holdCommandCount} of them hold place/capture/release)`,
  );
  console.log(`accepted / rejected ${accepted} / ${commands.length - accepted}`);
  console.log(`elapsed             ${elapsedMs.toFixed(0)} ms`);
  console.log(
    `decisions/s         ${perSecond.toLocaleString('en-US')} (decide + evolve, one thread)`,
  );
  console.log(`per decision        ${((elapsedMs * 1_000) / commands.length).toFixed(2)} µs`);
  console.log('invariants          per-asset zero-sum and no forbidden negative: hold');
}

run();
