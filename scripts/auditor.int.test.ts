// Proves the auditor CLI end to end on a real database: on an honest ledger with its projections
// it prints the chain, the replay, an account's balance timeline and a clean rebuild, and exits
// 0; after one ledger event's amount is edited in place (append-only trigger disabled, as a
// superuser attacker would), it exits non-zero and names that event as the first bad one.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createPool } from '@ledger/db';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { type SystemRole, systemAccountId } from '@ledger/ledger';
import type { LedgerCommandInput } from '@ledger/ledger-client';
import { ledgerProjections } from '@ledger/ledger-projections';
import { createLedgerWriter, withoutLock } from '@ledger/ledger-writer-core';
import { projectBatch, registerProjection } from '@ledger/projection-runner';
import { silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';

const database = useTestDatabase();

function auditor(
  ...args: string[]
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    [join(import.meta.dirname, 'auditor.ts'), '--database-url', database().url, ...args],
    {
      env: { PATH: process.env.PATH ?? '' },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

const open = (systemRole: SystemRole): LedgerCommandInput => ({
  type: 'OpenAccount',
  data: {
    account: systemAccountId(systemRole, 'KRW'),
    asset: 'KRW',
    decimalPoint: 0,
    kind: 'system',
    systemRole,
  },
});

beforeAll(async () => {
  const { url, db } = database();
  const pool = createPool({ url, poolSizeMax: 3 });
  const store = createPostgresEventStore({ pool });
  const writer = await createLedgerWriter({
    store,
    pool,
    leadership: withoutLock(),
    logger: silentLogger,
  });
  const commands: LedgerCommandInput[] = [
    open('chainClearing'),
    open('feeRevenue'),
    {
      type: 'OpenAccount',
      data: { account: 'wallet:1', asset: 'KRW', decimalPoint: 0, kind: 'member', memberId: '5' },
    },
    {
      type: 'OpenAccount',
      data: { account: 'wallet:2', asset: 'KRW', decimalPoint: 0, kind: 'member', memberId: '6' },
    },
    {
      type: 'PostTransfer',
      data: {
        transferId: 't1',
        legs: [
          {
            debit: systemAccountId('chainClearing', 'KRW'),
            credit: 'wallet:1',
            asset: 'KRW',
            amount: '5000',
          },
        ],
        cause: 'deposit',
      },
    },
    {
      type: 'PostTransfer',
      data: {
        transferId: 't2',
        legs: [
          { debit: 'wallet:1', credit: 'wallet:2', asset: 'KRW', amount: '1200' },
          {
            debit: 'wallet:1',
            credit: systemAccountId('feeRevenue', 'KRW'),
            asset: 'KRW',
            amount: '10',
          },
        ],
        cause: 'memberTransfer',
      },
    },
    {
      type: 'PostTransfer',
      data: {
        transferId: 't3',
        legs: [{ debit: 'wallet:2', credit: 'wallet:1', asset: 'KRW', amount: '200' }],
        cause: 'memberTransfer',
      },
    },
  ];
  for (const command of commands) {
    const result = await writer.submit({ commandId: randomUUID(), actor: 'system:test', command });
    if (result.kind !== 'answered' || result.answer.kind !== 'accepted')
      throw new Error(JSON.stringify(result));
  }
  await writer.stop();
  for (const projection of ledgerProjections) {
    await registerProjection(db, projection);
    while (
      (await projectBatch({ db, eventStore: store, projection, maxCount: 100 })).kind === 'advanced'
    ) {}
  }
  await store.close();
  await pool.end();
});

describe('the auditor CLI', () => {
  test('an honest ledger: exit 0, the timeline of one account, a clean rebuild', async () => {
    const result = await auditor('--account', '1');
    expect(result.stdout).toContain('hash chain: ok (7 events)');
    expect(result.stdout).toContain('timeline of wallet:1 (4 changes');
    expect(result.stdout).toMatch(/TransferPosted\s+balance 3990/);
    expect(result.stdout).toContain('rebuild: ok');
    expect(result.stdout).toContain('audit: ok');
    expect(result.code).toBe(0);
  });

  test('one edited ledger event: non-zero exit naming it', async () => {
    const { db } = database();
    const { rows } = await sql<{ id: string }>`SELECT event_id::text AS id FROM es_events
      WHERE stream_id = 'ledger' AND stream_revision = 5`.execute(db);
    const tampered = rows[0]?.id as string;
    await db.connection().execute(async (connection) => {
      await sql`BEGIN`.execute(connection);
      await sql`ALTER TABLE es_events DISABLE TRIGGER es_events_append_only`.execute(connection);
      await sql`UPDATE es_events SET data = jsonb_set(data, '{legs,0,amount}', '"120000"')
        WHERE event_id = ${tampered}::uuid`.execute(connection);
      await sql`ALTER TABLE es_events ENABLE TRIGGER es_events_append_only`.execute(connection);
      await sql`COMMIT`.execute(connection);
    });
    const result = await auditor('--no-rebuild');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `hash chain: BROKEN at ledger revision 5, first bad event ${tampered} (content_hash_mismatch)`,
    );
    expect(result.stdout).toContain('audit: DISCREPANCIES FOUND');
  });
});
