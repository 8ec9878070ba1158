// Proves the forced adjustments' resumer on the process runner: an adjustment left approved without
// an outcome (the process died between the approval and its money step) is found on the work list
// and executed as its ONE ledger command, once, and running it again changes nothing.
import { randomUUID } from 'node:crypto';
import { adjustmentLedgerCommandIdOf, adjustmentStream } from '@ledger/adjustments';
import { silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { startAdjustmentResumer } from '@ledger/write-api';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createLedgerTestKit, type LedgerTestKit } from '../testing/ledger-test-kit.ts';

const database = useTestDatabase();
let kit: LedgerTestKit;
let accountSeq = 0;

beforeAll(async () => {
  kit = await createLedgerTestKit(database());
  const member = await kit.member('member');
  const opened = await kit.write(
    'POST',
    '/api/v1/account',
    { asset: 'BTC', title: 'Main' },
    { token: member.token, key: kit.freshKey() },
  );
  accountSeq = ((await opened.json()) as { data: { seq: number } }).data.seq;
  await kit.projected();
});
afterAll(async () => {
  await kit.close();
});

async function eventTypesOf(stream: string): Promise<string[]> {
  const { rows } = await sql<{ event_type: string }>`SELECT event_type FROM es_events
    WHERE stream_id = ${stream} ORDER BY stream_revision`.execute(database().db);
  return rows.map((row) => row.event_type);
}

async function postingsOf(transferId: string): Promise<number> {
  const { rows } = await sql<{ count: string }>`SELECT count(*)::text AS count FROM es_events
    WHERE stream_id = 'ledger' AND event_type = 'TransferPosted'
      AND data->>'transferId' = ${transferId}`.execute(database().db);
  return Number(rows[0]?.count);
}

test('an approved adjustment without an outcome is executed by the resumer, once', async () => {
  const adjustmentId = randomUUID();
  // Within the single-approval threshold: approved when proposed; the process stops there.
  await kit.identity.eventStore.append(
    adjustmentStream(adjustmentId),
    [
      {
        id: randomUUID(),
        type: 'AdjustmentProposed',
        data: {
          adjustmentId,
          account: `wallet:${accountSeq}`,
          accountSeq,
          memberSeq: 1,
          asset: 'BTC',
          direction: 'credit',
          amount: '0.50000000',
          reason: 'a compensation the process never executed',
          proposedBy: 1,
          approvalRequired: false,
          proposedAt: new Date().toISOString(),
        },
        metadata: { actor: 'admin:1' },
      },
    ],
    { expected: { kind: 'no_stream' } },
  );
  await kit.projected();
  const stop = startAdjustmentResumer(
    {
      db: database().db,
      identity: kit.identity,
      logger: silentLogger,
      ledger: { client: kit.writer.client() },
    },
    { intervalMs: 100 },
  );
  try {
    const stream = adjustmentStream(adjustmentId);
    const deadline = Date.now() + 20_000;
    while (!(await eventTypesOf(stream)).includes('AdjustmentExecuted')) {
      if (Date.now() > deadline) throw new Error('the resumer did not execute it');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await kit.projected();
    // Further rounds find it executed: nothing more is posted or recorded.
    await new Promise((resolve) => setTimeout(resolve, 300));
  } finally {
    await stop();
  }
  expect(await eventTypesOf(adjustmentStream(adjustmentId))).toEqual([
    'AdjustmentProposed',
    'AdjustmentExecuted',
  ]);
  expect(await postingsOf(adjustmentLedgerCommandIdOf(adjustmentId))).toBe(1);
});
