import type { Db } from '@ledger/db';
import type { GlobalPosition } from '@ledger/event-store';
import { encodePosition } from '@ledger/event-store/postgres';
import { committedHead as committedHeadOf } from '@ledger/testing';

/**
 * The position of the newest committed event, for a test's "wait until projected" barrier (not
 * `eventStore.headPosition()`, which another test's open transaction holds back; see
 * `committedHead` in @ledger/testing).
 */
export function committedHead(db: Db): Promise<GlobalPosition | undefined> {
  return committedHeadOf(db, encodePosition);
}
