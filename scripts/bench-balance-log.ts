// Balance-log read benchmark (not a test): what one page of a long account's log costs with a date
// range, its total read from two rows' ordinals against counted over the range. Starts its own
// embedded PostgreSQL, migrates, and writes a synthetic log straight into the read model: one hot
// account (a fee account) on one side of every row, against 1,000 member accounts, N rows spread
// evenly over D days, with the ordinals and the per-account columns the projector keeps; then
// ANALYZE. For each range (the SPEC §9 shortcuts: a day, a week, a month, three months, ending at
// the log's last instant) it reads pages through the query API's pool (prepared statements, plan
// cache auto) in turn with the account marked in time order (the total from ordinals) and marked
// out of it (the same code's fallback: the rows in the range counted), checks both give the same
// total, and prints the wall time per page of one client (the median of a second pass over the
// ranges) (the statement alone runs; nothing else
// loads the server) and the ratio. Then deep pages without a range (offsets up to the last page,
// newest and oldest first): read from the nearest bookmark (the account in time order) against by
// offset (marked out of it: the same code's fallback), the same rows checked, `--deep-pages` reads
// each after 3 warm-up reads.
// Usage: node scripts/bench-balance-log.ts [--rows 1000000] [--days 180] [--pages 200] [--deep-pages 20]
import { parseArgs } from 'node:util';
import { type createDb, createDbWithPreparedStatements } from '@ledger/db';
import { readBalanceLog } from '@ledger/ledger-projections';
import { sql } from 'kysely';
import { machineLine, withBenchDatabase } from './bench-database.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    days: { type: 'string', default: '180' },
    pages: { type: 'string', default: '200' },
    'deep-pages': { type: 'string', default: '20' },
  },
});
const rowsTotal = Number(args.rows);
const days = Number(args.days);
const pages = Number(args.pages);
const deepPages = Number(args['deep-pages']);
const dayMs = 86_400_000;
const hot = 'system:feeRevenue:KRW';
const members = 1_000;
const start = Date.parse('2026-01-01T00:00:00.000Z');
const end = start + days * dayMs;

async function main(): Promise<void> {
  await withBenchDatabase('bench-balance-log', async ({ url, setup }) => {
    const began = performance.now();
    await fill(setup);
    console.log(machineLine());
    console.log(
      `log: ${rowsTotal.toLocaleString('en-US')} rows over ${days} days on ${hot} (one every ${((days * dayMs) / rowsTotal / 1000).toFixed(1)} s), written in ${((performance.now() - began) / 1000).toFixed(1)} s`,
    );
    const db = createDbWithPreparedStatements({
      url,
      poolSizeMax: 1,
      applicationName: 'query-api',
      planCacheMode: 'auto',
    });
    try {
      const ranges = [
        ['1 day', 1],
        ['1 week', 7],
        ['1 month', 30],
        ['3 months', 90],
      ] as const;
      const lines: string[] = [];
      // Twice: the first pass only warms the plan cache and the buffers (the first range read
      // paid ~1 ms more per page than the same range read later).
      for (const pass of [1, 2]) {
        for (const [label, spanDays] of ranges) {
          const query = {
            account: hot,
            from: new Date(end - spanDays * dayMs),
            to: new Date(end + 1),
            order: 'desc' as const,
            limit: 20,
            offset: 0,
          };
          const ordered = await timePages(setup, db, query, true);
          const counted = await timePages(setup, db, query, false);
          if (ordered.total !== counted.total) {
            throw new Error(
              `totals differ: ${ordered.total} from ordinals, ${counted.total} counted`,
            );
          }
          if (pass === 2) {
            lines.push(
              `| ${label} | ${ordered.total.toLocaleString('en-US')} | ${ordered.us.toFixed(0)} | ${counted.us.toFixed(0)} | ${(counted.us / ordered.us).toFixed(1)} |`,
            );
          }
        }
      }
      console.log(
        '| range | rows in it | µs per page, total from ordinals | µs per page, counted | ratio |',
      );
      console.log('|---|---|---|---|---|');
      for (const line of lines) console.log(line);
      const deep: string[] = [];
      const offsets = [1_000, 10_000, 100_000, Math.floor(rowsTotal / 2), rowsTotal - 20];
      for (const order of ['desc', 'asc'] as const) {
        for (const offset of offsets) {
          const query = { account: hot, order, limit: 20, offset };
          const seek = await timePages(setup, db, query, true, deepPages, 3);
          const byOffset = await timePages(setup, db, query, false, deepPages, 3);
          if (JSON.stringify(seek.entries) !== JSON.stringify(byOffset.entries)) {
            throw new Error(`the pages differ at ${order} offset ${offset}`);
          }
          deep.push(
            `| ${order === 'desc' ? 'newest first' : 'oldest first'} | ${offset.toLocaleString('en-US')} | ${seek.us.toFixed(0)} | ${byOffset.us.toFixed(0)} | ${(byOffset.us / seek.us).toFixed(1)} |`,
          );
        }
      }
      console.log('');
      console.log(
        '| order | offset (page of 20) | µs per page, from a bookmark | µs per page, by offset | ratio |',
      );
      console.log('|---|---|---|---|---|');
      for (const line of deep) console.log(line);
    } finally {
      await db.destroy();
    }
  });
}

