import { csProjection, csProjectionName } from '@ledger/cs-store';
import type { Db } from '@ledger/db';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { createCheckpointAwaiter } from '@ledger/projection-runner';
import { startProjector } from '@ledger/projector';
import { silentLogger } from '@ledger/runtime';
import type { Kysely } from 'kysely';
import { committedHead } from './committed-head.ts';
import { createIdentityPlatformTestKit } from './identity-platform-test-kit.ts';

export type CsPlatformTestKit = Awaited<ReturnType<typeof createCsPlatformTestKit>>;

/**
 * The identity platform kit plus customer service: the `cs` projection runs in this process, and
 * helpers read answers and wait for every projection.
 */
export async function createCsPlatformTestKit(database: { url: string; db: Db }) {
  const kit = await createIdentityPlatformTestKit(database);
  const awaiter = createCheckpointAwaiter(database.db, { pollIntervalMs: 5 });
  const projectorStore = createPostgresEventStore({ url: database.url, poolSizeMax: 2 });
  const stopping = new AbortController();
  const projector = startProjector({
    db: database.db as unknown as Kysely<unknown>,
    eventStore: projectorStore,
    projections: [csProjection],
    logger: silentLogger,
    signal: stopping.signal,
  });

  /** Waits until identity's projections and the cs projection have seen every event so far. */
  async function settled(): Promise<void> {
    const head = await committedHead(database.db);
    if (head === undefined) return;
    if (!(await awaiter.waitForPosition([csProjectionName], head, 20_000)))
      throw new Error('the cs projection did not catch up');
    await kit.projected();
  }

  async function json<Body>(response: Response, status: number): Promise<Body> {
    const text = await response.text();
    if (response.status !== status) {
      throw new Error(`expected ${status}, got ${response.status} ${text}`);
    }
    return JSON.parse(text) as Body;
  }

  return {
    ...kit,
    settled,
    json,
    async close() {
      stopping.abort();
      await projector.done;
      awaiter.close();
      await projectorStore.close();
      await kit.close();
    },
  };
}
