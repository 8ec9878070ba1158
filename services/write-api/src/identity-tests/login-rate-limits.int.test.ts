// Proves the login rate limits hold under parallel bursts (T24): the counters are atomic, so a
// burst from one address gets exactly the budget and no more; a distributed burst on one account
// slows down unknown sources to exactly the account-wide budget; yet the victim, from an address it
// logged in from before, still gets in (no lockout, ASVS 6.1.1); and one address cannot spray many
// accounts past its own budget.
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rateLimits } from '../rate-limits.ts';
import { createIdentityWriteTestKit, type IdentityWriteTestKit } from '../testing/index.ts';

const database = useTestDatabase();
let kit: IdentityWriteTestKit;

beforeAll(async () => {
  kit = await createIdentityWriteTestKit(database());
});
afterAll(async () => {
  await kit.close();
});

function attempt(userId: string, password: string, address: string) {
  return kit.post('/api/v1/auth/token', { user_id: userId, password }, { address });
}

function countStatuses(responses: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1;
  return counts;
}

describe('T24 login rate limits under bursts', () => {
  test('one address, one account: exactly the per-account-and-address budget gets through', async () => {
    const member = await kit.register('burst');
    const burst = 3 * rateLimits.loginPerAccountAndAddress.limit;
    const responses = await Promise.all(
      Array.from({ length: burst }, () =>
        attempt(member.userId, 'wrong password guess', '203.0.113.7'),
      ),
    );
    const limit = rateLimits.loginPerAccountAndAddress.limit;
    expect(countStatuses(responses)).toEqual({ 401: limit, 429: burst - limit });
    const limited = responses.find((response) => response.status === 429);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right password is refused from there until the window passes.
    expect((await attempt(member.userId, member.password, '203.0.113.7')).status).toBe(429);
  });

  test('many addresses, one account: unknown sources are slowed, the victim still gets in', async () => {
    const victim = await kit.register('victim');
    const home = '198.18.0.1';
    expect((await attempt(victim.userId, victim.password, home)).status).toBe(200);
    const budget = rateLimits.loginPerAccountFromUnknownSources.limit;
    const burst = budget * 2;
    const responses = await Promise.all(
      Array.from({ length: burst }, (_, index) =>
        attempt(
          victim.userId,
          'attacker guess',
          `100.64.${Math.floor(index / 250)}.${index % 250}`,
        ),
      ),
    );
    // The member's first login counted too: its address was not known yet.
    expect(countStatuses(responses)).toEqual({ 401: budget - 1, 429: burst - budget + 1 });
    // The attacker's next guesses from new addresses are refused before any hashing...
    expect((await attempt(victim.userId, victim.password, '100.65.0.1')).status).toBe(429);
    // ...but the member's own address keeps its own budget: no lockout.
    expect((await attempt(victim.userId, victim.password, home)).status).toBe(200);
  });

  test('one address, many accounts: the per-address budget holds across accounts', async () => {
    kit.clock.nowMs += rateLimits.loginPerAddress.windowSeconds * 1_000;
    const budget = rateLimits.loginPerAddress.limit;
    const burst = budget + 15;
    const responses = await Promise.all(
      Array.from({ length: burst }, (_, index) =>
        attempt(`nobody-${index}`, 'stuffed password', '192.0.2.200'),
      ),
    );
    expect(countStatuses(responses)).toEqual({ 401: budget, 429: burst - budget });
  });

  test('every attempt, refused or not, is in the login log', async () => {
    const rows = await kit.db
      .withTables<{ es_events: { event_type: string; data: { result: string } } }>()
      .selectFrom('es_events')
      .select((eb) => [
        eb.ref('data', '->>').key('result').as('result'),
        eb.fn.countAll<string>().as('count'),
      ])
      .where('event_type', '=', 'LoginAttempted')
      .groupBy('result')
      .execute();
    const byResult = Object.fromEntries(rows.map((row) => [row.result, Number(row.count)]));
    // Bursts of 30, 60 and 65 attempts, plus 4 single ones: each logged with its outcome.
    expect(byResult).toEqual({
      invalid_credentials: 10 + 29 + 50,
      rate_limited: 20 + 1 + 31 + 1 + 15,
      succeeded: 2,
    });
  });
});
