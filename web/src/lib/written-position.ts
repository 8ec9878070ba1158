import type { QueryClient } from '@tanstack/react-query';
import type { SearchParams } from './api-client.ts';
import type { ApiRecord } from './api-failure.ts';

/** The last position a write of this app answered with, per query client (one per app). */
const latestPositions = new WeakMap<QueryClient, string>();

/**
 * Remembers the `position` a write answered with (contracts `WriteAnswerSchema`), so the reads
 * that follow wait for the read models to reach it (`?after=`, DESIGN.md §1): a screen never shows
 * the state from before the change the user just made. A write that changed nothing answers null.
 */
export function rememberWrite(client: QueryClient, answer: ApiRecord): void {
  const position = answer.position;
  if (typeof position === 'string' && position !== '') latestPositions.set(client, position);
}

/** The `after` parameter for a read, when this app has written something. */
export function afterLatestWrite(client: QueryClient): SearchParams {
  const position = latestPositions.get(client);
  return position === undefined ? {} : { after: position };
}
