// Proves the balances batch write as a named prepared statement (the projector's pool): the same
// ledger events applied batch by batch, with the runner's memory, through the preparing pool into
// one schema and through a plain pool into another give identical tables, row for row, and the
// preparing connection parsed each shape of the write once and reused it on later batches.
import type { RecordedEvent } from '@ledger/event-store';
import { systemAccountId } from '@ledger/ledger';
import { createDbWithPreparedStatements } from '@ledger/projection-runner';
import { useTestDatabase } from '@ledger/testing';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { walletAccountId } from './account-identity.ts';
import { applyLedgerBatch } from './ledger-balances-projection.ts';
import { balanceTables, createBalanceTables } from './read-model-tables.ts';
import {
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
  preparing = createDbWithPreparedStatements({ url: database().url, poolSizeMax: 1 });
});
afterAll(async () => {
  await preparing.destroy();
  await fixture.close();
});

const clearing = systemAccountId('chainClearing', 'BTC');
const fees = systemAccountId('feeRevenue', 'BTC');
const leg = (debit: string, credit: string, amount: string) => ({
  debit,
  credit,
  asset: 'BTC',
  amount,
});

/** Applies the events in batches of `size` into `schema`, as the runner does (memory kept). */
// biome-ignore lint/suspicious/noExplicitAny: raw statements on scratch schemas.
async function project(db: Kysely<any>, schema: string, events: RecordedEvent[], size: number) {
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
    await fixture.accept(transfer([leg(clearing, walletAccountId(seq), '10.00000000')], 'deposit'));
  for (let index = 0; index < 40; index += 1) {
    const from = walletAccountId(1 + (index % 6));
    const to = walletAccountId(1 + ((index + 1) % 6));
    const legs = [leg(from, to, '0.01000000')];
    if (index % 3 === 0) legs.push(leg(from, fees, '0.00000100'));
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
