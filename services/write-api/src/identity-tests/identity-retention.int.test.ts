// Proves the identity retention job erases request metadata older than a year and rate-limit
// counters older than a day, keeps everything younger, and that a second pass changes nothing.
import type { IdentityDb } from '@ledger/identity-store';
import { silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { expect, test } from 'vitest';
import { purgeIdentityRecords, startIdentityRetention } from '../identity-retention.ts';

const database = useTestDatabase();
const now = new Date('2026-11-22T09:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

async function seed(db: IdentityDb) {
  await db
    .insertInto('identity_request_metadata')
    .values([
      {
        request_id: 'old',
        member_seq: 1,
        ip_address: '203.0.113.9',
        user_agent: 'a',
        recorded_at: daysAgo(366),
      },
      {
        request_id: 'young',
        member_seq: 1,
        ip_address: '203.0.113.9',
        user_agent: 'a',
        recorded_at: daysAgo(364),
      },
    ])
    .execute();
  await db
    .insertInto('identity_rate_limits')
    .values([
      { bucket: 'login:stale', window_started_at: daysAgo(2), hits: 3 },
      { bucket: 'login:live', window_started_at: new Date(now.getTime() - 60_000), hits: 1 },
    ])
    .execute();
}

async function remaining(db: IdentityDb) {
  const metadata = await db.selectFrom('identity_request_metadata').select('request_id').execute();
  const counters = await db.selectFrom('identity_rate_limits').select('bucket').execute();
  return {
    metadata: metadata.map((row) => row.request_id).sort(),
    counters: counters.map((row) => row.bucket).sort(),
  };
}

test('a pass purges only what is past retention, and a second pass purges nothing', async () => {
  const db = database().db as unknown as IdentityDb;
  await seed(db);
  expect(await purgeIdentityRecords(db, now)).toEqual({
    requestMetadata: 1,
    rateLimitCounters: 1,
    idempotencyRecords: 0,
  });
  expect(await remaining(db)).toEqual({ metadata: ['young'], counters: ['login:live'] });
  expect(await purgeIdentityRecords(db, now)).toEqual({
    requestMetadata: 0,
    rateLimitCounters: 0,
    idempotencyRecords: 0,
  });
});

test('the periodic job runs a pass at start and stops cleanly', async () => {
  const db = database().db as unknown as IdentityDb;
  await db.deleteFrom('identity_request_metadata').execute();
  await db.deleteFrom('identity_rate_limits').execute();
  await seed(db);
  const stop = startIdentityRetention(
    { db, logger: silentLogger, now: () => now },
    { intervalMs: 50 },
  );
  await expect.poll(() => remaining(db)).toEqual({ metadata: ['young'], counters: ['login:live'] });
  await stop();
});
