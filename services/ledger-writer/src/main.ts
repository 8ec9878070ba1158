import { startLedgerWriterService } from '@ledger/ledger-writer-core';
import {
  createLogger,
  databaseUrlSchema,
  parseEnv,
  parseSocketAddress,
  runService,
} from '@ledger/runtime';
import { z } from 'zod';

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
    LEDGER_WRITER_EXPIRY: z.enum(['on', 'off']).default('on'),
  }),
);

const logger = createLogger({ service: 'ledger-writer' });
runService(
  async () => {
    const service = await startLedgerWriterService({
      databaseUrl: env.DATABASE_URL,
      logger,
      listen: parseSocketAddress(env.LEDGER_WRITER_LISTEN),
      timeZone: env.LEDGER_TIME_ZONE,
      runExpiry: env.LEDGER_WRITER_EXPIRY === 'on',
    });
    logger.info('ledger writer listening', { address: service.address });
    // A writer that stopped by itself (overtaken, indeterminate append, broken invariant) exits
    // non-zero so its supervisor starts a fresh one, which reads the truth from the log.
    void service.ended.then((reason) => {
      if (reason === 'requested') return;
      logger.error('ledger writer ended', { reason });
      process.exit(1);
    });
    return async (signal) => {
      logger.info('shutting down', { signal });
      await service.stop();
    };
  },
  { logger },
);
