// Proves the balances batch write as a named prepared statement (the projector's pool): the same
// ledger events applied batch by batch, with the runner's memory, through the preparing pool into
// one schema and through a plain pool into another give identical tables, row for row, and the
// preparing connection parsed each shape of the write once and reused it on later batches; and that
// its plan follows the table: a batch written after the accounts grew from a handful to thousands
// finds its accounts through the index, not by scanning every account (as a plan kept from the
// connection's first batches did).

import { createDbWithPreparedStatements } from '@ledger/db';
import type { RecordedEvent } from '@ledger/event-store';
import { systemAccountId } from '@ledger/ledger';
import { useTestDatabase } from '@ledger/testing';
import { type Kysely, sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { walletAccountId } from './account-identity.ts';
import { applyLedgerBatch } from './ledger-balances-projection.ts';
import { balanceTables, createBalanceTables } from './read-model-tables.ts';
import {
  btcLeg,
  type LedgerFixture,
  openAsset,
  openWalletAccount,
  startLedgerFixture,
  transfer,
} from './testing/ledger-fixture.ts';

const database = useTestDatabase();
let fixture: LedgerFixture;
// biome-ignore lint/suspicious/noExplicitAny: raw statements on scratch schemas.
let preparing: Kysely<any>;

beforeAll(async () => {
  fixture = await startLedgerFixture(database().url);
  // One connection: every batch meets the same session and its prepared statements.
  preparing = createDbWithPreparedStatements({
    url: database().url,
    poolSizeMax: 1,
    planCacheMode: 'force_custom_plan',
  });
});
afterAll(async () => {
  await preparing.destroy();
  await fixture.close();
});

const clearing = systemAccountId('chainClearing', 'BTC');
const fees = systemAccountId('feeRevenue', 'BTC');

/**
 * Applies the events in batches of `size` into `schema`, as the runner does (memory kept);
 * returns the runner's memory.
 */
async function project(
  // biome-ignore lint/suspicious/noExplicitAny: raw statements on scratch schemas.
  db: Kysely<any>,
  schema: string,
  events: RecordedEvent[],
  size: number,
): Promise<Map<string, unknown>> {
  const context = { table: (name: string) => `${schema}.${name}` };
  await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(db);
  await db.transaction().execute((trx) => createBalanceTables(trx, context));
  const memory = new Map<string, unknown>();
  for (let start = 0; start < events.length; start += size) {
    const actions: (() => void)[] = [];
    const batchContext = {
      ...context,
      memory,
      afterCommit: (action: () => void) => void actions.push(action),
    };
    await db
      .transaction()
      .execute((trx) => applyLedgerBatch(trx, events.slice(start, start + size), batchContext));
    for (const action of actions) action();
  }
  return memory;
}

async function tableText(schema: string, table: string, key: string): Promise<string> {
  const { rows } = await sql<{ text: string | null }>`
    SELECT string_agg(t::text, E'\\n' ORDER BY ${sql.ref(`t.${key}`)}) AS text
      FROM ${sql.table(`${schema}.${table}`)} AS t`.execute(database().db);
  return rows[0]?.text ?? '';
}

test('batches written through prepared statements give the same tables as unnamed ones', async () => {
  await openAsset(fixture, 'BTC', 8);
  for (let seq = 1; seq <= 6; seq += 1) await fixture.accept(openWalletAccount(seq, seq, 'BTC', 8));
  for (let seq = 1; seq <= 6; seq += 1)
    await fixture.accept(
      transfer([btcLeg(clearing, walletAccountId(seq), '10.00000000')], 'deposit'),
    );
  for (let index = 0; index < 40; index += 1) {
    const from = walletAccountId(1 + (index % 6));
    const to = walletAccountId(1 + ((index + 1) % 6));
    const legs = [btcLeg(from, to, '0.01000000')];
    if (index % 3 === 0) legs.push(btcLeg(from, fees, '0.00000100'));
    await fixture.accept(transfer(legs));
  }
  const { events } = await fixture.store.readAll({ maxCount: 10_000 });
  const ledger = events.filter((event) => event.streamName === 'ledger');

  await project(database().db, 'plain_write', ledger, 5);
  await project(preparing, 'prepared_write', ledger, 5);

  const keys = {
    [balanceTables.accounts]: 'account',
    [balanceTables.balanceLog]: 'entry',
    [balanceTables.holds]: 'hold_id',
    [balanceTables.assetTotals]: 'asset',
  };
  for (const [table, key] of Object.entries(keys)) {
    const plain = await tableText('plain_write', table, key);
    expect(await tableText('prepared_write', table, key)).toBe(plain);
    if (table !== balanceTables.holds) expect(plain).not.toBe('');
  }
  // Each shape of the write (accounts opened, transfers, ...) prepared once on the connection,
  // far fewer than the batches that used it.
  const { rows } = await sql<{ name: string }>`
    SELECT name FROM pg_prepared_statements
     WHERE statement LIKE '%"prepared_write"."ledger_accounts"%'`.execute(preparing);
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.length).toBeLessThan(Math.ceil(ledger.length / 5) / 2);
});

