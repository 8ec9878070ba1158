// Proves who moves a withdrawal forward: the member's request and the administrator's approval are
// only recorded (the commands take no step), and the withdrawal processor's resumer, nudged by each
// append (its work list polled once a minute here), places the hold and then creates and broadcasts
// the transfer, once.
import { startProcessResumer, waitForProcess } from '@ledger/process-kit';
import { silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { withdrawalStream } from '@ledger/withdrawals';
import { createWithdrawalCommands, withdrawalFold } from '@ledger/withdrawals-store';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startWithdrawalFixture, type WithdrawalFixture } from './testing/withdrawal-fixture.ts';
import { createWithdrawalProcessor } from './withdrawal-processor.ts';

const database = useTestDatabase();
let fixture: WithdrawalFixture;
beforeAll(async () => {
  fixture = await startWithdrawalFixture(database().url, database().db);
});
afterAll(async () => {
  await fixture?.close();
});

test('the request and the approval are recorded; the nudged processor takes every step', async () => {
  await fixture.fundedAccount(901, 90, 'BTC', 8, '1.00000000');
  await fixture.project();
  const commands = createWithdrawalCommands({
    db: fixture.db,
    eventStore: fixture.store,
    ledger: fixture.ledger,
    certifiedAddress: async (_, seq) => fixture.certification(seq),
  });
  const processor = createWithdrawalProcessor({
    db: fixture.db,
    eventStore: fixture.store,
    ledger: fixture.ledger,
    logger: silentLogger,
  });
  const resumer = startProcessResumer({
    eventStore: fixture.store,
    processes: [processor.resumable],
    logger: silentLogger,
    intervalMs: 60_000,
  });
  await resumer.ready;
  try {
    const input = fixture.input(90, 901, '0.25');
    const requested = await commands.request(input);
    // The command took no step: the hold is the processor's.
    expect(requested.state).toMatchObject({ status: 'requested', hold: 'pending' });
    const withdrawalId = requested.state.request.withdrawalId;
    const stream = withdrawalStream(withdrawalId);
    const held = await waitForProcess(
      fixture.store,
      stream,
      withdrawalFold,
      (state) => state.status !== 'none' && state.hold !== 'pending',
      { timeoutMs: 20_000 },
    );
    expect(held.state).toMatchObject({ status: 'requested', hold: 'placed' });
    const approved = await commands.approve(withdrawalId, 1);
    expect(approved.state.status).toBe('approved');
    const sent = await waitForProcess(
      fixture.store,
      stream,
      withdrawalFold,
      (state) => state.status === 'sent',
      { timeoutMs: 20_000 },
    );
    expect(sent.reached).toBe(true);
    expect((await fixture.chainTransactions(withdrawalId)).map(({ outputs }) => outputs)).toEqual([
      1,
    ]);
  } finally {
    await resumer.stop();
  }
});
