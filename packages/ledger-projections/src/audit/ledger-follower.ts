import type { EventStore, GlobalPosition } from '@ledger/event-store';
import { assertLedgerInvariants, initialState, type LedgerState } from '@ledger/ledger';
import { ledgerStreamName } from '../ledger-balances-projection.ts';
import type { ReplayedAccount } from './reconciliation-check.ts';
import { foldLedgerEvent, isReplayError } from './replay-ledger.ts';
import { ReplayedAccountIndex } from './replayed-account-index.ts';

/**
 * The auditor's replay kept in memory between runs of the continuous reconciliation: the ledger
 * folded from its first event (not from a writer snapshot: the check must not inherit the
 * writer's state) with the same `foldLedgerEvent` as `replayLedger`, then only the events after
 * the last one folded. `advanceTo(position)` folds exactly up to a projection checkpoint, so the
 * replay and a projection read at that checkpoint describe the same log. Reads are pages of the
 * global log (one short statement each), never a transaction held open.
 */

export type ReplayBreak = { revision: string | null; eventId: string | null; error: string };

export type LedgerFollower = {
  readonly state: LedgerState;
  /**
   * How far the replay has read the global log (the last event folded, or a later one of another
   * stream it read past; never past the last target; undefined: nothing yet).
   */
  readonly position: GlobalPosition | undefined;
  /** Revision of the last ledger event folded (-1: none yet). */
  readonly revision: bigint;
  /** Set once an event broke an invariant or the revisions had a gap; nothing folds after it. */
  readonly broken: ReplayBreak | undefined;
  /**
   * Folds every ledger event at or before `target`. A target behind the replay (a projection
   * rebuilt from the start) starts the replay over from the first event.
   */
  advanceTo(target: GlobalPosition | undefined): Promise<void>;
  /** Checks every invariant of the whole state (O(accounts + holds)); a failure breaks it. */
  assertWhole(): void;
  /**
   * The replay's money accounts with `after < key <= last` (an undefined bound is open), sorted by
   * key, found in a sorted key index kept with the replay (replayed-account-index.ts).
   */
  accountsWithin(after: string | undefined, last: string | undefined): ReplayedAccount[];
};

export function createLedgerFollower(
  store: EventStore,
  options: { pageSize?: number } = {},
): LedgerFollower {
  const pageSize = options.pageSize ?? 1_000;
  let state = initialState();
  let position: GlobalPosition | undefined;
  let revision = -1n;
  let broken: ReplayBreak | undefined;
  const accountIndex = new ReplayedAccountIndex();

  const reset = () => {
    state = initialState();
    position = undefined;
    revision = -1n;
    broken = undefined;
  };

  return {
    get state() {
      return state;
    },
    get position() {
      return position;
    },
    get revision() {
      return revision;
    },
    get broken() {
      return broken;
    },
    async advanceTo(target) {
      if (target === undefined) return;
      if (position !== undefined && position > target) reset();
      if (broken !== undefined) return;
      for (;;) {
        const page = await store.readAll({
          after: position,
          maxCount: pageSize,
          filter: { streamPrefixes: [ledgerStreamName] },
        });
        for (const event of page.events) {
          if (event.position === undefined) return;
          if (event.position > target) {
            // Everything before this event was examined: the next read starts at the target.
            position = target;
            return;
          }
          if (event.streamName === ledgerStreamName) {
            if (event.revision !== revision + 1n) {
              broken = {
                revision: event.revision.toString(),
                eventId: event.id,
                error: `the ledger stream goes from revision ${revision} to ${event.revision}`,
              };
              return;
            }
            try {
              foldLedgerEvent(state, event);
            } catch (error) {
              if (!isReplayError(error)) throw error;
              broken = {
                revision: event.revision.toString(),
                eventId: event.id,
                error: error.message,
              };
              return;
            }
            revision = event.revision;
          }
          position = event.position;
        }
        // A filtered read examines a bounded window of the log: a short page is not the end of
        // it when other streams' events filled the window. Move past what it examined (never past
        // the target) and read on until a read examines nothing new.
        const seen = page.lastSeen ?? page.events.at(-1)?.position;
        if (seen === undefined || seen > target) return;
        position = seen;
        if (seen === target) return;
      }
    },
    accountsWithin(after, last) {
      return accountIndex.within(state, after, last);
    },
    assertWhole() {
      if (broken !== undefined) return;
      try {
        assertLedgerInvariants(state);
      } catch (error) {
        if (!isReplayError(error)) throw error;
        broken = { revision: revision.toString(), eventId: null, error: error.message };
      }
    },
  };
}
