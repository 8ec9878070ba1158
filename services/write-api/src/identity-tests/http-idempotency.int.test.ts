// Proves an Idempotency-Key on an identity command runs it once: a retry replays the first answer
// and appends nothing, concurrent retries never run it twice, another request under the same key
// is refused, keys are scoped to the member, and requests without a key behave as before.
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  createIdentityWriteTestKit,
  type IdentityWriteTestKit,
  type TestMember,
} from '../testing/index.ts';

const database = useTestDatabase();
let kit: IdentityWriteTestKit;
let alice: TestMember;
let aliceToken: string;

beforeAll(async () => {
  kit = await createIdentityWriteTestKit(database());
  alice = await kit.register('alice');
  aliceToken = (await kit.login(alice)).token;
});
afterAll(async () => {
  await kit.close();
});

const verification = '/api/v1/member/me/email-verification';

test('a retry with the same key replays the answer and appends nothing', async () => {
  const headers = { 'idempotency-key': 'verify-once-1' };
  const before = await kit.eventCount();
  const first = await kit.post(verification, {}, { token: aliceToken, headers });
  expect(first.status).toBe(202);
  const firstBody = await first.json();
  const afterFirst = await kit.eventCount();
  expect(afterFirst).toBeGreaterThan(before);

  const retry = await kit.post(verification, {}, { token: aliceToken, headers });
  expect(retry.status).toBe(202);
  expect(retry.headers.get('idempotency-replayed')).toBe('true');
  expect(await retry.json()).toEqual(firstBody);
  expect(await kit.eventCount()).toBe(afterFirst);
});

test('concurrent requests under one key run the command once', async () => {
  const headers = { 'idempotency-key': 'verify-burst-1' };
  const before = await kit.eventCount();
  const responses = await Promise.all(
    Array.from({ length: 12 }, () => kit.post(verification, {}, { token: aliceToken, headers })),
  );
  const statuses = responses.map((response) => response.status);
  const ran = responses.filter(
    (response) => response.status === 202 && response.headers.get('idempotency-replayed') === null,
  );
  expect(ran).toHaveLength(1);
  for (const status of statuses) expect([202, 409]).toContain(status);
  const eventsPerRun = (await kit.eventCount()) - before;
  // One run's events, whatever the interleaving: a second run would double them.
  const single = await kit.post(verification, {}, { token: aliceToken });
  expect(single.status).toBe(202);
  expect((await kit.eventCount()) - before).toBe(eventsPerRun * 2);
});

test('the same key with another request is refused and changes nothing', async () => {
  const key = 'key-then-other-request';
  const first = await kit.post(
    verification,
    {},
    {
      token: aliceToken,
      headers: { 'idempotency-key': key },
    },
  );
  expect(first.status).toBe(202);
  const before = await kit.eventCount();
  const other = await kit.put(
    '/api/v1/member/me/email',
    { email_address: 'alice.new@example.test', password: alice.password },
    { token: aliceToken, headers: { 'idempotency-key': key } },
  );
  expect(other.status).toBe(409);
  expect(((await other.json()) as { code: string }).code).toBe('idempotency_key_reused');
  expect(await kit.eventCount()).toBe(before);
});

test('keys are scoped to the member, and a malformed key is refused', async () => {
  const bob = await kit.register('bob');
  const bobToken = (await kit.login(bob)).token;
  const key = 'shared-key-between-members';
  const aliceAnswer = await kit.post(
    verification,
    {},
    {
      token: aliceToken,
      headers: { 'idempotency-key': key },
    },
  );
  const bobAnswer = await kit.post(
    verification,
    {},
    {
      token: bobToken,
      headers: { 'idempotency-key': key },
    },
  );
  expect(aliceAnswer.status).toBe(202);
  expect(bobAnswer.status).toBe(202);
  expect(bobAnswer.headers.get('idempotency-replayed')).toBeNull();

  const before = await kit.eventCount();
  const malformed = await kit.post(
    verification,
    {},
    {
      token: aliceToken,
      headers: { 'idempotency-key': 'has space' },
    },
  );
  expect(malformed.status).toBe(400);
  expect(((await malformed.json()) as { code: string }).code).toBe('idempotency_key_invalid');
  expect(await kit.eventCount()).toBe(before);
});

test('OTP registration is never replayed (its answer is a seed shown once)', async () => {
  const headers = { 'idempotency-key': 'otp-register-1' };
  const first = await kit.post('/api/v1/otp', {}, { token: aliceToken, headers });
  expect(first.status).toBe(201);
  const second = await kit.post('/api/v1/otp', {}, { token: aliceToken, headers });
  expect(second.headers.get('idempotency-replayed')).toBeNull();
});
