// Proves that every ledger request that reached the writer leaves its request metadata (request id,
// member, user agent: personal data kept out of the events) in identity_request_metadata, and that
// a client repeating an X-Request-Id costs no other request its row (the batch is written again
// without the rows already there).
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createLedgerTestKit,
  type LedgerTestKit,
  type LedgerTestMember,
} from './ledger-test-kit.ts';

const database = useTestDatabase();
let kit: LedgerTestKit;
let alice: LedgerTestMember;
const accounts: number[] = [];

beforeAll(async () => {
  kit = await createLedgerTestKit(database());
  alice = await kit.member('alice');
  for (const title of ['One', 'Two']) {
    const response = await kit.write(
      'POST',
      '/api/v1/account',
      { asset: 'KRW', title },
      { token: alice.token, key: kit.freshKey() },
    );
    accounts.push(((await response.json()) as { data: { seq: number } }).data.seq);
  }
});
afterAll(async () => {
  await kit.close();
});

/** A transfer from an empty account: the writer answers it (insufficient funds) at once. */
function transfer(requestId: string, userAgent: string) {
  return kit.write(
    'POST',
    '/api/v1/account-transfer',
    { source_account_seq: accounts[0], target_account_seq: accounts[1], amount: '1' },
    {
      token: alice.token,
      key: kit.freshKey(),
      headers: { 'x-request-id': requestId, 'user-agent': userAgent },
    },
  );
}

async function metadataOf(requestId: string) {
  const { rows } = await sql<{ member_seq: string | null; user_agent: string | null }>`
    SELECT member_seq::text AS member_seq, user_agent FROM identity_request_metadata
     WHERE request_id = ${requestId}`.execute(database().db);
  return rows;
}

describe('request metadata of ledger requests', () => {
  test('a transfer the writer answered leaves one row with the member and the user agent', async () => {
    const response = await transfer('meta-open-1', 'probe/1');
    expect(response.status).toBe(422);
    await expect
      .poll(() => metadataOf('meta-open-1'))
      .toEqual([{ member_seq: String(alice.seq), user_agent: 'probe/1' }]);
  });

  test('a repeated X-Request-Id keeps its first row and loses no other row of the batch', async () => {
    expect((await transfer('meta-repeated', 'probe/first')).status).toBe(422);
    await expect.poll(async () => (await metadataOf('meta-repeated')).length).toBe(1);
    // Answered in one writer batch, so recorded in one batch of the recorder: one row collides.
    const answers = await Promise.all([
      transfer('meta-repeated', 'probe/second'),
      transfer('meta-other', 'probe/other'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([422, 422]);
    await expect
      .poll(() => metadataOf('meta-other'))
      .toEqual([{ member_seq: String(alice.seq), user_agent: 'probe/other' }]);
    expect(await metadataOf('meta-repeated')).toEqual([
      { member_seq: String(alice.seq), user_agent: 'probe/first' },
    ]);
  });
});
