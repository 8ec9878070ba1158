import type { AccountState, LedgerState } from '@ledger/ledger';
import { compareKeys, type ReplayedAccount, replayedAccountOf } from './reconciliation-check.ts';

/**
 * The replay's money accounts (not limit accounts) sorted by key, so the reconciliation reads the
 * ones of a chunk's key range by binary search: O(log n + k) per chunk instead of a pass over
 * every account (O(accounts × chunks) per run, ~5·10^8 steps a minute at a million accounts).
 *
 * The state only ever gains accounts (the ledger never deletes one) and a `Map` iterates in
 * insertion order, so the accounts opened since the last sync are the entries past the count
 * already indexed: one iterator kept across syncs reaches them without a pass over the others. It
 * is advanced exactly `size − indexed` times, never to its end (an exhausted `Map` iterator stays
 * exhausted). A new state object (a follower that started over) starts the index over.
 */
export class ReplayedAccountIndex {
  #state: LedgerState | undefined;
  #entries: Iterator<AccountState> | undefined;
  #seen = 0;
  #keys: string[] = [];

  /** The replayed accounts with `after < key <= last` (bounds left out: open), sorted by key. */
  within(
    state: LedgerState,
    after: string | undefined,
    last: string | undefined,
  ): ReplayedAccount[] {
    this.#sync(state);
    const keys = this.#keys;
    const from = after === undefined ? 0 : firstAbove(keys, after);
    const to = last === undefined ? keys.length : firstAbove(keys, last);
    const accounts: ReplayedAccount[] = [];
    for (let index = from; index < to; index += 1) {
      const account = state.accounts.get(keys[index] as string);
      if (account === undefined || account.kind === 'limit') {
        throw new Error(`the account index names ${keys[index]}, which the replay has not`);
      }
      accounts.push(replayedAccountOf(account));
    }
    return accounts;
  }

  /** Accounts indexed (money accounts only). */
  get size(): number {
    return this.#keys.length;
  }

  #sync(state: LedgerState): void {
    if (state !== this.#state || this.#entries === undefined) {
      this.#state = state;
      this.#entries = state.accounts.values();
      this.#seen = 0;
      this.#keys = [];
    }
    const added: string[] = [];
    for (; this.#seen < state.accounts.size; this.#seen += 1) {
      const next = this.#entries.next();
      if (next.done === true) throw new Error('the replay lost an account');
      if (next.value.kind !== 'limit') added.push(next.value.id);
    }
    if (added.length === 0) return;
    added.sort(compareKeys);
    this.#keys = this.#keys.length === 0 ? added : merged(this.#keys, added);
  }
}

/** Index of the first key greater than `key` (keys sorted by `compareKeys`). */
function firstAbove(keys: readonly string[], key: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareKeys(keys[middle] as string, key) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

function merged(left: readonly string[], right: readonly string[]): string[] {
  const out = new Array<string>(left.length + right.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < left.length && j < right.length) {
    const a = left[i] as string;
    const b = right[j] as string;
    if (compareKeys(a, b) <= 0) {
      out[k] = a;
      i += 1;
    } else {
      out[k] = b;
      j += 1;
    }
    k += 1;
  }
  while (i < left.length) out[k++] = left[i++] as string;
  while (j < right.length) out[k++] = right[j++] as string;
  return out;
}
