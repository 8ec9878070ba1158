// Proves the account directory's reads on a real database: the lookups of one event-loop turn are
// one query and each gets its own account; an unknown account is not remembered as missing (it is
// found once it exists); and after the first miss the directory warms itself, so accounts it has
// never been asked about are answered without a query.
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { createWalletAccountDirectory } from './wallet-account-directory.ts';

const database = useTestDatabase();

async function insertAccount(seq: number, memberSeq: number): Promise<void> {
  await sql`INSERT INTO ledger_accounts_v1 (account, seq, account_number, kind, member_id,
    member_seq, asset, decimal_point, status, balance, held, is_negative_allowed, opened_at,
    last_revision, last_position) VALUES (${`wallet:${seq}`}, ${seq},
    ${`1${String(seq).padStart(11, '0')}`}, 'member', ${`member-${memberSeq}`}, ${memberSeq}, 'KRW',
    0, 'normal', 0, 0, false, now(), 0, '0')`.execute(database().db);
}

/** The directory over a connection that counts the statements it is sent. */
function countingDirectory(options: { warm?: boolean } = {}) {
  const counter = { statements: 0 };
  const db = database().db.withPlugin({
    transformQuery: (query) => {
      counter.statements += 1;
      return query.node;
    },
    transformResult: async (result) => result.result,
  });
  return { directory: createWalletAccountDirectory(db, options), counter };
}

beforeAll(async () => {
  for (let seq = 1; seq <= 60; seq += 1) await insertAccount(seq, (seq % 3) + 1);
});

describe('wallet account directory', () => {
  test('the misses of one turn are read in one query, each lookup gets its own account', async () => {
    const { directory, counter } = countingDirectory({ warm: false });
    const seqs = Array.from({ length: 40 }, (_, index) => index + 1);
    const found = await Promise.all([...seqs, 5, 7, 999].map((seq) => directory.bySeq(seq)));
    expect(counter.statements).toBe(1);
    for (const seq of seqs) {
      expect(found[seq - 1]).toEqual({
        account: `wallet:${seq}`,
        seq,
        memberSeq: (seq % 3) + 1,
        asset: 'KRW',
        decimalPoint: 0,
      });
    }
    expect(found[40]?.seq).toBe(5);
    expect(found[42]).toBeUndefined();
    // Remembered: asked again, no query.
    expect((await directory.bySeq(12))?.memberSeq).toBe(1);
    expect(counter.statements).toBe(1);
  });

  test('an unknown account is read again next time, and found once it exists', async () => {
    const { directory } = countingDirectory({ warm: false });
    expect(await directory.bySeq(61)).toBeUndefined();
    await insertAccount(61, 2);
    expect((await directory.bySeq(61))?.account).toBe('wallet:61');
  });

  test('after the first miss the directory warms itself: accounts never asked for need no query', async () => {
    const { directory, counter } = countingDirectory();
    expect((await directory.bySeq(3))?.account).toBe('wallet:3');
    // Until the warm-up lands, a new account is one query; after it, none.
    let next = 10;
    await expect
      .poll(async () => {
        const before = counter.statements;
        next += 1;
        expect((await directory.bySeq(next))?.seq).toBe(next);
        return counter.statements - before;
      })
      .toBe(0);
    expect(next).toBeLessThan(40);
    const before = counter.statements;
    const found = await Promise.all([40, 45, 50, 59].map((seq) => directory.bySeq(seq)));
    expect(found.map((facts) => facts?.seq)).toEqual([40, 45, 50, 59]);
    expect(counter.statements).toBe(before);
  });
});
