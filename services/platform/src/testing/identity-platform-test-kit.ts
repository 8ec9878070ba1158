import { createAccessTokenVerifier, importVerificationKey } from '@ledger/auth';
import type { Db } from '@ledger/db';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import {
  brokerageProjection,
  brokerageProjectionName,
  identityProjection,
  identityProjectionName,
  oauth2ClientProjection,
  oauth2ClientProjectionName,
} from '@ledger/identity-store';
import { createCheckpointAwaiter } from '@ledger/projection-runner';
import { startProjector } from '@ledger/projector';
import { createApp as createQueryApi, type IdentityReadDependencies } from '@ledger/query-api';
import { silentLogger } from '@ledger/runtime';
import { createIdentityWriteTestKit } from '@ledger/write-api/testing';
import type { Kysely } from 'kysely';
import { committedHead } from './committed-head.ts';

export type IdentityPlatformTestKit = Awaited<ReturnType<typeof createIdentityPlatformTestKit>>;

/**
 * Both APIs and identity's projections over one real PostgreSQL test database: the write-API kit
 * (register, login, codes from the outbox), the query API with the same public key, and the
 * projector running the identity and brokerage projections in this process.
 */
export async function createIdentityPlatformTestKit(database: { url: string; db: Db }) {
  const write = await createIdentityWriteTestKit(database);
  const awaiter = createCheckpointAwaiter(database.db, { pollIntervalMs: 5 });
  const identity: IdentityReadDependencies = {
    verifier: createAccessTokenVerifier(
      importVerificationKey(write.keys.verificationKey).publicKey,
      {
        cacheSizeMax: 1_000,
      },
    ),
    now: write.identity.now,
    awaiter,
    development: true,
  };
  const queryApp = createQueryApi({ db: database.db, logger: silentLogger, identity });
  const projectorStore = createPostgresEventStore({ url: database.url, poolSizeMax: 2 });
  const stopping = new AbortController();
  const projector = startProjector({
    db: database.db as unknown as Kysely<unknown>,
    eventStore: projectorStore,
    projections: [identityProjection, brokerageProjection, oauth2ClientProjection],
    logger: silentLogger,
    signal: stopping.signal,
  });
  /** Waits until identity's projections have applied every event committed so far. */
  async function projected(): Promise<void> {
    const head = await committedHead(database.db);
    if (head === undefined) return;
    const reached = await awaiter.waitForPosition(
      [identityProjectionName, brokerageProjectionName, oauth2ClientProjectionName],
      head,
      20_000,
    );
    if (!reached) throw new Error('the identity projections did not catch up');
  }
  async function get(path: string, options: { token?: string } = {}): Promise<Response> {
    return queryApp.request(path, {
      headers: options.token === undefined ? {} : { authorization: `Bearer ${options.token}` },
    });
  }
  return {
    ...write,
    queryApp,
    get,
    projected,
    async close() {
      stopping.abort();
      await projector.done;
      awaiter.close();
      await projectorStore.close();
      await write.close();
    },
  };
}
