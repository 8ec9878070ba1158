// Proves that the writer batches concurrent commands into few appends and is idempotent per actor and key (T5): a retry gets the original answer, another body gets IdempotencyKeyReused, and no command is ever appended twice.

import { eventIdsOf } from '@ledger/ledger-client';
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  answerOf,
  coins,
  commandRuns,
  freshId,
  openMember,
  readLedger,
  seedAccounts,
  startTestWriter,
  submission,
  type TestWriter,
  transfer,
} from './testing/writer-fixtures.ts';

const database = useTestDatabase();
let running: TestWriter;

beforeAll(async () => {
  running = await startTestWriter(database().url);
  await seedAccounts(running.writer, ['alice', 'bob'], 1_000);
});
afterAll(async () => {
  await running.close();
});

describe('batching', () => {
  test('concurrent commands share appends and every event carries its command', async () => {
    const before = running.writer.stats();
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        running.writer.submit(submission(transfer(`batch-${index}`, 'alice', 'bob', coins(1)))),
      ),
    );
    for (const result of results) expect(answerOf(result).kind).toBe('accepted');
    const after = running.writer.stats();
    expect(after.commands - before.commands).toBe(200);
    expect(after.batches - before.batches).toBeLessThan(200);
    const events = await readLedger(running.store);
    const last = events.at(-1);
    expect(last?.metadata).toMatchObject({ actor: 'system:test', bodyHash: expect.any(String) });
    const commandId = String(last?.metadata.commandId);
    expect(last?.id).toBe(eventIdsOf('system:test', commandId, 1)[0]);
    expect(after.revision).toBe(events.length - 1);
  });

  test('a rejected command is appended as CommandRejected and its retry gets the same rejection', async () => {
    const rejected = submission(transfer(freshId('too-much'), 'alice', 'bob', coins(1_000_000)));
    const first = await running.writer.submit(rejected);
    const retry = await running.writer.submit(rejected);
    expect(answerOf(first)).toMatchObject({
      kind: 'rejected',
      rejection: { type: 'InsufficientFunds' },
    });
    expect(retry).toEqual({ ...first, replayed: true });
    const events = await readLedger(running.store);
    const rejections = events.filter((event) => event.metadata.commandId === rejected.commandId);
    expect(rejections.map((event) => event.type)).toEqual(['CommandRejected']);
  });
});

describe('T5: idempotent retries', () => {
  test('20 concurrent submissions with one key and body have one effect and identical answers', async () => {
    const same = submission(transfer(freshId('t5'), 'alice', 'bob', coins(3)), {
      actor: 'member:1',
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => running.writer.submit(same)),
    );
    const answers = results.map(answerOf);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    for (const result of results)
      expect(result.kind === 'answered' && result.position).toBeTruthy();
    expect(results.filter((result) => result.kind === 'answered' && !result.replayed)).toHaveLength(
      1,
    );
    const events = await readLedger(running.store);
    const effects = events.filter((event) => event.metadata.commandId === same.commandId);
    expect(effects).toHaveLength(1);
  });

  test('the same key with another body is IdempotencyKeyReused and appends nothing', async () => {
    const original = submission(transfer(freshId('t5b'), 'alice', 'bob', coins(2)), {
      actor: 'member:1',
    });
    await running.writer.submit(original);
    const revision = running.writer.stats().revision;
    const other = { ...original, command: transfer('other-transfer', 'alice', 'bob', coins(5)) };
    const results = await Promise.all([
      running.writer.submit(other),
      running.writer.submit(other),
      running.writer.submit(original),
    ]);
    expect(results[0]).toEqual({
      kind: 'IdempotencyKeyReused',
      commandId: original.commandId,
      actor: 'member:1',
    });
    expect(results[1]?.kind).toBe('IdempotencyKeyReused');
    expect(results[2]).toMatchObject({ kind: 'answered', replayed: true });
    expect(running.writer.stats().revision).toBe(revision);
  });

  test('a key reused while its first submission is still in flight is refused too', async () => {
    const first = submission(transfer(freshId('t5c'), 'alice', 'bob', coins(1)), {
      actor: 'member:2',
    });
    const other = { ...first, command: transfer('different', 'alice', 'bob', coins(1)) };
    const [a, b] = await Promise.all([running.writer.submit(first), running.writer.submit(other)]);
    expect(answerOf(a).kind).toBe('accepted');
    expect(b.kind).toBe('IdempotencyKeyReused');
  });

  test('the same key from another actor is another command', async () => {
    const commandId = freshId('shared-key');
    const fromOne = submission(transfer(`${commandId}-1`, 'alice', 'bob', coins(1)), {
      commandId,
      actor: 'member:1',
    });
    const fromTwo = submission(openMember(`${commandId}-account`), {
      commandId,
      actor: 'member:2',
    });
    const [one, two] = await Promise.all([
      running.writer.submit(fromOne),
      running.writer.submit(fromTwo),
    ]);
    expect(answerOf(one).kind).toBe('accepted');
    expect(answerOf(two).kind).toBe('accepted');
    expect(answerOf(one).revision).not.toBe(answerOf(two).revision);
  });

  test('a caller-supplied body hash decides sameness', async () => {
    const commandId = freshId('caller-hash');
    const first = submission(transfer(`${commandId}-a`, 'alice', 'bob', coins(1)), {
      commandId,
      bodyHash: 'h1',
    });
    const regenerated = { ...first, command: transfer(`${commandId}-b`, 'alice', 'bob', coins(1)) };
    const [a, b] = await Promise.all([
      running.writer.submit(first),
      running.writer.submit(regenerated),
    ]);
    expect(b).toEqual({ ...a, replayed: true });
  });

  test('no command appears twice in the log', async () => {
    const runs = commandRuns(await readLedger(running.store));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  test('a malformed submission is refused without an event', async () => {
    const result = await running.writer.submit({ ...submission(openMember('x')), commandId: '' });
    expect(result).toEqual({ kind: 'InvalidSubmission', field: 'commandId' });
  });
});