/**
 * The median wall time of `reads` page reads (after `warmUp` reads), in µs, the total and the
 * page's entries.
 */
async function timePages(
  setup: ReturnType<typeof createDb>,
  db: ReturnType<typeof createDb>,
  query: Parameters<typeof readBalanceLog>[1],
  ordered: boolean,
  reads = pages,
  warmUp = 20,
): Promise<{ us: number; total: number; entries: string[] }> {
  await sql`UPDATE ledger_accounts_v1 SET log_times_ordered = ${ordered} WHERE account = ${hot}`.execute(
    setup,
  );
  let page = await readBalanceLog(db, query);
  for (let index = 1; index < warmUp; index += 1) page = await readBalanceLog(db, query);
  const times: number[] = [];
  for (let index = 0; index < reads; index += 1) {
    const began = performance.now();
    await readBalanceLog(db, query);
    times.push((performance.now() - began) * 1000);
  }
  times.sort((a, b) => a - b);
  return {
    us: times[Math.floor(times.length / 2)] as number,
    total: page.total,
    entries: page.rows.map((row) => row.entry),
  };
}

/** The synthetic log: every row moves a fee from member `i % 1000 + 1` to the hot account. */
async function fill(db: ReturnType<typeof createDb>): Promise<void> {
  const stepMs = (days * dayMs) / rowsTotal;
  await sql`INSERT INTO ledger_asset_totals_v1 (asset, decimal_point, balance_total,
      member_balance_total, member_held_total, system_balance_total, member_accounts,
      system_accounts, last_revision)
    VALUES ('KRW', 0, 0, 0, 0, 0, ${members}, 1, ${rowsTotal})`.execute(db);
  await sql`INSERT INTO ledger_balance_log_v1 (entry, revision, position, occurred_at, event_type,
      cause, asset, amount, debit_account, credit_account, debit_balance_after, debit_held_after,
      credit_balance_after, credit_held_after, actor, command_id, debit_ordinal, credit_ordinal)
    SELECT i * 1024, i, lpad(i::text, 20, '0'),
      ${new Date(start)}::timestamptz + (i * ${stepMs}) * interval '1 millisecond',
      'TransferPosted', 'fee', 'KRW', 1, 'wallet:' || (i % ${members} + 1), ${hot}, 0, 0, i + 1, 0,
      'member:1', 'command-' || i, i / ${members} + 1, i + 1
      FROM generate_series(0, ${rowsTotal - 1}::bigint) AS i`.execute(db);
  await sql`INSERT INTO ledger_accounts_v1 (account, kind, system_role, asset, decimal_point,
      status, balance, held, is_negative_allowed, opened_at, last_revision, last_position,
      log_rows, log_last_at, log_times_ordered)
    VALUES (${hot}, 'system', 'feeRevenue', 'KRW', 0, 'normal', ${rowsTotal}, 0, false,
      ${new Date(start)}, ${rowsTotal}, '', ${rowsTotal}, ${new Date(end)}, true)`.execute(db);
  await sql`INSERT INTO ledger_accounts_v1 (account, seq, kind, member_id, member_seq, asset,
      decimal_point, status, balance, held, is_negative_allowed, opened_at, last_revision,
      last_position, log_rows, log_times_ordered)
    SELECT 'wallet:' || m, m, 'member', 'member:' || m, m, 'KRW', 0, 'normal', 0, 0, false,
      ${new Date(start)}, 0, '', 0, true FROM generate_series(1, ${members}) AS m`.execute(db);
  await sql`ANALYZE`.execute(db);
}

await main();
