// Proves migration 0030 on a ledger that already has history: each account's new log_rows is the
// number of balance-log rows on it (debit and credit sides; an account without rows keeps 0), and
// the ledger_accounts view carries the column.
import { migrations } from '@ledger/migrations';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { expect, test } from 'vitest';
import { migrateToLatest } from './migrate.ts';
import { useScratchDatabase } from './testing/scratch-database.ts';

const database = useScratchDatabase('log_rows_migration');

test('0030 counts every account’s existing log rows, both sides', async () => {
  const db = database();
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const before = await migrator.migrateTo('0029-simulated-chain-wallet');
  expect(before.error).toBeUndefined();
  await sql`INSERT INTO ledger_accounts_v1 (account, kind, asset, decimal_point, status, balance,
      held, is_negative_allowed, opened_at, last_revision, last_position)
    SELECT a, 'member', 'KRW', 0, 'normal', 0, 0, false, now(), 0, ''
      FROM unnest(ARRAY['wallet:1', 'wallet:2', 'wallet:3']) AS a`.execute(db);
  // wallet:1 → wallet:2 twice, a hold row on wallet:1 (debit side only), wallet:2 → wallet:1 once.
  await sql`INSERT INTO ledger_balance_log_v1 (entry, revision, position, occurred_at, event_type,
      cause, asset, amount, debit_account, credit_account, actor, command_id)
    VALUES (1024, 1, '1', now(), 'TransferPosted', 'internalTransfer', 'KRW', 1, 'wallet:1', 'wallet:2', 'a', 'c1'),
           (2048, 2, '2', now(), 'TransferPosted', 'internalTransfer', 'KRW', 1, 'wallet:1', 'wallet:2', 'a', 'c2'),
           (3072, 3, '3', now(), 'HoldPlaced', 'withdrawal', 'KRW', 1, 'wallet:1', NULL, 'a', 'c3'),
           (4096, 4, '4', now(), 'TransferPosted', 'internalTransfer', 'KRW', 1, 'wallet:2', 'wallet:1', 'a', 'c4')`.execute(
    db,
  );
  expect(await migrateToLatest(db)).toContain('0030-ledger-account-log-rows');
  const { rows } = await sql<{ account: string; log_rows: string }>`
    SELECT account, log_rows::text FROM ledger_accounts ORDER BY account`.execute(db);
  expect(rows).toEqual([
    { account: 'wallet:1', log_rows: '4' },
    { account: 'wallet:2', log_rows: '3' },
    { account: 'wallet:3', log_rows: '0' },
  ]);
});
