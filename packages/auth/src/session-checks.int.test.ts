// Proves the coalesced session check answers exactly like one read per request: live, other
// member, revoked, past its absolute expiry and unknown sessions; a revocation committed before a
// check is seen by that check (staleness bound zero); checks of one turn share one query, and
// checks of later turns asked while a read is under way share the next one.
import { randomUUID } from 'node:crypto';
import { createDb } from '@ledger/db';
import { identityDb, insertSession, revokeSession } from '@ledger/identity-store';
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createSessionChecker } from './session-checks.ts';

const database = useTestDatabase();
let queries = 0;
let counted: ReturnType<typeof createDb> | undefined;
/** While set, every read's answer waits for it: a read "under way" for as long as a test needs. */
let holdAnswers: Promise<void> | undefined;

beforeAll(() => {
  counted = createDb({ url: database().url, poolSizeMax: 4, applicationName: 'session-checks' });
  const original = counted.getExecutor().executeQuery.bind(counted.getExecutor());
  counted.getExecutor().executeQuery = (compiled, queryId) => {
    queries += 1;
    const held = holdAnswers;
    if (held === undefined) return original(compiled, queryId);
    return original(compiled, queryId).then(async (result) => {
      await held;
      return result;
    });
  };
});

afterAll(async () => {
  await counted?.destroy();
});

const now = new Date('2026-11-22T10:00:00.000Z');

async function newSession(
  memberSeq: number,
  options: { expiresAt?: Date; usedOtp?: boolean } = {},
) {
  const sessionId = randomUUID();
  await insertSession(identityDb(database().db), {
    sessionId,
    memberSeq,
    familySecret: new Uint8Array(32),
    usedOtp: options.usedOtp ?? false,
    createdAt: new Date(now.getTime() - 60_000),
    absoluteExpiresAt: options.expiresAt ?? new Date(now.getTime() + 3_600_000),
  });
  return sessionId;
}

test('answers live, other-member, revoked, expired and unknown sessions like a single read', async () => {
  const checker = createSessionChecker(identityDb(counted as NonNullable<typeof counted>));
  const live = await newSession(1, { usedOtp: true });
  const revoked = await newSession(2);
  await revokeSession(identityDb(database().db), revoked, now, 'logout');
  const expiring = await newSession(3, { expiresAt: new Date(now.getTime() + 1) });
  const answers = await Promise.all([
    checker.check(live, 1, now),
    checker.check(live, 99, now),
    checker.check(revoked, 2, now),
    checker.check(expiring, 3, now),
    checker.check(expiring, 3, new Date(now.getTime() + 1)),
    checker.check(randomUUID(), 1, now),
    checker.check('not-a-uuid', 1, now),
    checker.check(live.toUpperCase(), 1, now),
  ]);
  expect(answers).toEqual([
    { usedOtp: true },
    undefined,
    undefined,
    { usedOtp: false },
    undefined,
    undefined,
    undefined,
    { usedOtp: true },
  ]);
});

test('a revocation committed before a check is seen by that check', async () => {
  const checker = createSessionChecker(identityDb(counted as NonNullable<typeof counted>));
  const sessionId = await newSession(7);
  expect(await checker.check(sessionId, 7, now)).toEqual({ usedOtp: false });
  await revokeSession(identityDb(database().db), sessionId, now, 'logout');
  expect(await checker.check(sessionId, 7, now)).toBeUndefined();
});

test('the checks of one event-loop turn share one query', async () => {
  const checker = createSessionChecker(identityDb(counted as NonNullable<typeof counted>));
  const sessions = await Promise.all(
    Array.from({ length: 20 }, (_, index) => newSession(index + 100)),
  );
  const before = queries;
  const answers = await Promise.all(
    Array.from({ length: 200 }, (_, index) =>
      checker.check(sessions[index % 20] as string, (index % 20) + 100, now),
    ),
  );
  expect(queries - before).toBe(1);
  expect(answers.every((answer) => answer?.usedOtp === false)).toBe(true);
});

test('checks asked while a read is under way wait for it and share the next read', async () => {
  // A long bound on the wait: only the read under way may decide when the next one starts, however
  // slow the machine (the bound itself is a separate concern).
  const checker = createSessionChecker(identityDb(counted as NonNullable<typeof counted>), {
    deferMaxMs: 60_000,
  });
  const sessions = await Promise.all([newSession(300), newSession(301), newSession(302)]);
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  let release = () => {};
  holdAnswers = new Promise<void>((resolve) => {
    release = resolve;
  });
  const before = queries;
  const first = checker.check(sessions[0] as string, 300, now);
  await nextTurn();
  await nextTurn();
  // The first read is under way (its answer is held back until both later checks are asked).
  const second = checker.check(sessions[1] as string, 301, now);
  await nextTurn();
  const third = checker.check(sessions[2] as string, 302, now);
  await nextTurn();
  holdAnswers = undefined;
  release();
  const answers = await Promise.all([first, second, third]);
  expect(queries - before).toBe(2);
  expect(answers).toEqual([{ usedOtp: false }, { usedOtp: false }, { usedOtp: false }]);
});
