// A deployable for run-service.test.ts: its start takes START_MS (and fails when START_FAILS is
// set); its stop takes STOP_MS. Every step prints a line, so the test can see their order.
import { createLogger } from './logger.ts';
import { runService } from './shutdown.ts';

const startMs = Number(process.env.START_MS ?? '0');
const stopMs = Number(process.env.STOP_MS ?? '0');
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const logger = createLogger({ service: 'fixture' });

runService(
  async () => {
    await wait(startMs);
    if (process.env.START_FAILS !== undefined) throw new Error('cannot start');
    const keepAlive = setInterval(() => {}, 60_000);
    logger.info('started');
    return async (signal) => {
      logger.info('stop running', { signal });
      await wait(stopMs);
      clearInterval(keepAlive);
      logger.info('stopped');
    };
  },
  { logger },
);
