import { createDb, type Db, migrateToLatest, withDatabase } from '@ledger/db';
import { type RunningServer, serveApp } from '@ledger/http';
import { type LocalPostgres, startLocalPostgres } from '@ledger/local-postgres';
import { createApp as createQueryApi } from '@ledger/query-api';
import type { Logger } from '@ledger/runtime';
import { createWebConfig } from '@ledger/web/vite-config';
import { createApp as createWriteApi } from '@ledger/write-api';
import { createServer, type ViteDevServer } from 'vite';
import { ensureDatabase } from './ensure-database.ts';
import { type DemoLogin, seedDemoData } from './seed-demo-data.ts';

export type PlatformOptions = {
  /** An external PostgreSQL database; when absent, an embedded server runs on `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  postgresPort?: number | undefined;
  host: string;
  ports: { writeApi: number; queryApi: number; web: number };
  logger: Logger;
};

export type Platform = {
  urls: { web: string; writeApi: string; queryApi: string; database: string };
  demoLogins: DemoLogin[];
  stop(): Promise<void>;
};

const databaseName = 'ledger';

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
  try {
    const databaseUrl = await prepareDatabase(options, stack);
    const writeDb = openDb(databaseUrl, 'write-api', stack);
    const queryDb = openDb(databaseUrl, 'query-api', stack);
    const demoLogins = await seedDemoData(writeDb);
    const writeApi = await serve(
      createWriteApi({ db: writeDb, logger: options.logger.child({ service: 'write-api' }) }),
      options.host,
      options.ports.writeApi,
      stack,
    );
    const queryApi = await serve(
      createQueryApi({ db: queryDb, logger: options.logger.child({ service: 'query-api' }) }),
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
