import { createDb } from '@ledger/db';
import { serveApp } from '@ledger/http';
import { createLogger, onShutdown, parseEnv } from '@ledger/runtime';
import { createApp } from './app.ts';
import { WriteApiEnvSchema } from './env.ts';
import { limits } from './limits.ts';

// Composition root of the write-api as its own deployable (the start command runs it in-process).
const env = parseEnv(WriteApiEnvSchema);
const logger = createLogger({ service: 'write-api' });
const db = createDb({
  url: env.DATABASE_URL,
  poolSizeMax: limits.poolSizeMax,
  statementTimeoutMs: limits.statementTimeoutMs,
  applicationName: 'write-api',
});
const server = await serveApp(createApp({ db, logger }), {
  port: env.WRITE_API_PORT,
  hostname: env.WRITE_API_HOST,
});
logger.info('listening', { url: server.url });
onShutdown(async () => {
  await server.close();
  await db.destroy();
});
