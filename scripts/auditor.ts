// The ledger auditor: verifies the ledger stream's hash chain and names the first bad
// event; replays the ledger through the pure domain (all accounts, or one with its balance
// timeline, checked against its balance-change log); checks the live books (per-asset zero-sum, no
// negative balance where none is allowed); rebuilds every ledger projection in a scratch schema
// and compares it with the live tables in short transactions. Exit 0 when everything agrees, 1 on
// any discrepancy, 2 on a usage error.
// Usage: node scripts/auditor.ts [--database-url URL] [--account <seq | ledger account id>]
//          [--no-rebuild] [--keep-scratch] [--timeline-max 200]
import { parseArgs } from 'node:util';
import { createDb, createPool } from '@ledger/db';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { type AuditProgress, type AuditReport, runAudit } from '@ledger/ledger-projections';

function usage(message: string): never {
  process.stderr.write(`auditor: ${message}\n`);
  process.exit(2);
}

const { values: args } = (() => {
  try {
    return parseArgs({
      options: {
        'database-url': { type: 'string' },
        account: { type: 'string' },
        'no-rebuild': { type: 'boolean', default: false },
        'keep-scratch': { type: 'boolean', default: false },
        'timeline-max': { type: 'string', default: '200' },
      },
    });
  } catch (error) {
    return usage((error as Error).message);
  }
})();
const databaseUrl = args['database-url'] ?? process.env.DATABASE_URL;
if (databaseUrl === undefined) usage('give --database-url or DATABASE_URL');
const account =
  args.account === undefined
    ? undefined
    : /^\d+$/.test(args.account)
      ? `wallet:${args.account}`
      : args.account;
const timelineMax = Number(args['timeline-max']);

/** One line per phase, redrawn in place on a terminal (a progress bar), appended otherwise. */
function progressPrinter(): (progress: AuditProgress) => void {
  const isTerminal = process.stderr.isTTY === true;
  let lastPrinted = 0;
  return (progress) => {
    const now = Date.now();
    const text =
      progress.phase === 'replay'
        ? `replaying the ledger: ${progress.events.toLocaleString('en-US')} events`
        : progress.phase === 'rebuild'
          ? `rebuilding ${progress.projection}: ${progress.table} ${progress.rows.toLocaleString('en-US')} rows compared, ${progress.events.toLocaleString('en-US')} events applied`
          : progress.phase === 'chain'
            ? 'verifying the hash chain'
            : 'checking the live books';
    if (isTerminal) process.stderr.write(`\r\x1b[2K${spinner(now)} ${text}`);
    else if (
      now - lastPrinted >= 1_000 ||
      progress.phase === 'chain' ||
      progress.phase === 'books'
    ) {
      process.stderr.write(`${text}\n`);
      lastPrinted = now;
    }
  };
}

function spinner(now: number): string {
  const frames = '▁▂▃▄▅▆▇█▇▆▅▄▃▂';
  return `[${frames[Math.floor(now / 100) % frames.length]}]`;
}

function print(report: AuditReport): void {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  if (process.stderr.isTTY) process.stderr.write('\n');
  const { chain, replay } = report;
  out(
    chain.ok
      ? `hash chain: ok (${chain.events} events)`
      : chain.reason === 'stream_not_found'
        ? 'hash chain: the ledger is empty'
        : `hash chain: BROKEN at ledger revision ${chain.revision}, first bad event ${chain.eventId ?? '(missing)'} (${chain.reason})`,
  );
  out(
    replay.ok
      ? `replay: ok (${replay.events} events, ${replay.balances.length} accounts, every invariant held)`
      : `replay: FAILED at revision ${replay.revision ?? '?'}, event ${replay.eventId ?? '?'}: ${replay.error}`,
  );
  if (replay.ok && account === undefined) {
    for (const balance of replay.balances) {
      out(
        `  ${balance.account}  ${balance.asset}  balance ${balance.balance}  held ${balance.held}`,
      );
    }
  }
  if (replay.ok && account !== undefined) {
    out(
      `timeline of ${account} (${replay.timeline.length} changes, last ${Math.min(timelineMax, replay.timeline.length)}):`,
    );
    for (const point of replay.timeline.slice(-timelineMax)) {
      out(
        `  r${point.revision}  ${point.occurredAt}  ${point.eventType.padEnd(20)} balance ${point.balance}  held ${point.held}`,
      );
    }
  }
  for (const mismatch of report.timelineMismatches) {
    out(
      `timeline MISMATCH at revision ${mismatch.revision}: replayed balance ${mismatch.replayed.balance} held ${mismatch.replayed.held}, log says ${mismatch.logged}`,
    );
  }
  out(
    report.books.length === 0
      ? 'books: ok (every asset sums to zero, no forbidden negative)'
      : 'books: PROBLEMS',
  );
  for (const problem of report.books) out(`  ${JSON.stringify(problem)}`);
  if (report.rebuild !== undefined) {
    const { differences, rows, events } = report.rebuild;
    out(
      differences.length === 0
        ? `rebuild: ok (${events} events replayed into a scratch schema, ${rows} live rows identical)`
        : `rebuild: ${differences.length} DIFFERENCES`,
    );
    for (const difference of differences) {
      out(`  ${difference.projection} ${difference.table} ${difference.key}: ${difference.kind}`);
    }
  }
  out(report.ok ? 'audit: ok' : 'audit: DISCREPANCIES FOUND');
}

const pool = createPool({
  url: databaseUrl,
  poolSizeMax: 3,
  applicationName: 'auditor',
  statementTimeoutMs: 300_000,
});
const db = createDb({
  url: databaseUrl,
  poolSizeMax: 2,
  applicationName: 'auditor',
  statementTimeoutMs: 300_000,
});
const store = createPostgresEventStore({ pool });
try {
  const report = await runAudit({
    db,
    pool,
    store,
    account,
    rebuild: !args['no-rebuild'],
    keepScratch: args['keep-scratch'],
    onProgress: progressPrinter(),
  });
  print(report);
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await store.close();
  await db.destroy();
  await pool.end().catch(() => {});
}
