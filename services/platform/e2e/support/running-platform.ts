import { findFreePort, silentLogger } from '@ledger/runtime';
import { createTestDatabase, type TestDatabase } from '@ledger/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type Platform, startPlatform } from '../../src/index.ts';
import { launchChromium } from './browser.ts';

export type RunningPlatform = { platform: Platform; browser: Browser; database: TestDatabase };

/**
 * The whole product for one e2e file: its own database on the run's PostgreSQL, both APIs and the
 * web app on free ports (the same composition as the start command), and a headless Chromium.
 */
export function useRunningPlatform(): () => RunningPlatform {
  let running: RunningPlatform | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const platform = await startPlatform({
      databaseUrl: database.url,
      dataDir: '',
      host: '127.0.0.1',
      ports: { writeApi: 0, queryApi: 0, web: await findFreePort() },
      logger: silentLogger,
    });
    running = { platform, database, browser: await launchChromium() };
  });
  afterAll(async () => {
    await running?.browser.close();
    await running?.platform.stop();
    await running?.database.drop();
  });
  return () => {
    if (!running) throw new Error('useRunningPlatform(): available inside tests only');
    return running;
  };
}
