import { serveApp } from '@ledger/http';
import { createLogger, parseEnv, runService } from '@ledger/runtime';
import { createApp } from './app.ts';
import { QueryApiEnvSchema } from './env.ts';
import { createIdentityReadDependencies } from './identity-from-environment.ts';
import { createQueryDb } from './query-db.ts';

// Composition root of the query-api as its own deployable (the start command runs it in-process).
const env = parseEnv(QueryApiEnvSchema);
const logger = createLogger({ service: 'query-api' });
runService(
  async () => {
    const db = createQueryDb({ url: env.DATABASE_URL });
    const identity = createIdentityReadDependencies({
      db,
      tokenVerificationKey: env.TOKEN_VERIFICATION_KEY,
      development: env.DEVELOPMENT_ROUTES,
    });
    const server = await serveApp(createApp({ db, logger, identity }), {
      port: env.QUERY_API_PORT,
      hostname: env.QUERY_API_HOST,
    });
    logger.info('listening', { url: server.url });
    return async () => {
      await server.close();
      identity.awaiter.close();
      await db.destroy();
    };
  },
  { logger },
);
