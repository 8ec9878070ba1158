// Proves migration 0034 on a ledger that already has history: each asset's books count its existing
// account-transfer rows (posted transfers with cause internalTransfer or memberTransfer, fee legs
// included; other causes and hold rows not), an asset without any counts 0, and the view carries
// the column.
import { migrations } from '@ledger/migrations';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { expect, test } from 'vitest';
import { migrateToLatest } from './migrate.ts';
import { useScratchDatabase } from './testing/scratch-database.ts';

const database = useScratchDatabase('account_transfer_list_migration');

test('0034 counts each asset’s existing account-transfer rows into the books', async () => {
  const db = database();
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const before = await migrator.migrateTo('0033-ledger-account-list-indexes');
  expect(before.error).toBeUndefined();
  await sql`INSERT INTO ledger_asset_totals_v1 (asset, decimal_point, balance_total,
      member_balance_total, member_held_total, system_balance_total, member_accounts,
      system_accounts, last_revision)
    SELECT a, 0, 0, 0, 0, 0, 2, 1, 6 FROM unnest(ARRAY['BTC', 'ETH', 'KRW']) AS a`.execute(db);
  await sql`INSERT INTO ledger_balance_log_v1 (entry, revision, position, occurred_at, event_type,
      cause, asset, amount, debit_account, credit_account, actor, command_id)
    VALUES (1024, 1, '1', '2025-03-01T01:00:00Z', 'TransferPosted', 'internalTransfer', 'KRW', 1, 'wallet:1', 'wallet:2', 'a', 'c1'),
           (2048, 2, '2', '2025-03-01T02:00:00Z', 'TransferPosted', 'memberTransfer', 'KRW', 5, 'wallet:1', 'wallet:3', 'a', 'c2'),
           (2049, 2, '2', '2025-03-01T02:00:00Z', 'TransferPosted', 'memberTransfer', 'KRW', 1, 'wallet:1', 'system:feeRevenue:KRW', 'a', 'c2'),
           (3072, 3, '3', '2025-03-01T02:00:00Z', 'TransferPosted', 'deposit', 'KRW', 9, 'system:chainClearing:KRW', 'wallet:1', 'a', 'c3'),
           (4096, 4, '4', '2025-03-01T03:00:00Z', 'HoldCaptured', 'memberTransfer', 'KRW', 1, 'wallet:2', 'wallet:1', 'a', 'c4'),
           (5120, 5, '5', '2025-03-01T03:30:00Z', 'TransferPosted', 'memberTransfer', 'BTC', 1, 'wallet:4', 'wallet:5', 'a', 'c5')`.execute(
    db,
  );
  expect(await migrateToLatest(db)).toContain('0034-ledger-account-transfer-list');
  const { rows } = await sql<{ asset: string; account_transfer_rows: string }>`
    SELECT asset, account_transfer_rows::text FROM ledger_asset_totals ORDER BY asset`.execute(db);
  expect(rows).toEqual([
    { asset: 'BTC', account_transfer_rows: '1' },
    { asset: 'ETH', account_transfer_rows: '0' },
    { asset: 'KRW', account_transfer_rows: '3' },
  ]);
});
