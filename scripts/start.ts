// The README's start command (after scripts/bootstrap.mjs installed everything): the whole product
// on the embedded PostgreSQL, or on DATABASE_URL. Ctrl-C stops every part, PostgreSQL included.
import { join } from 'node:path';
import { exposureWarning, startPlatform } from '@ledger/platform';
import { createLogger, databaseUrlSchema, parseEnv, portSchema, runService } from '@ledger/runtime';
import { z } from 'zod';

const env = parseEnv(
  z.object({
    DATABASE_URL: databaseUrlSchema.optional(),
    HOST: z.string().min(1).default('127.0.0.1'),
    WEB_PORT: portSchema.default(5173),
    WRITE_API_PORT: portSchema.default(4001),
    QUERY_API_PORT: portSchema.default(4002),
    POSTGRES_PORT: portSchema.default(54320),
  }),
);
const logger = createLogger({ process: 'start' });
// The signal handlers go in first: a Ctrl-C while PostgreSQL starts, or during migrations and the
// seed, waits for the start to finish and then stops every part (no orphaned PostgreSQL).
runService(
  async () => {
    const platform = await startPlatform({
      databaseUrl: env.DATABASE_URL,
      dataDir: join(import.meta.dirname, '..', '.pg', 'dev'),
      postgresPort: env.POSTGRES_PORT,
      host: env.HOST,
      ports: { writeApi: env.WRITE_API_PORT, queryApi: env.QUERY_API_PORT, web: env.WEB_PORT },
      logger,
    });
    announce(platform);
    return async (signal) => {
      console.log(`\n${signal}: stopping ...`);
      await platform.stop();
      console.log('stopped.');
    };
  },
  { logger },
);

function announce(platform: Awaited<ReturnType<typeof startPlatform>>): void {
  const { urls, demoLogins } = platform;
  console.log(`
Ledger Exchange is running.

  Web app      ${urls.web}
  Write API    ${urls.writeApi}   (GET ${urls.writeApi}/health)
  Query API    ${urls.queryApi}   (GET ${urls.queryApi}/health)
  Database     ${urls.database}
  Browser API  ${urls.web}api/v1  (reads → query API, writes → write API)
  Development  ${urls.web}api/v1/development/...  (mail outbox, chain control: administrators only)

Demo logins:
${
  demoLogins.length === 0
    ? '  none yet'
    : demoLogins
        .map((login) => `  ${login.role.padEnd(8)} ${login.userId} / ${login.password}`)
        .join('\n')
}

Press Ctrl-C to stop.`);
  const exposure = exposureWarning(env.HOST);
  if (exposure !== undefined) console.warn(`\nWARNING: ${exposure}`);
}
