// Administrator's account list benchmark (not a test): what one page of the ledger's account list
// costs with many member accounts. Starts its own embedded PostgreSQL, migrates, and writes
// synthetic member accounts (four assets, 1 % frozen, a title each, one in 1,000 in Korean) and the books' per-asset
// counts straight into the read models, then VACUUM ANALYZE; reads pages of 20 through the query API's
// pool (prepared statements, plan cache auto) for the default list (newest first), other sort keys,
// each filter the console offers and the last page, and prints the median wall time of one client
// per page. The same script run on two commits compares them.
// Usage: node scripts/bench-account-list.ts [--accounts 300000] [--reads 9]
import { parseArgs } from 'node:util';
import { type createDb, createDbWithPreparedStatements } from '@ledger/db';
import { listAccounts } from '@ledger/ledger-projections';
import { sql } from 'kysely';
import { machineLine, withBenchDatabase } from './bench-database.ts';

const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '300000' },
    reads: { type: 'string', default: '9' },
  },
});
const accounts = Number(args.accounts);
const reads = Number(args.reads);
const assets = ['KRW', 'BTC', 'ETH', 'USDT'];

type Case = [
  label: string,
  filter: Parameters<typeof listAccounts>[1],
  sort: Parameters<typeof listAccounts>[2],
  window: Parameters<typeof listAccounts>[3],
];

async function main(): Promise<void> {
  await withBenchDatabase('bench-account-list', async ({ url, setup }) => {
    await fill(setup);
    console.log(`${machineLine()}; ${accounts.toLocaleString('en-US')} member accounts`);
    const db = createDbWithPreparedStatements({
      url,
      poolSizeMax: 1,
      applicationName: 'query-api',
      planCacheMode: 'auto',
    });
    const first = { limit: 20, offset: 0 };
    const newest = { key: 'regdate', order: 'desc' } as const;
    const cases: Case[] = [
      ['all, newest first (the default)', {}, newest, first],
      ['all, by seq', {}, { key: 'seq', order: 'desc' }, first],
      ['all, by asset', {}, { key: 'asset', order: 'asc' }, first],
      ['all, by balance', {}, { key: 'balance', order: 'desc' }, first],
      ['one asset, newest first', { asset: 'BTC' }, newest, first],
      ['frozen accounts', { status: 'fraud' }, newest, first],
      ['one member', { memberSeq: 1_000 }, newest, first],
      [
        'opened in one week',
        { openedFrom: new Date('2025-03-01'), openedTo: new Date('2025-03-08') },
        newest,
        first,
      ],
      ['title search', { search: 'Account 12345' }, newest, first],
      ['title search, two characters (0.1 % of titles)', { search: '비상' }, newest, first],
      ['title search, two characters (every title)', { search: 'nt' }, newest, first],
      ['title search, one character (none)', { search: 'x' }, newest, first],
      ['all, newest first, page 100', {}, newest, { limit: 20, offset: 1_980 }],
      [
        'all, newest first, the middle page',
        {},
        newest,
        { limit: 20, offset: Math.floor(accounts / 40) * 20 },
      ],
      ['all, newest first, the last page', {}, newest, { limit: 20, offset: accounts - 20 }],
    ];
    try {
      console.log('| page | ms (median) | total |');
      console.log('|---|---|---|');
      for (const [label, filter, sort, window] of cases) {
        let total = 0;
        const times: number[] = [];
        for (let index = 0; index < reads + 2; index += 1) {
          const began = performance.now();
          total = (await listAccounts(db, filter, sort, window)).total;
          if (index >= 2) times.push(performance.now() - began);
        }
        times.sort((a, b) => a - b);
        const median = times[Math.floor(times.length / 2)] as number;
        console.log(`| ${label} | ${median.toFixed(1)} | ${total.toLocaleString('en-US')} |`);
      }
    } finally {
      await db.destroy();
    }
  });
}

/**
 * Member `s / 3` owns account `s`, opened a minute after the one before; every 97th is frozen;
 * every 1,000th is titled in Korean (비상금, an emergency fund).
 */
async function fill(db: ReturnType<typeof createDb>): Promise<void> {
  await sql`INSERT INTO ledger_accounts_v1 (account, seq, account_number, kind, member_id,
      member_seq, asset, decimal_point, status, balance, held, is_negative_allowed, opened_at,
      last_revision, last_position, log_rows, log_times_ordered)
    SELECT 'wallet:' || s, s, lpad(s::text, 12, '0'), 'member', 'member:' || (s / 3), s / 3,
      (${assets}::text[])[1 + s % 4], 8, CASE WHEN s % 97 = 0 THEN 'fraud' ELSE 'normal' END,
      (s::bigint * 7919 % 100000)::numeric, 0, false,
      timestamptz '2025-01-01' + s * interval '1 minute', 0, '', 0, true
      FROM generate_series(1, ${accounts}) AS s`.execute(db);
  await sql`INSERT INTO ledger_account_profiles_v1 (seq, account, member_seq, title, titled_at,
      last_position)
    SELECT s, 'wallet:' || s, s / 3,
      CASE WHEN s % 1000 = 0 THEN '비상금 ' || s ELSE 'Account ' || s END, now(), ''
      FROM generate_series(1, ${accounts}) AS s`.execute(db);
  await sql`INSERT INTO ledger_asset_totals_v1 (asset, decimal_point, balance_total,
      member_balance_total, member_held_total, system_balance_total, member_accounts,
      system_accounts, last_revision)
    SELECT asset, 8, 0, 0, 0, 0, count(*), 0, 0 FROM ledger_accounts_v1 GROUP BY asset`.execute(db);
  // As autovacuum leaves a table it has visited: statistics, and pages marked all-visible.
  await sql`VACUUM ANALYZE`.execute(db);
}

await main();
