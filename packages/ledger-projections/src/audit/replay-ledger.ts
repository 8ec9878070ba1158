import type { EventStore, RecordedEvent } from '@ledger/event-store';
import {
  type AccountBalance,
  AssertionError,
  assertLedgerInvariants,
  evolve,
  initialState,
  type LedgerState,
  type LedgerStreamEvent,
  readAccountBalance,
  readBalances,
} from '@ledger/ledger';
import { ledgerStreamName } from '../ledger-balances-projection.ts';

/**
 * The auditor's replay: folds the ledger stream with the pure domain's `evolve` (which asserts
 * every touched account and the running per-asset totals after each event), checks every
 * invariant of the whole state at the end, and records the balance timeline of one account.
 * It trusts nothing the projections wrote.
 */

export type TimelinePoint = {
  revision: bigint;
  occurredAt: string;
  eventType: string;
  balance: string;
  held: string;
};

export type ReplayResult =
  | {
      ok: true;
      events: number;
      state: LedgerState;
      balances: AccountBalance[];
      timeline: TimelinePoint[];
    }
  /** An event broke an invariant while folding (or the final state did): named here. */
  | {
      ok: false;
      events: number;
      revision: bigint | undefined;
      eventId: string | undefined;
      error: string;
    };

function touches(event: RecordedEvent, account: string): boolean {
  const data = event.data as { account?: unknown; legs?: { debit: string; credit: string }[] };
  if (data.account === account) return true;
  return (data.legs ?? []).some((leg) => leg.debit === account || leg.credit === account);
}

function occurredAt(event: RecordedEvent): string {
  const data = event.data as Record<string, unknown>;
  for (const field of [
    'postedAt',
    'placedAt',
    'capturedAt',
    'releasedAt',
    'expiredAt',
    'openedAt',
  ]) {
    if (typeof data[field] === 'string') return data[field];
  }
  return event.recordedAt.toISOString();
}

/** One event folded into the state as the auditor folds it: `evolve` asserts what it touches. */
export function foldLedgerEvent(state: LedgerState, event: RecordedEvent): void {
  evolve(state, { type: event.type, data: event.data } as LedgerStreamEvent);
}

/** An error that means the log broke an invariant (reported), not an I/O failure (thrown). */
export function isReplayError(error: unknown): error is Error {
  return error instanceof AssertionError || error instanceof TypeError;
}

export async function replayLedger(
  store: EventStore,
  options: { account?: string; onProgress?: (events: number) => void } = {},
): Promise<ReplayResult> {
  const state = initialState();
  const timeline: TimelinePoint[] = [];
  let events = 0;
  let current: RecordedEvent | undefined;
  try {
    for await (const event of readLedgerStream(store)) {
      current = event;
      foldLedgerEvent(state, event);
      events += 1;
      if (options.account !== undefined && touches(event, options.account)) {
        const balance = readAccountBalance(state, options.account);
        if (balance !== undefined) {
          timeline.push({
            revision: event.revision,
            occurredAt: occurredAt(event),
            eventType: event.type,
            balance: balance.balance,
            held: balance.held,
          });
        }
      }
      if (events % 10_000 === 0) options.onProgress?.(events);
    }
    current = undefined;
    assertLedgerInvariants(state);
  } catch (error) {
    if (!isReplayError(error)) throw error;
    return {
      ok: false,
      events,
      revision: current?.revision,
      eventId: current?.id,
      error: error.message,
    };
  }
  options.onProgress?.(events);
  return { ok: true, events, state, balances: readBalances(state), timeline };
}

async function* readLedgerStream(store: EventStore): AsyncGenerator<RecordedEvent> {
  try {
    yield* store.readStream(ledgerStreamName);
  } catch (error) {
    if ((error as Error).name !== 'StreamNotFoundError') throw error;
  }
}
