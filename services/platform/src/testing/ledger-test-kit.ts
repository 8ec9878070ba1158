import { randomUUID } from 'node:crypto';
import { createAccessTokenVerifier, importVerificationKey } from '@ledger/auth';
import type { Db } from '@ledger/db';
import type { EventStore } from '@ledger/event-store';
import { createPostgresEventStore, encodePosition } from '@ledger/event-store/postgres';
import {
  brokerageProjection,
  brokerageProjectionName,
  identityProjection,
  identityProjectionName,
} from '@ledger/identity-store';
import { type SystemRole, systemAccountId, systemRoles } from '@ledger/ledger';
import {
  ledgerBalancesProjection,
  ledgerBalancesProjectionName,
  ledgerProfilesProjection,
  ledgerProfilesProjectionName,
} from '@ledger/ledger-projections';
import { type LedgerWriterService, startLedgerWriterService } from '@ledger/ledger-writer-core';
import { createCheckpointAwaiter } from '@ledger/projection-runner';
import { type ProjectorOptions, startProjector } from '@ledger/projector';
import { createApp as createQueryApi, createQueryDb } from '@ledger/query-api';
import { type Logger, silentLogger } from '@ledger/runtime';
import { committedHead } from '@ledger/testing';
import type { LedgerPolicy } from '@ledger/write-api';
import { createApp } from '@ledger/write-api';
import { createIdentityWriteTestKit, type TestMember } from '@ledger/write-api/testing';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The whole ledger path over HTTP for integration tests (not shipped): the identity write kit
 * (register, login, chief administrators), a real ledger writer service, the write API with the
 * writer's client, the query API, and the projector running identity's and the ledger's
 * projections, on one test database. Assets are registered by opening their system accounts.
 */
export type LedgerTestKit = Awaited<ReturnType<typeof createLedgerTestKit>>;

export const kitAssets = { KRW: 0, BTC: 8 } as const;

export async function createLedgerTestKit(
  database: { url: string; db: Db },
  options: {
    policy?: Partial<LedgerPolicy>;
    /** Runs the projector's continuous reconciliation (T25) as configured here. */
    reconciliation?: ProjectorOptions<unknown>['reconciliation'];
    /** The projector's logger (default silent). */
    projectorLogger?: Logger;
    /** Wraps the write API's event store (a test's fault hook). */
    wrapEventStore?: (store: EventStore) => EventStore;
  } = {},
) {
  const identityKit = await createIdentityWriteTestKit(
    database,
    options.wrapEventStore ? { wrapEventStore: options.wrapEventStore } : {},
  );
  const writer = await startLedgerWriterService({
    databaseUrl: database.url,
    logger: silentLogger,
    runExpiry: false,
  });
  await writer.leading;
  const app = createApp({
    db: database.db,
    logger: silentLogger,
    identity: identityKit.identity,
    ledger: { client: writer.client(), ...(options.policy ? { policy: options.policy } : {}) },
  });
  const awaiter = createCheckpointAwaiter(database.db, { pollIntervalMs: 5 });
  // The query API on its own pool, as deployed: its marked reads go out as prepared statements.
  const queryDb = createQueryDb({ url: database.url, poolSizeMax: 4 });
  const queryApp = createQueryApi({
    db: queryDb,
    logger: silentLogger,
    identity: {
      verifier: createAccessTokenVerifier(
        importVerificationKey(identityKit.keys.verificationKey).publicKey,
        { cacheSizeMax: 1_000 },
      ),
      now: identityKit.identity.now,
      awaiter,
      development: true,
    },
  });
  const projector = startProjectorFor(database, options);
  await openAssets(writer);
  return {
    ...identityKit,
    app,
    queryApp,
    writer,
    awaiter,
    projector: projector.projector,
    ...httpHelpers(app, queryApp),
    ...memberHelpers(identityKit),
    eventCount: () => countEvents(database.db),
    projected: () => waitForProjections(database.db, awaiter),
    async close() {
      await projector.close();
      awaiter.close();
      await queryDb.destroy();
      await writer.stop();
      await identityKit.close();
    },
  };
}

