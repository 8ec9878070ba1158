/** @ledger/ledger/testing: the given/when/then harness and event builders for ledger tests. */

export { balancesAfterAccepted, moneyBalances } from './balance-model.ts';
export {
  given,
  type LedgerThen,
  type LedgerWhen,
} from './decider-specification.ts';
export * from './example-ledger.ts';
export {
  accountStatusChanged,
  command,
  dailyLimitSet,
  deposited,
  heldMoved,
  holdCaptured,
  holdExpired,
  holdPartlyCaptured,
  holdPlaced,
  holdReleased,
  leg,
  limitAccountOpened,
  memberAccountOpened,
  systemAccountOpened,
  systemAccountsOpened,
  testDay,
  testNow,
  transferPosted,
} from './ledger-builders.ts';
export { type SeededRandom, seededRandom } from './seeded-random.ts';
