// Proves over HTTP that a deactivated asset is no longer offered to members: opening an account in it, a deposit request and a deposit address for an existing account of it are refused with 409 asset_inactive and write nothing, GET /constant and the member asset list leave it out, and the administrator's asset list keeps it.
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDepositTestKit, type DepositTestKit } from '../testing/deposit-test-kit.ts';
import type { LedgerTestMember } from '../testing/ledger-test-kit.ts';

const database = useTestDatabase();
let kit: DepositTestKit;
let admin: LedgerTestMember;
let alice: LedgerTestMember;
let usdAccount = 0;

type Problem = { code: string };

const openAccount = (asset: string) =>
  kit.write(
    'POST',
    '/api/v1/account',
    { asset, title: `${asset} wallet` },
    { token: alice.token, key: kit.freshKey() },
  );

async function codesOf(path: string, token: string): Promise<string[]> {
  const response = await kit.read(path, { token });
  expect(response.status).toBe(200);
  const body = (await response.json()) as {
    data: { code: string }[] | { assets: { code: string }[] };
  };
  const assets = Array.isArray(body.data) ? body.data : body.data.assets;
  return assets.map((asset) => asset.code).sort();
}

beforeAll(async () => {
  kit = await createDepositTestKit(database());
  admin = await kit.administrator('chief');
  alice = await kit.member('alice');
  for (const body of [
    { code: 'KRW', decimal_point: 0, title: 'Korean won' },
    { code: 'USD', decimal_point: 2, title: 'US dollar' },
  ]) {
    const registered = await kit.write('POST', '/api/v1/admin/asset', body, {
      token: admin.token,
    });
    expect(registered.status).toBe(201);
  }
  await kit.assetsProjected();
  const opened = await openAccount('USD');
  expect(opened.status).toBe(201);
  usdAccount = ((await opened.json()) as { data: { seq: number } }).data.seq;
  const deactivated = await kit.write(
    'PUT',
    '/api/v1/admin/asset/USD',
    { is_active: false },
    { token: admin.token },
  );
  expect(deactivated.status).toBe(200);
  await kit.assetsProjected();
});
afterAll(async () => {
  await kit?.close();
});

describe('a deactivated asset', () => {
  test('takes no new account, deposit request or deposit address, and nothing is written', async () => {
    const before = await kit.eventCount();
    const refusals = [
      await openAccount('USD'),
      await kit.write(
        'POST',
        '/api/v1/deposit-request',
        { account_seq: usdAccount, request_amount: '10' },
        { token: alice.token, key: kit.freshKey() },
      ),
      await kit.write(
        'POST',
        `/api/v1/account/${usdAccount}/deposit-address`,
        {},
        {
          token: alice.token,
        },
      ),
    ];
    for (const response of refusals) {
      expect([response.status, ((await response.json()) as Problem).code]).toEqual([
        409,
        'asset_inactive',
      ]);
    }
    expect(await kit.eventCount()).toBe(before);
    // An active asset still opens.
    expect((await openAccount('KRW')).status).toBe(201);
  });

  test('is hidden from members’ asset lists and kept in the administrator’s', async () => {
    expect(await codesOf('/api/v1/constant', alice.token)).toEqual(['KRW']);
    expect(await codesOf('/api/v1/asset', alice.token)).toEqual(['KRW']);
    expect(await codesOf('/api/v1/admin/asset', admin.token)).toEqual(['KRW', 'USD']);
  });
});
