// Proves that the local transport carries submissions and answers unchanged (many in flight on one connection), refuses malformed requests, reports a request the writer may have received but did not answer as indeterminate, and refuses a new request unsent while the oldest in flight has waited past its bound.
import { rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LedgerWriterClient } from '@ledger/ledger-client';
import { createSocketClient } from '@ledger/ledger-client';
import { silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type LedgerWriterService, startLedgerWriterService } from '../ledger-writer-service.ts';
import {
  answerOf,
  coins,
  freshId,
  seedAccounts,
  submission,
  transfer,
} from '../testing/writer-fixtures.ts';

const database = useTestDatabase();
const socketPath = join(tmpdir(), `ledger-writer-${process.pid}.sock`);
let service: LedgerWriterService;
let client: LedgerWriterClient;

beforeAll(async () => {
  service = await startLedgerWriterService({
    databaseUrl: database().url,
    logger: silentLogger,
    listen: { path: socketPath },
    runExpiry: false,
  });
  await service.leading;
  client = createSocketClient({ address: { path: socketPath } });
  await seedAccounts(client, ['ivy', 'jack'], 1_000);
});
afterAll(async () => {
  await client.close();
  await service.stop();
});

describe('the socket transport', () => {
  test('many submissions in flight on one connection, each answered as in process', async () => {
    const sent = Array.from({ length: 300 }, () =>
      submission(transfer(freshId('wire'), 'ivy', 'jack', coins(1)), { actor: 'member:11' }),
    );
    const results = await Promise.all(sent.map((each) => client.submit(each)));
    for (const result of results) expect(answerOf(result).kind).toBe('accepted');
    const inProcess = await service.submit(sent[0] as (typeof sent)[number]);
    expect(inProcess).toEqual({ ...results[0], replayed: true });
  });

  test('the 409 and the rejection travel as they are', async () => {
    const original = submission(transfer(freshId('wire'), 'ivy', 'jack', coins(10_000)), {
      actor: 'member:11',
    });
    const rejected = await client.submit(original);
    expect(answerOf(rejected)).toMatchObject({
      kind: 'rejected',
      rejection: { type: 'InsufficientFunds' },
    });
    const reused = await client.submit({
      ...original,
      command: transfer('x', 'ivy', 'jack', coins(1)),
    });
    expect(reused).toEqual({
      kind: 'IdempotencyKeyReused',
      commandId: original.commandId,
      actor: 'member:11',
    });
  });

  test('a malformed request is refused with the field at fault', async () => {
    const bad = { ...submission(transfer(freshId(), 'ivy', 'jack', coins(1))), extra: 1 };
    const result = await client.submit(bad as never);
    expect(result).toMatchObject({ kind: 'InvalidSubmission' });
  });
});

describe('lost answers', () => {
  test('no writer listening: a clean refusal (nothing was sent)', async () => {
    const nowhere = createSocketClient({
      address: { path: join(tmpdir(), `none-${process.pid}.sock`) },
    });
    expect(
      await nowhere.submit(submission(transfer(freshId(), 'ivy', 'jack', coins(1)))),
    ).toMatchObject({
      kind: 'Unavailable',
      reason: 'stopped',
    });
    await nowhere.close();
  });

  test('the connection drops or the answer is late: indeterminate', async () => {
    const path = join(tmpdir(), `silent-${process.pid}.sock`);
    await rm(path, { force: true });
    let dropNext = true;
    const silent = net.createServer((socket) => {
      socket.on('data', () => {
        if (dropNext) socket.destroy();
        dropNext = false;
      });
    });
    await new Promise<void>((resolve) => silent.listen(path, resolve));
    const lossy = createSocketClient({ address: { path }, timeoutMs: 200 });
    const dropped = await lossy.submit(submission(transfer(freshId(), 'ivy', 'jack', coins(1))));
    expect(dropped).toMatchObject({ kind: 'Unavailable', reason: 'indeterminate' });
    const late = await lossy.submit(submission(transfer(freshId(), 'ivy', 'jack', coins(1))));
    expect(late).toMatchObject({ kind: 'Unavailable', reason: 'indeterminate' });
    await lossy.close();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  test('while the oldest request in flight waited too long, a new one is refused unsent', async () => {
    const path = join(tmpdir(), `stalled-${process.pid}.sock`);
    await rm(path, { force: true });
    let received = '';
    const stalled = net.createServer((socket) => {
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        received += chunk;
      });
    });
    await new Promise<void>((resolve) => stalled.listen(path, resolve));
    const client = createSocketClient({
      address: { path },
      timeoutMs: 5_000,
      pendingAgeMaxMs: 100,
    });
    const first = client.submit(submission(transfer(freshId(), 'ivy', 'jack', coins(1))));
    // Within the bound a request is sent like any other.
    void client.submit(submission(transfer(freshId(), 'ivy', 'jack', coins(1))));
    await new Promise((resolve) => setTimeout(resolve, 150));
    const began = performance.now();
    const refused = await client.submit(submission(transfer(freshId(), 'ivy', 'jack', coins(1))));
    expect(refused).toMatchObject({ kind: 'Unavailable', reason: 'overloaded' });
    expect(performance.now() - began).toBeLessThan(50);
    // Two lines reached the server, the refused one did not.
    expect(received.split('\n').filter((line) => line.length > 0)).toHaveLength(2);
    await client.close();
    expect(await first).toMatchObject({ kind: 'Unavailable', reason: 'indeterminate' });
    await new Promise<void>((resolve) => stalled.close(() => resolve()));
  });
});
