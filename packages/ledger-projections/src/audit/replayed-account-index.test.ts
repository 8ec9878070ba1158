// Proves the reconciliation's sorted account index answers a chunk's key range exactly as a pass
// over every account would — accounts opened after it was built included, limit accounts left out,
// byte order as the projection's keys sort — and starts over for a new replay state.
import { type AccountState, initialState, type LedgerState } from '@ledger/ledger';
import { expect, test } from 'vitest';
import { replayedAccountsOf } from './reconciliation-check.ts';
import { ReplayedAccountIndex } from './replayed-account-index.ts';

function open(state: LedgerState, id: string, kind: 'member' | 'limit' = 'member'): void {
  const account: AccountState =
    kind === 'limit'
      ? {
          id,
          kind,
          memberId: `m-${id}`,
          asset: 'BTC',
          decimalPoint: 8,
          status: 'normal',
          amountPerDay: 0n,
          usedByDay: new Map(),
        }
      : {
          id,
          kind,
          memberId: `m-${id}`,
          systemRole: null,
          asset: 'BTC',
          decimalPoint: 8,
          status: 'normal',
          balance: BigInt(id.length),
          held: 0n,
          isNegativeAllowed: false,
        };
  state.accounts.set(id, account);
}

/** What the index must answer: the old filter over every account. */
function byPass(state: LedgerState, after: string | undefined, last: string | undefined) {
  return replayedAccountsOf(
    state,
    (id) => (after === undefined || id > after) && (last === undefined || id <= last),
  );
}

test('every key range equals the pass over all accounts, also after accounts are opened', () => {
  const state = initialState();
  // Byte order: upper case before lower case, 'a:10' before 'a:9'.
  for (const id of ['b:2', 'a:9', 'B:1', 'a:10', 'c']) open(state, id);
  open(state, 'limit:a', 'limit');
  const index = new ReplayedAccountIndex();
  const bounds = [undefined, 'A', 'B:1', 'a:10', 'a:9', 'b', 'b:2', 'c', 'z'];
  for (const after of bounds) {
    for (const last of bounds) {
      expect(index.within(state, after, last)).toEqual(byPass(state, after, last));
    }
  }
  expect(index.size).toBe(5);
  // Opened after the index was built, inside ranges already read and past them.
  for (const id of ['a:95', 'A:0', 'zz', 'b:1']) open(state, id);
  open(state, 'limit:b', 'limit');
  for (const after of bounds) {
    for (const last of bounds) {
      expect(index.within(state, after, last)).toEqual(byPass(state, after, last));
    }
  }
  expect(index.size).toBe(9);
  expect(index.within(state, 'a:9', 'b:1').map((account) => account.account)).toEqual([
    'a:95',
    'b:1',
  ]);
});

test('a new replay state (a follower that started over) starts the index over', () => {
  const index = new ReplayedAccountIndex();
  const first = initialState();
  for (const id of ['a', 'b', 'c']) open(first, id);
  expect(index.within(first, undefined, undefined)).toHaveLength(3);
  const second = initialState();
  open(second, 'b');
  expect(index.within(second, undefined, undefined).map((account) => account.account)).toEqual([
    'b',
  ]);
  expect(index.size).toBe(1);
});

test('a chunk of a large replay reads only its own range', () => {
  const state = initialState();
  const count = 20_000;
  for (let n = 0; n < count; n += 1) open(state, `member:${String(n).padStart(6, '0')}`);
  const index = new ReplayedAccountIndex();
  const chunk = index.within(state, 'member:009999', 'member:011999');
  expect(chunk).toHaveLength(2_000);
  expect(chunk[0]?.account).toBe('member:010000');
  expect(chunk.at(-1)?.account).toBe('member:011999');
});
