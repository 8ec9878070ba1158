import { setTimeout as delay } from 'node:timers/promises';
import {
  eventTypeFilter,
  excludeSystemEvents,
  type Filter,
  START,
  streamNameFilter,
} from '@eventstore/db-client';
import { InvalidArgumentError } from '../errors.ts';
import type {
  EventFilter,
  GlobalPosition,
  SubscribeAllOptions,
  SubscriptionItem,
} from '../port.ts';
import type { EsdbClient } from './client.ts';
import { decodePosition } from './position.ts';
import { OutOfOrderPositionError, SubscriptionSession } from './subscription-session.ts';

export type EsdbSubscribeAllOptions = SubscribeAllOptions & {
  /**
   * Where to resume after a drop: the projector passes its checkpoint as stored in Postgres
   * (guide §5.2), not the last position this iterator delivered. Default: the last position
   * delivered.
   */
  resumeFrom?: () => Promise<GlobalPosition | undefined>;
};

export type SubscriptionSettings = {
  /** Wait this long for more live events before yielding a short batch. */
  batchLingerMs: number;
  batchSizeMax: number;
  /** The server sends a checkpoint every `checkpointInterval` × 32 filtered events. */
  checkpointInterval: number;
  retry: { initialDelayMs: number; factor: number; maxDelayMs: number };
  /** Told about every drop before the back-off (for logs and metrics). */
  onDrop?: (error: unknown, attempt: number, delayMs: number) => void;
};

export const defaultSubscriptionSettings: SubscriptionSettings = {
  batchLingerMs: 5,
  batchSizeMax: 500,
  checkpointInterval: 1,
  retry: { initialDelayMs: 100, factor: 1.5, maxDelayMs: 5_000 },
};

/**
 * Catch-up then live over `subscribeToAll`, one item at a time (consume with for-await: emmett
 * PR #252). Resubscribes after every drop with back-off until the signal aborts; only errors that
 * a retry cannot cure end the iteration.
 */
export async function* subscribeAll(
  client: EsdbClient,
  options: EsdbSubscribeAllOptions,
  settings: SubscriptionSettings,
): AsyncGenerator<SubscriptionItem> {
  const { signal } = options;
  let resumeAt = options.after;
  let attempt = 0;
  while (!signal.aborted) {
    let session: SubscriptionSession | undefined;
    try {
      if (attempt > 0) resumeAt = await resumePosition(options, resumeAt);
      session = new SubscriptionSession({
        after: resumeAt,
        filter: options.filter,
        batchSizeMax: options.batchSizeMax ?? settings.batchSizeMax,
        batchLingerMs: settings.batchLingerMs,
      });
      const filter = serverFilter(
        options.filter,
        settings.checkpointInterval,
        session.onCheckpoint,
      );
      session.attach(
        client.subscribeToAll({
          fromPosition: resumeAt === undefined ? START : decodePosition(resumeAt),
          filter,
        }),
      );
      for await (const item of session.items(signal)) {
        attempt = 0;
        yield item;
      }
      return;
    } catch (error) {
      if (signal.aborted) return;
      if (!isRetryable(error)) throw error;
      resumeAt = session?.lastPosition ?? resumeAt;
      attempt += 1;
      const waitMs = backoffDelay(settings.retry, attempt);
      settings.onDrop?.(error, attempt, waitMs);
      await delay(waitMs, undefined, { signal }).catch(() => undefined);
    } finally {
      await session?.close().catch(() => undefined);
    }
  }
}

/** The stored checkpoint when the caller keeps one; a failure to read it is one more drop. */
async function resumePosition(
  options: EsdbSubscribeAllOptions,
  lastDelivered: GlobalPosition | undefined,
): Promise<GlobalPosition | undefined> {
  if (!options.resumeFrom) return lastDelivered;
  return options.resumeFrom();
}

/**
 * The server filters on one thing only: event-type prefixes when given, else stream prefixes,
 * else "no system events". The full filter (and the `$` rule) is applied again on the client.
 */
export function serverFilter(
  filter: EventFilter | undefined,
  checkpointInterval: number,
  checkpointReached: NonNullable<Filter['checkpointReached']>,
): Filter {
  const common = { checkpointInterval, checkpointReached };
  if (filter?.eventTypePrefixes)
    return eventTypeFilter({ prefixes: [...filter.eventTypePrefixes], ...common });
  if (filter?.streamPrefixes)
    return streamNameFilter({ prefixes: [...filter.streamPrefixes], ...common });
  return excludeSystemEvents(common);
}

const permanentErrorTypes = new Set(['access-denied', 'invalid-argument', 'unsupported']);

function isRetryable(error: unknown): boolean {
  if (error instanceof OutOfOrderPositionError || error instanceof InvalidArgumentError)
    return false;
  const type = (error as { type?: unknown } | null)?.type;
  return !(typeof type === 'string' && permanentErrorTypes.has(type));
}

export function backoffDelay(retry: SubscriptionSettings['retry'], attempt: number): number {
  return Math.min(retry.maxDelayMs, retry.initialDelayMs * retry.factor ** (attempt - 1));
}
