import type { Database } from '@ledger/db';
import type { EventStore } from '@ledger/event-store';
import { projectBatch, registerProjection } from '@ledger/projection-runner';
import type { Kysely } from 'kysely';
import { commandOutcomeProjection } from '../command-outcome-projection.ts';

/** Runs the command-outcome projection until it has caught up (tests: no runner, no timers). */
export async function catchUpOutcomes(db: Kysely<Database>, store: EventStore): Promise<void> {
  const projection = commandOutcomeProjection();
  await registerProjection(db, projection);
  for (;;) {
    const outcome = await projectBatch({ db, eventStore: store, projection, maxCount: 7 });
    if (outcome.kind !== 'advanced') return;
  }
}