test('a batch written after the accounts grew finds its accounts through the index', async () => {
  const before = await ledgerEvents();
  // Many transfer batches while the table holds a handful of accounts: under Postgres' default
  // plan_cache_mode, the connection would keep a generic plan made from that small table.
  const memory = await project(preparing, 'growth', before, 2);
  await sql`INSERT INTO growth.${sql.id(balanceTables.accounts)}
      (account, seq, account_number, kind, member_id, member_seq, system_role, asset,
       decimal_point, status, balance, held, daily_limit, is_negative_allowed, opened_at,
       last_revision, last_position)
    SELECT 'filler:' || g, 1000000 + g, 'F' || g, kind, member_id, member_seq, system_role,
      asset, decimal_point, status, 0, 0, daily_limit, is_negative_allowed, opened_at,
      last_revision, last_position
      FROM growth.${sql.id(balanceTables.accounts)}, generate_series(1, 5000) AS g
     WHERE account = ${walletAccountId(1)}`.execute(database().db);
  await fixture.accept(transfer([btcLeg(walletAccountId(1), walletAccountId(2), '0.01000000')]));
  await fixture.accept(transfer([btcLeg(walletAccountId(3), walletAccountId(4), '0.01000000')]));
  const added = (await ledgerEvents()).slice(before.length);
  expect(added).toHaveLength(2);
  const context = {
    table: (name: string) => `growth.${name}`,
    memory,
    afterCommit: () => {},
  };
  // The backend's counts not yet flushed to the statistics, read before and after the batch.
  const counts = async (trx: Transaction<unknown>) => {
    const { rows } = await sql<{ seq_scan: string; updated: string }>`
      SELECT coalesce(sum(seq_scan), 0)::text AS seq_scan,
          coalesce(sum(n_tup_upd), 0)::text AS updated
        FROM pg_stat_xact_user_tables
       WHERE schemaname = 'growth' AND relname = ${balanceTables.accounts}`.execute(trx);
    return { seqScans: BigInt(rows[0]?.seq_scan ?? 0), updated: BigInt(rows[0]?.updated ?? 0) };
  };
  const during = await preparing.transaction().execute(async (trx) => {
    const start = await counts(trx);
    await applyLedgerBatch(trx, added, context);
    const end = await counts(trx);
    return { seqScans: end.seqScans - start.seqScans, updated: end.updated - start.updated };
  });
  // Four accounts changed (two transfers between four accounts), none found by a scan.
  expect(during).toEqual({ seqScans: 0n, updated: 4n });
});

async function ledgerEvents(): Promise<RecordedEvent[]> {
  const { events } = await fixture.store.readAll({ maxCount: 10_000 });
  return events.filter((event) => event.streamName === 'ledger');
}