function startProjectorFor(
  database: { url: string; db: Db },
  options: {
    reconciliation?: ProjectorOptions<unknown>['reconciliation'];
    projectorLogger?: Logger;
  },
) {
  const store = createPostgresEventStore({ url: database.url, poolSizeMax: 3 });
  const stopping = new AbortController();
  const projector = startProjector({
    db: database.db as unknown as Kysely<unknown>,
    eventStore: store,
    projections: [
      identityProjection,
      brokerageProjection,
      ledgerBalancesProjection,
      ledgerProfilesProjection,
    ],
    logger: options.projectorLogger ?? silentLogger,
    signal: stopping.signal,
    ...(options.reconciliation ? { reconciliation: options.reconciliation } : {}),
  });
  return {
    projector,
    async close() {
      stopping.abort();
      await projector.done;
      await store.close();
    },
  };
}

async function openAssets(writer: LedgerWriterService): Promise<void> {
  for (const [asset, decimalPoint] of Object.entries(kitAssets)) {
    for (const systemRole of systemRoles as readonly SystemRole[]) {
      const result = await writer.submit({
        commandId: `open:${systemRole}:${asset}`,
        actor: 'system:test',
        command: {
          type: 'OpenAccount',
          data: {
            account: systemAccountId(systemRole, asset),
            asset,
            decimalPoint,
            kind: 'system',
            systemRole,
          },
        },
      });
      if (result.kind !== 'answered' || result.answer.kind !== 'accepted') {
        throw new Error(`asset ${asset}: ${JSON.stringify(result)}`);
      }
    }
  }
}

/** Waits for the newest committed event (not the store's head: see `committedHead`). */
async function waitForProjections(
  db: Db,
  awaiter: ReturnType<typeof createCheckpointAwaiter>,
): Promise<void> {
  const head = await committedHead(db, encodePosition);
  if (head === undefined) return;
  const names = [
    identityProjectionName,
    brokerageProjectionName,
    ledgerBalancesProjectionName,
    ledgerProfilesProjectionName,
  ];
  if (!(await awaiter.waitForPosition(names, head, 20_000))) {
    throw new Error('the projections did not catch up');
  }
}

async function countEvents(db: Db): Promise<number> {
  const { rows } = await sql<{
    count: string;
  }>`SELECT count(*)::text AS count FROM es_events`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

type Send = {
  token?: string | undefined;
  key?: string | undefined;
  headers?: Record<string, string>;
};

function httpHelpers(
  app: ReturnType<typeof createApp>,
  queryApp: ReturnType<typeof createQueryApi>,
) {
  const write = (method: string, path: string, body: unknown, options: Send = {}) =>
    app.request(path, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
        ...(options.key === undefined ? {} : { 'idempotency-key': options.key }),
        ...options.headers,
      },
      body: JSON.stringify(body),
    });
  const read = (path: string, options: Send = {}) =>
    queryApp.request(path, {
      headers: options.token === undefined ? {} : { authorization: `Bearer ${options.token}` },
    });
  return { write, read };
}

export type LedgerTestMember = TestMember & { token: string };

function memberHelpers(identityKit: Awaited<ReturnType<typeof createIdentityWriteTestKit>>) {
  async function member(prefix = 'member'): Promise<LedgerTestMember> {
    const registered = await identityKit.register(prefix);
    return { ...registered, token: (await identityKit.login(registered)).token };
  }
  async function administrator(prefix = 'admin'): Promise<LedgerTestMember> {
    const registered = await identityKit.register(prefix);
    await identityKit.makeChiefAdministrator(registered.seq);
    return { ...registered, token: (await identityKit.login(registered)).token };
  }
  return { member, administrator, freshKey: () => randomUUID() };
}
