// Proves, over real HTTP, that `?after=<position>` is parsed before it is waited on: a malformed
// position is a 400 position_invalid and a well-formed one beyond the event store's head a 400
// position_beyond_head, both answered at once (never the bounded wait and its 503), while the
// position a write answered still waits for the projection and reads the write.
import { encodePosition } from '@ledger/event-store/postgres';
import { type RunningServer, serveApp } from '@ledger/http';
import { useTestDatabase } from '@ledger/testing';
import type { TestMember } from '@ledger/write-api/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { committedHead } from '../testing/committed-head.ts';
import {
  createIdentityPlatformTestKit,
  type IdentityPlatformTestKit,
} from '../testing/identity-platform-test-kit.ts';

const database = useTestDatabase();
let kit: IdentityPlatformTestKit;
let query: RunningServer;
let member: TestMember;
let token: string;

beforeAll(async () => {
  kit = await createIdentityPlatformTestKit(database());
  query = await serveApp(kit.queryApp, { port: 0, hostname: '127.0.0.1' });
  member = await kit.register('reader');
  await kit.projected();
  token = (await kit.login(member)).token;
});
afterAll(async () => {
  await query.close();
  await kit.close();
});

async function me(
  after: string,
): Promise<{ status: number; code: string | undefined; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${query.url}/api/v1/member/me?after=${encodeURIComponent(after)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { code?: string };
  return { status: response.status, code: body.code, ms: performance.now() - started };
}

describe('?after=', () => {
  test.each(['1', 'abc', '00000000000000000001', '1:1', `${'0'.repeat(20)}:${'9'.repeat(21)}`])(
    'a malformed position (%s) is a 400 position_invalid at once',
    async (after) => {
      const answer = await me(after);
      expect(answer).toMatchObject({ status: 400, code: 'position_invalid' });
      expect(answer.ms).toBeLessThan(1_000);
    },
  );

  test('a well-formed position beyond the head is a 400 position_beyond_head at once', async () => {
    const head = await committedHead(kit.db);
    const [transactionId] = (head ?? '0:0').split(':');
    const future = encodePosition(String(BigInt(transactionId ?? '0') + 1_000n), '0');
    const answer = await me(future);
    expect(answer).toMatchObject({ status: 400, code: 'position_beyond_head' });
    expect(answer.ms).toBeLessThan(1_000);
  });

  test('the position a write answered waits for the projection and reads the write', async () => {
    const changed = await kit.put(
      '/api/v1/member/me/email',
      { email_address: `changed-${member.userId}@example.test`, password: member.password },
      { token },
    );
    const body = (await changed.json()) as { position?: string };
    expect(changed.status, JSON.stringify(body)).toBe(202);
    expect(body.position).toMatch(/^\d{20}:\d{20}$/);
    const answer = await me(body.position ?? '');
    expect(answer.status).toBe(200);
  });

  test('the head itself is not beyond the head', async () => {
    const head = await committedHead(kit.db);
    expect((await me(head ?? '')).status).toBe(200);
  });
});
