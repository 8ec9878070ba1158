// Proves password storage (T20): registration stores an argon2id PHC string with m ≥ 19456 KiB,
// t ≥ 2, p = 1 and a 16-byte random salt, never the password; verification takes a bounded time.
import { parsePhc, verifyPassword } from '@ledger/auth';
import { identityDb } from '@ledger/identity-store';
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createIdentityWriteTestKit, type IdentityWriteTestKit } from '../testing/index.ts';

const database = useTestDatabase();
let kit: IdentityWriteTestKit;

beforeAll(async () => {
  kit = await createIdentityWriteTestKit(database());
});
afterAll(async () => {
  await kit.close();
});

test('T20: the stored hash is argon2id with the ASVS parameters and a 16-byte salt', async () => {
  const first = await kit.register('hash');
  const second = await kit.register('hash');
  const rows = await identityDb(kit.db)
    .selectFrom('identity_credentials')
    .select(['member_seq', 'password_hash'])
    .where('member_seq', 'in', [first.seq, second.seq])
    .execute();
  expect(rows).toHaveLength(2);
  for (const row of rows) {
    expect(row.password_hash).not.toContain('correct horse');
    const parameters = parsePhc(row.password_hash);
    expect(parameters).toBeDefined();
    expect(parameters?.algorithm).toBe('argon2id');
    expect(parameters?.memoryKib).toBeGreaterThanOrEqual(19_456);
    expect(parameters?.time).toBeGreaterThanOrEqual(2);
    expect(parameters?.parallelism).toBe(1);
    expect(parameters?.saltBytes).toBe(16);
  }
  const salts = rows.map((row) => row.password_hash.split('$')[4]);
  expect(new Set(salts).size).toBe(2);
  const started = performance.now();
  expect(
    await verifyPassword(
      rows[0]?.password_hash ?? '',
      first.seq === Number(rows[0]?.member_seq) ? first.password : second.password,
    ),
  ).toBe(true);
  expect(performance.now() - started).toBeLessThan(1_000);
});
