import type {
  EventFilter,
  GlobalPosition,
  SubscribeAllOptions,
  SubscriptionItem,
} from '../port.ts';
import type { GlobalPage } from './reads.ts';
import type { WakeUps } from './wake-ups.ts';

export type PollingOptions = {
  /** First re-poll delay after a wake-up that found nothing yet (an older transaction is open). */
  minMs: number;
  /** Longest delay between polls while a wake-up is pending or NOTIFY is unavailable. */
  maxMs: number;
  /** Safety-net poll while idle and NOTIFY wake-ups arrive. */
  idleMs: number;
};

export type SubscriptionContext = {
  readPage(
    after: GlobalPosition | undefined,
    maxCount: number,
    filter: EventFilter | undefined,
  ): Promise<GlobalPage>;
  wakeUps: WakeUps;
  /** Aborted when the store closes: subscriptions end. */
  closing: AbortSignal;
  polling: PollingOptions;
};

const defaultBatchSize = 500;

/**
 * Catch-up then live, one batch per yield, over the gap-free page query: the position only ever
 * moves to what a page examined, so nothing is skipped however commits interleave. Ends (without
 * throwing) when the caller's signal aborts or the store closes.
 */
export async function* subscribe(
  context: SubscriptionContext,
  options: SubscribeAllOptions,
): AsyncGenerator<SubscriptionItem> {
  const signal = AbortSignal.any([options.signal, context.closing]);
  const batchSize = options.batchSizeMax ?? defaultBatchSize;
  const { polling } = context;
  const waiter = context.wakeUps.register();
  let after = options.after;
  let announced = false;
  let backoff = polling.minMs;
  let hinted = false;
  try {
    while (!signal.aborted) {
      const page = await readOrStop(context, after, batchSize, options.filter, signal);
      if (!page || signal.aborted) return;
      const progressed =
        page.lastSeen !== undefined && (after === undefined || page.lastSeen > after);
      if (page.events.length > 0) yield { kind: 'events', events: page.events };
      if (progressed && page.lastSeen !== undefined) {
        if (page.lastSeen !== page.events.at(-1)?.position) {
          yield { kind: 'checkpoint', position: page.lastSeen };
        }
        after = page.lastSeen;
        backoff = polling.minMs;
        hinted = false;
      }
      if (!page.exhausted) continue;
      if (!announced) {
        announced = true;
        yield { kind: 'caughtUp', position: after };
      }
      if (signal.aborted) return;
      const idle = !hinted && context.wakeUps.listening();
      const outcome = await waiter.wait(idle ? polling.idleMs : backoff, signal);
      if (outcome === 'aborted') return;
      if (!progressed) backoff = Math.min(backoff * 2, polling.maxMs);
      if (outcome === 'rung') {
        hinted = true;
        backoff = polling.minMs;
      }
    }
  } finally {
    waiter.dispose();
  }
}

async function readOrStop(
  context: SubscriptionContext,
  after: GlobalPosition | undefined,
  batchSize: number,
  filter: EventFilter | undefined,
  signal: AbortSignal,
): Promise<GlobalPage | undefined> {
  try {
    return await context.readPage(after, batchSize, filter);
  } catch (error) {
    // A read cut short by close() or abort ends the subscription quietly; anything else is news.
    if (signal.aborted) return undefined;
    throw error;
  }
}
