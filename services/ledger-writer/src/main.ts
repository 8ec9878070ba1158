import { createLogger, databaseUrlSchema, onShutdown, parseEnv } from '@ledger/runtime';
import { z } from 'zod';
import { startLedgerWriterService } from './ledger-writer-service.ts';
import type { SocketAddress } from './transport/socket-server.ts';

// The ledger writer as its own process: the write API reaches it over the local transport.
// LEDGER_WRITER_LISTEN is `unix:/path/to.sock` or `127.0.0.1:7400`.
const env = parseEnv(
  z.object({
    DATABASE_URL: databaseUrlSchema,
    LEDGER_WRITER_LISTEN: z
      .string()
      .regex(
        /^(unix:.+|(127\.0\.0\.1|localhost|\[::1\]):\d{1,5})$/,
        'unix:<path> or a loopback host:port',
      )
      .default('127.0.0.1:7400'),
    LEDGER_TIME_ZONE: z.string().min(1).default('Asia/Seoul'),
    LEDGER_WRITER_OUTCOME_PROJECTION: z.enum(['on', 'off']).default('on'),
    LEDGER_WRITER_EXPIRY: z.enum(['on', 'off']).default('on'),
  }),
);

function listenAddress(listen: string): SocketAddress {
  if (listen.startsWith('unix:')) return { path: listen.slice('unix:'.length) };
  const colon = listen.lastIndexOf(':');
  return {
    host: listen.slice(0, colon).replace(/^\[|\]$/g, ''),
    port: Number(listen.slice(colon + 1)),
  };
}

const logger = createLogger({ service: 'ledger-writer' });
const service = await startLedgerWriterService({
  databaseUrl: env.DATABASE_URL,
  logger,
  listen: listenAddress(env.LEDGER_WRITER_LISTEN),
  timeZone: env.LEDGER_TIME_ZONE,
  runOutcomeProjection: env.LEDGER_WRITER_OUTCOME_PROJECTION === 'on',
  runExpiry: env.LEDGER_WRITER_EXPIRY === 'on',
});
logger.info('ledger writer listening', { address: service.address });
onShutdown(async (signal) => {
  logger.info('shutting down', { signal });
  await service.stop();
});
// A writer that stopped by itself (overtaken, indeterminate append, broken invariant) exits
// non-zero so its supervisor starts a fresh one, which reads the truth from the log.
void service.ended.then((reason) => {
  if (reason === 'requested') return;
  logger.error('ledger writer ended', { reason });
  process.exit(1);
});
