// Proves migration 0031 on a ledger that already has history: each balance-log row gets its
// ordinal on each side's account (entry order, counting both sides; NULL on an absent side), each
// account the time of its newest row and whether its rows' times never went backwards (an
// account without rows keeps NULL and true), and both views carry the columns.
import { migrations } from '@ledger/migrations';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { expect, test } from 'vitest';
import { migrateToLatest } from './migrate.ts';
import { useScratchDatabase } from './testing/scratch-database.ts';

const database = useScratchDatabase('log_ordinals_migration');

test('0031 numbers every account’s existing log rows and finds the one whose times went back', async () => {
  const db = database();
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const before = await migrator.migrateTo('0030-ledger-account-log-rows');
  expect(before.error).toBeUndefined();
  await sql`INSERT INTO ledger_accounts_v1 (account, kind, asset, decimal_point, status, balance,
      held, is_negative_allowed, opened_at, last_revision, last_position)
    SELECT a, 'member', 'KRW', 0, 'normal', 0, 0, false, now(), 0, ''
      FROM unnest(ARRAY['wallet:1', 'wallet:2', 'wallet:3', 'wallet:4']) AS a`.execute(db);
  // wallet:1 → wallet:2 twice, a hold row on wallet:1 (debit side only), wallet:2 → wallet:1, then
  // wallet:4 → wallet:2 stamped an hour earlier than the rows before it (a clock stepped back):
  // wallet:2's times went back, wallet:4's did not (its only row).
  await sql`INSERT INTO ledger_balance_log_v1 (entry, revision, position, occurred_at, event_type,
      cause, asset, amount, debit_account, credit_account, actor, command_id)
    VALUES (1024, 1, '1', '2025-03-01T01:00:00Z', 'TransferPosted', 'internalTransfer', 'KRW', 1, 'wallet:1', 'wallet:2', 'a', 'c1'),
           (2048, 2, '2', '2025-03-01T02:00:00Z', 'TransferPosted', 'internalTransfer', 'KRW', 1, 'wallet:1', 'wallet:2', 'a', 'c2'),
           (3072, 3, '3', '2025-03-01T02:00:00Z', 'HoldPlaced', 'withdrawal', 'KRW', 1, 'wallet:1', NULL, 'a', 'c3'),
           (4096, 4, '4', '2025-03-01T03:00:00Z', 'TransferPosted', 'internalTransfer', 'KRW', 1, 'wallet:2', 'wallet:1', 'a', 'c4'),
           (5120, 5, '5', '2025-03-01T02:30:00Z', 'TransferPosted', 'internalTransfer', 'KRW', 1, 'wallet:4', 'wallet:2', 'a', 'c5')`.execute(
    db,
  );
  expect(await migrateToLatest(db)).toContain('0031-ledger-log-ordinals');
  const { rows: log } = await sql<{
    entry: string;
    debit_ordinal: string | null;
    credit_ordinal: string | null;
  }>`SELECT entry::text, debit_ordinal::text, credit_ordinal::text FROM ledger_balance_log
      ORDER BY entry`.execute(db);
  expect(log).toEqual([
    { entry: '1024', debit_ordinal: '1', credit_ordinal: '1' },
    { entry: '2048', debit_ordinal: '2', credit_ordinal: '2' },
    { entry: '3072', debit_ordinal: '3', credit_ordinal: null },
    { entry: '4096', debit_ordinal: '3', credit_ordinal: '4' },
    { entry: '5120', debit_ordinal: '1', credit_ordinal: '4' },
  ]);
  const { rows: accounts } = await sql<{
    account: string;
    log_last_at: string | null;
    log_times_ordered: boolean;
  }>`SELECT account, to_char(log_last_at AT TIME ZONE 'UTC', 'HH24:MI') AS log_last_at,
        log_times_ordered FROM ledger_accounts ORDER BY account`.execute(db);
  expect(accounts).toEqual([
    { account: 'wallet:1', log_last_at: '03:00', log_times_ordered: true },
    { account: 'wallet:2', log_last_at: '03:00', log_times_ordered: false },
    { account: 'wallet:3', log_last_at: null, log_times_ordered: true },
    { account: 'wallet:4', log_last_at: '02:30', log_times_ordered: true },
  ]);
});
