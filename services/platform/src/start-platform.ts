import { dirname, join } from 'node:path';
import { assetsProjection, depositRequestResumable } from '@ledger/assets-store';
import {
  builtInAdapters,
  type ChainScannerDependencies,
  startChainScanner,
} from '@ledger/chain-scanner';
import { createDb, type Db, migrateToLatest, withDatabase } from '@ledger/db';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { type RunningServer, serveApp } from '@ledger/http';
import {
  brokerageProjection,
  identityProjection,
  oauth2ClientProjection,
} from '@ledger/identity-store';
import { kycProjection } from '@ledger/kyc-store';
import { ledgerBalancesProjection, ledgerProfilesProjection } from '@ledger/ledger-projections';
import { type LedgerWriterService, startLedgerWriterService } from '@ledger/ledger-writer-core';
import { type LocalPostgres, startLocalPostgres } from '@ledger/local-postgres';
import { startProcessResumer } from '@ledger/process-kit';
import { startProjector } from '@ledger/projector';
import {
  createIdentityReadDependencies,
  createApp as createQueryApi,
  createQueryDb,
} from '@ledger/query-api';
import type { Logger } from '@ledger/runtime';
import { createWebConfig } from '@ledger/web/vite-config';
import { createWithdrawalProcessor } from '@ledger/withdrawal-processor';
import { walletHoldingsSource, withdrawalsProjection } from '@ledger/withdrawals-store';
import {
  adjustmentResumableOf,
  c2cApplicationResumable,
  c2cDealResumable,
  createIdentityWriteDependencies,
  createApp as createWriteApi,
  startIdentityRetention,
  startKycWorkers,
} from '@ledger/write-api';
import type { Kysely } from 'kysely';
import { createServer, type ViteDevServer } from 'vite';
import { exposureWarning } from './bind-address.ts';
import { ensureDatabase } from './ensure-database.ts';
import { type IdentityKeys, loadOrCreateIdentityKeys } from './identity-keys.ts';
import { type DemoLogin, seedDemoData } from './seed-demo-data.ts';

export type PlatformOptions = {
  /** An external PostgreSQL database; when absent, an embedded server runs on `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  postgresPort?: number | undefined;
  host: string;
  ports: { writeApi: number; queryApi: number; web: number };
  logger: Logger;
  /** Identity keys; by default kept beside the embedded database (fresh ones without a dataDir). */
  identityKeys?: IdentityKeys | undefined;
};

export type Platform = {
  urls: { web: string; writeApi: string; queryApi: string; database: string };
  demoLogins: DemoLogin[];
  stop(): Promise<void>;
};

const databaseName = 'ledger';

/** The web server's proxy as the APIs see it: a loopback peer (IPv4, IPv6, IPv4-mapped). */
export const loopbackProxies: readonly string[] = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

/**
 * The whole product in one process on the embedded default (DESIGN.md §1): PostgreSQL, migrations,
 * demo data, the write API, the query API and the web app. The two APIs get their own pools and
 * share nothing but the database, as separate deployables would.
 */
