// Administrator's account-transfer list benchmark (not a test): what one page of
// account-transfer/list costs on a long balance log where account transfers are a share of the
// rows. Starts its own embedded PostgreSQL, migrates, and writes a synthetic balance log straight
// into the read model: N rows over D days in four assets (KRW 70 %, BTC 20 %, ETH 8 %, USDT 2 %),
// one in every T of them an account transfer (cause memberTransfer), the rest trades, with the
// books' per-asset count of account-transfer rows where the schema has it; then ANALYZE. Reads
// pages of 20 through the query API's pool (prepared statements, plan cache auto) for the default
// list (newest first), one asset, the SPEC §9 ranges, deep pages and the last page, and prints the
// median wall time of one client per page. The same script run on two commits compares them.
// Usage: node scripts/bench-transfer-list.ts [--rows 1000000] [--transfer-every 10] [--days 180] [--reads 9]
import { parseArgs } from 'node:util';
import { type createDb, createDbWithPreparedStatements } from '@ledger/db';
import { listAccountTransfers } from '@ledger/ledger-projections';
import { sql } from 'kysely';
import { machineLine, withBenchDatabase } from './bench-database.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    'transfer-every': { type: 'string', default: '10' },
    days: { type: 'string', default: '180' },
    reads: { type: 'string', default: '9' },
  },
});
const rowsTotal = Number(args.rows);
const transferEvery = Number(args['transfer-every']);
const days = Number(args.days);
const reads = Number(args.reads);
const dayMs = 86_400_000;
const start = Date.parse('2026-01-01T00:00:00.000Z');
const end = start + days * dayMs;

type Case = [
  label: string,
  filter: Parameters<typeof listAccountTransfers>[1],
  window: Parameters<typeof listAccountTransfers>[2],
];

async function main(): Promise<void> {
  await withBenchDatabase('bench-transfer-list', async ({ url, setup }) => {
    const transfers = await fill(setup);
    console.log(
      `${machineLine()}; a log of ${rowsTotal.toLocaleString('en-US')} rows over ${days} days, ${transfers.toLocaleString('en-US')} of them account transfers`,
    );
    const db = createDbWithPreparedStatements({
      url,
      poolSizeMax: 1,
      applicationName: 'query-api',
      planCacheMode: 'auto',
    });
    const first = { limit: 20, offset: 0, order: 'desc' as const };
    const lastDays = (count: number) => ({
      from: new Date(end - count * dayMs),
      to: new Date(end + 1),
    });
    const cases: Case[] = [
      ['all, newest first (the default)', {}, first],
      ['all, oldest first', {}, { ...first, order: 'asc' }],
      ['one asset (KRW, 70 %)', { asset: 'KRW' }, first],
      ['one asset (USDT, 2 %)', { asset: 'USDT' }, first],
      ['last 7 days', lastDays(7), first],
      ['last 30 days', lastDays(30), first],
      ['last 30 days, USDT', { asset: 'USDT', ...lastDays(30) }, first],
      ['all, page 100', {}, { ...first, offset: 1_980 }],
      ['all, the middle page', {}, { ...first, offset: Math.floor(transfers / 2 / 20) * 20 }],
      ['all, the last page', {}, { ...first, offset: Math.floor((transfers - 1) / 20) * 20 }],
    ];
    console.log('| page | rows in the list | ms per page |');
    console.log('|---|---|---|');
    try {
      for (const [label, filter, window] of cases) {
        let page = await listAccountTransfers(db, filter, window);
        page = await listAccountTransfers(db, filter, window);
        if (page.rows.length === 0) throw new Error(`${label}: an empty page`);
        const times: number[] = [];
        for (let index = 0; index < reads; index += 1) {
          const began = performance.now();
          await listAccountTransfers(db, filter, window);
          times.push(performance.now() - began);
        }
        times.sort((a, b) => a - b);
        const median = times[Math.floor(times.length / 2)] as number;
        console.log(
          `| ${label} | ${page.total.toLocaleString('en-US')} | ${median.toFixed(median < 10 ? 1 : 0)} |`,
        );
      }
    } finally {
      await db.destroy();
    }
  });
}

/** The synthetic log and the books; returns the number of account-transfer rows. */
async function fill(db: ReturnType<typeof createDb>): Promise<number> {
  const stepMs = (days * dayMs) / rowsTotal;
  // Row i's asset by i mod 50: KRW 35 of 50, BTC 10, ETH 4, USDT 1.
  const asset = sql`CASE WHEN i % 50 < 35 THEN 'KRW' WHEN i % 50 < 45 THEN 'BTC'
    WHEN i % 50 < 49 THEN 'ETH' ELSE 'USDT' END`;
  await sql`INSERT INTO ledger_asset_totals_v1 (asset, decimal_point, balance_total,
      member_balance_total, member_held_total, system_balance_total, member_accounts,
      system_accounts, last_revision)
    SELECT a, 0, 0, 0, 0, 0, 1000, 7, ${rowsTotal}
      FROM unnest(ARRAY['BTC', 'ETH', 'KRW', 'USDT']) AS a`.execute(db);
  // Account transfers on rows whose index divided by 50 is a multiple of T, so every asset has
  // its share of them.
  await sql`INSERT INTO ledger_balance_log_v1 (entry, revision, position, occurred_at, event_type,
      cause, transfer_id, asset, amount, debit_account, credit_account, actor, command_id)
    SELECT i * 1024, i, lpad(i::text, 20, '0'),
      ${new Date(start)}::timestamptz + (i * ${stepMs}) * interval '1 millisecond',
      'TransferPosted',
      CASE WHEN (i / 50) % ${transferEvery} = 0 THEN 'memberTransfer' ELSE 'trade' END,
      'transfer-' || i, ${asset}, 1, 'wallet:' || (i % 1000 + 1), 'wallet:' || ((i + 1) % 1000 + 1),
      'member:1', 'command-' || i
      FROM generate_series(0, ${rowsTotal - 1}::bigint) AS i`.execute(db);
  const { rows: counted } = await sql<{ asset: string; rows: string }>`
    SELECT asset, count(*)::text AS rows FROM ledger_balance_log_v1
     WHERE cause = 'memberTransfer' GROUP BY asset`.execute(db);
  const { rows: columns } = await sql`SELECT 1 FROM information_schema.columns
    WHERE table_name = 'ledger_asset_totals_v1' AND column_name = 'account_transfer_rows'`.execute(
    db,
  );
  if (columns.length > 0) {
    for (const row of counted) {
      await sql`UPDATE ledger_asset_totals_v1 SET account_transfer_rows = ${row.rows}::bigint
        WHERE asset = ${row.asset}`.execute(db);
    }
  }
  await sql`VACUUM ANALYZE`.execute(db);
  return counted.reduce((sum, row) => sum + Number(row.rows), 0);
}

await main();
