// Proves that every ledger request that reached the writer leaves its request metadata (request id,
// member, user agent: personal data kept out of the events) in identity_request_metadata, and that
// a client repeating an X-Request-Id costs no other request its row (the batch is written again
// without the rows already there), also within one batch, and that user agents reach the table
// exactly as sent whatever their characters (the recorder writes Postgres array literals itself).
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createLedgerTestKit,
  type LedgerTestKit,
  type LedgerTestMember,
} from '../testing/ledger-test-kit.ts';

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

  test('a request id twice in one batch keeps one row and every other row of the batch', async () => {
    const answers = await Promise.all([
      transfer('meta-twice', 'probe/a'),
      transfer('meta-twice', 'probe/b'),
      transfer('meta-once', 'probe/once'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([422, 422, 422]);
    await expect
      .poll(() => metadataOf('meta-once'))
      .toEqual([{ member_seq: String(alice.seq), user_agent: 'probe/once' }]);
    const twice = await metadataOf('meta-twice');
    expect(twice).toHaveLength(1);
    expect(['probe/a', 'probe/b']).toContain(twice[0]?.user_agent);
  });

  test('user agents are stored exactly as sent', async () => {
    const agents = [
      'NULL',
      'quote " backslash \\ brace { } comma , space  ',
      '"\\"',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0',
      '{}',
      '',
    ];
    const answers = await Promise.all(
      agents.map((agent, index) => transfer(`meta-agent-${index}`, agent)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(agents.map(() => 422));
    for (const [index, agent] of agents.entries()) {
      // Node's HTTP client and parser keep the value but its surrounding spaces.
      await expect
        .poll(() => metadataOf(`meta-agent-${index}`))
        .toEqual([{ member_seq: String(alice.seq), user_agent: agent.trim() }]);
    }
  });
});