export async function startPlatform(options: PlatformOptions): Promise<Platform> {
  const stack: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const close of stack.reverse()) await close().catch(() => {});
  };
  const exposure = exposureWarning(options.host);
  if (exposure !== undefined) options.logger.warn('bound beyond loopback', { warning: exposure });
  try {
    const databaseUrl = await prepareDatabase(options, stack);
    const writeDb = openDb(databaseUrl, 'write-api', stack);
    // The query API's own pool, as deployed (its reads keep their plans).
    const queryDb = createQueryDb({ url: databaseUrl });
    stack.push(() => queryDb.destroy());
    const { writeIdentity, queryIdentity } = identityDependencies(options, databaseUrl, {
      writeDb,
      queryDb,
      stack,
    });
    const ledger = { client: (await startLedgerWriter(options, databaseUrl, stack)).client() };
    const writeApp = createWriteApi({
      db: writeDb,
      logger: options.logger.child({ service: 'write-api' }),
      identity: writeIdentity,
      ledger,
      // The simulated chain's control: the start command is the development default.
      development: true,
    });
    stack.push(startDepositScanner(databaseUrl, writeIdentity.eventStore, ledger, options, stack));
    // One resumer runs every process type: withdrawals (resumed when nudged by an append or
    // from their work list, sent ones reconciled on the chain), forced adjustments and deposit
    // requests (what their approve request left, from their work lists).
    const withdrawals = createWithdrawalProcessor({
      db: writeDb,
      eventStore: writeIdentity.eventStore,
      ledger: ledger.client,
      logger: options.logger,
      now: writeIdentity.now,
    });
    const c2cSteps = {
      eventStore: writeIdentity.eventStore,
      ledger: ledger.client,
      now: () => writeIdentity.now().toISOString(),
    };
    const resumer = startProcessResumer({
      eventStore: writeIdentity.eventStore,
      processes: [
        withdrawals.resumable,
        adjustmentResumableOf({
          db: writeDb,
          identity: writeIdentity,
          logger: options.logger,
          ledger,
        }),
        depositRequestResumable({
          db: writeDb,
          eventStore: writeIdentity.eventStore,
          ledger: ledger.client,
          now: writeIdentity.now,
        }),
        // C2C applications: what the parties' requests left (a ledger that did not answer).
        c2cApplicationResumable(writeDb, c2cSteps),
        c2cDealResumable(writeDb, c2cSteps),
      ],
      chores: [{ name: 'withdrawal reconciliation', run: withdrawals.reconcile }],
      logger: options.logger.child({ service: 'process-resumer' }),
      intervalMs: 2_000,
    });
    stack.push(() => resumer.stop());
    stack.push(
      startIdentityRetention({ db: writeDb, logger: options.logger, now: writeIdentity.now }),
    );
    // Automatic security levels and KYC expiry.
    stack.push(startKycWorkers({ db: writeDb, identity: writeIdentity, logger: options.logger }));
    const demoLogins = await seedDemoData({
      db: writeDb,
      writeApi: writeApp,
      identity: writeIdentity,
      ledger,
    });
    const writeApi = await serve(writeApp, options.host, options.ports.writeApi, stack);
    const queryApi = await serve(
      createQueryApi({
        db: queryDb,
        logger: options.logger.child({ service: 'query-api' }),
        identity: queryIdentity,
      }),
      options.host,
      options.ports.queryApi,
      stack,
    );
    const web = await startWeb(options, writeApi.url, queryApi.url, stack);
    return {
      urls: {
        web: `http://${options.host}:${web.config.server.port}/`,
        writeApi: writeApi.url,
        queryApi: queryApi.url,
        database: redactPassword(databaseUrl),
      },
      demoLogins,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function prepareDatabase(options: PlatformOptions, stack: (() => Promise<void>)[]) {
  let databaseUrl = options.databaseUrl;
  if (databaseUrl === undefined) {
    const server: LocalPostgres = await startLocalPostgres({
      dataDir: options.dataDir,
      port: options.postgresPort,
      persistent: true,
    });
    stack.push(() => server.stop());
    await ensureDatabase(server.url, databaseName);
    databaseUrl = withDatabase(server.url, databaseName);
  }
  const migrator = createDb({ url: databaseUrl, poolSizeMax: 1, applicationName: 'migrate' });
  try {
    const applied = await migrateToLatest(migrator);
    options.logger.info('migrated', { applied });
  } finally {
    await migrator.destroy();
  }
  return databaseUrl;
}

/** Identity's keys, projections and both APIs' identity dependencies (closed by `stack`). */
function identityDependencies(
  options: PlatformOptions,
  databaseUrl: string,
  { writeDb, queryDb, stack }: { writeDb: Db; queryDb: Db; stack: (() => Promise<void>)[] },
) {
  const keys =
    options.identityKeys ??
    loadOrCreateIdentityKeys(
      options.dataDir === '' ? undefined : join(dirname(options.dataDir), 'identity-keys.json'),
    );
  startIdentityProjections(databaseUrl, options.logger, stack);
  const eventStore = createPostgresEventStore({ url: databaseUrl, poolSizeMax: 10 });
  stack.push(() => eventStore.close());
  const writeIdentity = createIdentityWriteDependencies({
    db: writeDb,
    eventStore,
    // Browsers reach the APIs through the web server's proxy (loopback), which appends each
    // client's address to X-Forwarded-For: trusted from loopback peers only, so the rate limits
    // count each browser apart (a caller beyond loopback is judged by its socket).
    keys: {
      tokenSigningKey: keys.signingKey,
      identitySecret: keys.identitySecret,
      trustedProxies: loopbackProxies,
      trustedProxyHeader: 'x-forwarded-for',
    },
  });
  const queryIdentity = createIdentityReadDependencies({
    db: queryDb,
    tokenVerificationKey: keys.verificationKey,
    development: true,
  });
  stack.push(async () => queryIdentity.awaiter.close());
  return { writeIdentity, queryIdentity };
}

/**
 * Identity's read models, projected in this process (the projector deployable runs the same
 * projections when the product is deployed as separate services).
 */
function startIdentityProjections(
  url: string,
  logger: Logger,
  stack: (() => Promise<void>)[],
): void {
  const db = createDb({
    url,
    applicationName: 'projector',
    poolSizeMax: 4,
    statementTimeoutMs: 30_000,
  });
  const eventStore = createPostgresEventStore({ url, poolSizeMax: 2 });
  const stopping = new AbortController();
  const projector = startProjector({
    // The projections write through raw SQL on their own versioned tables, typed `unknown`.
    db: db as unknown as Kysely<unknown>,
    eventStore,
    projections: [
      identityProjection,
      brokerageProjection,
      oauth2ClientProjection,
      ledgerBalancesProjection,
      ledgerProfilesProjection,
      assetsProjection,
      kycProjection,
      withdrawalsProjection,
    ],
    logger: logger.child({ service: 'projector' }),
    signal: stopping.signal,
    // The continuous reconciliation of the ledger (T25), as the projector deployable's default.
    // Chain assets against their wallets (the demo seed puts its funding on the chain).
    reconciliation: { intervalMs: 60_000, holdings: walletHoldingsSource(db, eventStore) },
  });
  stack.push(async () => {
    stopping.abort();
    await projector.done;
    await eventStore.close();
    await db.destroy();
  });
}

/**
 * The ledger writer in this process (the embedded default; deployed apart, the write API reaches
 * it over LEDGER_WRITER_ADDRESS). It also runs the command-outcome projection and hold expiry.
 */
async function startLedgerWriter(
  options: PlatformOptions,
  databaseUrl: string,
  stack: (() => Promise<void>)[],
): Promise<LedgerWriterService> {
  const writer = await startLedgerWriterService({
    databaseUrl,
    logger: options.logger.child({ service: 'ledger-writer' }),
  });
  stack.push(() => writer.stop());
  await writer.leading;
  return writer;
}

/**
 * The chain scanner: follows every asset plug-in allowed to scan (the simulated chain
 * by default) and credits deposits after their confirmations; also finishes approved deposit
 * requests a crash interrupted.
 */
function startDepositScanner(
  databaseUrl: string,
  eventStore: ChainScannerDependencies['eventStore'],
  ledger: { client: ChainScannerDependencies['ledger'] },
  options: PlatformOptions,
  stack: (() => Promise<void>)[],
): () => Promise<void> {
  const db = openDb(databaseUrl, 'chain-scanner', stack);
  const scanner = startChainScanner({
    db,
    eventStore,
    ledger: ledger.client,
    logger: options.logger.child({ service: 'chain-scanner' }),
    now: () => new Date(),
    adapterFor: builtInAdapters(db),
    intervalMs: 500,
  });
  return () => scanner.stop();
}

function openDb(url: string, applicationName: string, stack: (() => Promise<void>)[]): Db {
  const db = createDb({ url, applicationName, poolSizeMax: 10, statementTimeoutMs: 10_000 });
  stack.push(() => db.destroy());
  return db;
}

async function serve(
  app: Parameters<typeof serveApp>[0],
  host: string,
  port: number,
  stack: (() => Promise<void>)[],
): Promise<RunningServer> {
  const server = await serveApp(app, { port, hostname: host });
  stack.push(() => server.close());
  return server;
}

async function startWeb(
  options: PlatformOptions,
  writeApiUrl: string,
  queryApiUrl: string,
  stack: (() => Promise<void>)[],
): Promise<ViteDevServer> {
  const web = await createServer({
    ...createWebConfig({ writeApiUrl, queryApiUrl, host: options.host, port: options.ports.web }),
    logLevel: 'warn',
    clearScreen: false,
  });
  stack.push(() => web.close());
  await web.listen();
  return web;
}

function redactPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
