import { assetsProjection, assetsProjectionName } from '@ledger/assets-store';
import type { Db } from '@ledger/db';
import { createPostgresEventStore, encodePosition } from '@ledger/event-store/postgres';
import { startProjector } from '@ledger/projector';
import { silentLogger } from '@ledger/runtime';
import { committedHead } from '@ledger/testing';
import type { Kysely } from 'kysely';
import { createLedgerTestKit } from './ledger-test-kit.ts';

/**
 * The ledger test kit plus the `assets` projection, for the asset and deposit
 * integration tests (not shipped): `assetsProjected()` waits until the catalog, plug-ins,
 * addresses and deposits show everything written so far.
 */
export type DepositTestKit = Awaited<ReturnType<typeof createDepositTestKit>>;

export async function createDepositTestKit(
  database: { url: string; db: Db },
  options: Parameters<typeof createLedgerTestKit>[1] = {},
) {
  const kit = await createLedgerTestKit(database, options);
  const store = createPostgresEventStore({ url: database.url, poolSizeMax: 2 });
  const stopping = new AbortController();
  const projector = startProjector({
    db: database.db as unknown as Kysely<unknown>,
    eventStore: store,
    projections: [assetsProjection],
    logger: silentLogger,
    signal: stopping.signal,
  });
  return {
    ...kit,
    async assetsProjected(): Promise<void> {
      await kit.projected();
      const head = await committedHead(database.db, encodePosition);
      if (head === undefined) return;
      if (!(await kit.awaiter.waitForPosition([assetsProjectionName], head, 20_000))) {
        throw new Error('the assets projection did not catch up');
      }
    },
    async close() {
      stopping.abort();
      await projector.done;
      await store.close();
      await kit.close();
    },
  };
}
