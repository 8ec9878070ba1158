import { setTimeout as delay } from 'node:timers/promises';
import type { Db } from '@ledger/db';
import { findMemberSeq, identityDb } from '@ledger/identity-store';
import { sql } from 'kysely';

/** What the seed needs of the write API: its in-process request entry. */
type App = { request(path: string, init?: RequestInit): Response | Promise<Response> };

/**
 * The demo restriction policies, per security level: level 0 may open no account;
 * withdraw limits of KRW and BTC rise with the level (level 2 is the demo members' level: a
 * verified email). Other assets and levels 7..10 are unlimited. Amounts are decimal strings. Setting a policy already in force changes nothing, so a
 * restart appends nothing.
 */
const demoPolicies: {
  security_level: number;
  target: 'CREATE_ACCOUNT' | 'WITHDRAW_ONE_TIME_AMOUNT' | 'WITHDRAW_DAILY_AMOUNT';
  asset: string | null;
  amount: string | null;
}[] = [
  { security_level: 0, target: 'CREATE_ACCOUNT', asset: null, amount: null },
  ...[
    { level: 1, KRW: ['300000', '1000000'], BTC: ['0.1', '0.2'] },
    { level: 2, KRW: ['1000000', '5000000'], BTC: ['0.5', '1'] },
    { level: 3, KRW: ['5000000', '20000000'], BTC: ['2', '5'] },
    { level: 4, KRW: ['10000000', '50000000'], BTC: ['5', '10'] },
    { level: 5, KRW: ['50000000', '200000000'], BTC: ['10', '50'] },
    { level: 6, KRW: ['100000000', '500000000'], BTC: ['20', '100'] },
  ].flatMap(({ level, ...assets }) =>
    Object.entries(assets).flatMap(([asset, [oneTime, daily]]) => [
      {
        security_level: level,
        target: 'WITHDRAW_ONE_TIME_AMOUNT' as const,
        asset,
        amount: oneTime ?? null,
      },
      {
        security_level: level,
        target: 'WITHDRAW_DAILY_AMOUNT' as const,
        asset,
        amount: daily ?? null,
      },
    ]),
  ),
];

async function put(app: App, path: string, body: unknown, token: string): Promise<Response> {
  return app.request(path, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

/**
 * Sets the demo policies through the administrator's route, retrying while the administrator flag
 * and the asset catalog are not projected yet.
 */
export async function seedDemoSecurityPolicies(
  app: App,
  administrator: { userId: string; password: string },
): Promise<void> {
  const login = await app.request('/api/v1/auth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: administrator.userId, password: administrator.password }),
  });
  if (!login.ok) throw new Error(`seed: administrator login answered ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  for (const policy of demoPolicies) {
    for (let attempt = 1; ; attempt += 1) {
      const response = await put(
        app,
        '/api/v1/admin/security/restriction-policy',
        { ...policy, enabled: true },
        token,
      );
      if (response.ok) break;
      // 403: the admin flag, 404: the asset catalog, not projected yet.
      if ((response.status !== 403 && response.status !== 404) || attempt >= 100) {
        throw new Error(
          `seed: restriction policy answered ${response.status} ${await response.text()}`,
        );
      }
      await delay(100);
    }
  }
}

/**
 * Alice's certified withdraw addresses (a withdrawal goes only to a certified,
 * approved address of the asset): a KRW bank account and a BTC address on the simulated chain,
 * requested as alice and approved by the administrator through the real routes. Idempotent: an
 * address alice already asked for (its personal-data row, written before its event) is not asked
 * again, and an approval already given (409) is fine.
 */
export const demoWithdrawAddresses = [
  { asset: 'KRW', bank_code: '088', withdraw_address: '110-555-012345', holder_name: 'Alice Kim' },
  {
    asset: 'BTC',
    bank_code: null,
    withdraw_address: 'sim-alice-cold-wallet',
    holder_name: 'Alice Kim',
  },
] as const;

export async function seedDemoWithdrawAddresses(
  app: App,
  db: Db,
  member: { userId: string; password: string },
  administrator: { userId: string; password: string },
): Promise<void> {
  const tokenOf = async (login: { userId: string; password: string }) => {
    const response = await app.request('/api/v1/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: login.userId, password: login.password }),
    });
    if (!response.ok) throw new Error(`seed: ${login.userId} login answered ${response.status}`);
    return ((await response.json()) as { token: string }).token;
  };
  const memberToken = await tokenOf(member);
  const adminToken = await tokenOf(administrator);
  const memberSeq = await findMemberSeq(identityDb(db), 'user_id', member.userId);
  for (const address of demoWithdrawAddresses) {
    const { rows } = await sql<{ seq: string }>`SELECT certification_seq::text AS seq
      FROM kyc_withdraw_address_personal_data
      WHERE member_seq = ${memberSeq ?? 0} AND withdraw_address = ${address.withdraw_address}
      ORDER BY certification_seq LIMIT 1`.execute(db);
    let seq = rows[0] === undefined ? undefined : Number(rows[0].seq);
    if (seq === undefined) {
      const requested = await app.request('/api/v1/kyc/withdraw-address-certification', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${memberToken}`,
          'idempotency-key': `seed-withdraw-address-${member.userId}-${address.asset}`,
        },
        body: JSON.stringify(address),
      });
      if (requested.status !== 201) {
        throw new Error(
          `seed: certification answered ${requested.status} ${await requested.text()}`,
        );
      }
      seq = ((await requested.json()) as { data: { seq: number } }).data.seq;
    }
    const reviewed = await put(
      app,
      `/api/v1/admin/kyc-asset-withdraw-address-certification/${seq}/review`,
      { decision: 'approved', is_valid: true },
      adminToken,
    );
    if (!reviewed.ok && reviewed.status !== 409) {
      throw new Error(`seed: review answered ${reviewed.status} ${await reviewed.text()}`);
    }
  }
}
