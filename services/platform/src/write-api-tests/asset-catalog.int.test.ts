// Proves the asset catalog over HTTP with the real writer and projector: an administrator registers an asset (its system accounts open in the ledger, idempotently), changes it, cannot change its decimal point, freezes it; members see only active assets; members cannot write the catalog.
import { systemRoles } from '@ledger/ledger';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDepositTestKit, type DepositTestKit } from '../testing/deposit-test-kit.ts';
import type { LedgerTestMember } from '../testing/ledger-test-kit.ts';

const database = useTestDatabase();
let kit: DepositTestKit;
let admin: LedgerTestMember;
let alice: LedgerTestMember;

type Asset = {
  code: string;
  title: string;
  decimal_point: number;
  is_active: boolean;
  allow_withdraw: boolean;
  minimum_deposit: string;
  confirmations_required: number;
  is_frozen: boolean;
  frozen_reason: string | null;
  withdraw_fees: { order: number; fee: string; fee_asset: string }[];
};

beforeAll(async () => {
  kit = await createDepositTestKit(database());
  admin = await kit.administrator('chief');
  alice = await kit.member('alice');
});
afterAll(async () => {
  await kit.close();
});

async function adminAsset(code: string): Promise<Asset> {
  await kit.assetsProjected();
  const response = await kit.read(`/api/v1/admin/asset/${code}`, { token: admin.token });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Asset }).data;
}

describe('registering an asset', () => {
  test('adds it to the catalog with the defaults and opens every system account in the ledger', async () => {
    const body = { code: 'ETH', decimal_point: 18, title: 'Ether', minimum_deposit: '0.01' };
    const response = await kit.write('POST', '/api/v1/admin/asset', body, { token: admin.token });
    expect(response.status).toBe(201);
    const asset = await adminAsset('ETH');
    expect(asset).toMatchObject({
      code: 'ETH',
      title: 'Ether',
      decimal_point: 18,
      is_active: true,
      minimum_deposit: '0.010000000000000000',
      confirmations_required: 350,
      is_frozen: false,
    });
    const { rows } = await sql<{ system_role: string; decimal_point: number }>`
      SELECT system_role, decimal_point FROM ledger_accounts WHERE asset = 'ETH' AND kind = 'system'
    `.execute(database().db);
    expect(rows.map((row) => row.system_role).sort()).toEqual([...systemRoles].sort());
    expect(new Set(rows.map((row) => row.decimal_point))).toEqual(new Set([18]));
    // The same registration again (a restart of the seed) changes nothing and still answers.
    const before = await kit.eventCount();
    const again = await kit.write('POST', '/api/v1/admin/asset', body, { token: admin.token });
    expect(again.status).toBe(201);
    const ledgerReplies = (await kit.eventCount()) - before;
    expect(ledgerReplies).toBe(0);
  });

  test('refuses another registration under the same code and bad codes', async () => {
    const other = { code: 'ETH', decimal_point: 8, title: 'Other' };
    const conflict = await kit.write('POST', '/api/v1/admin/asset', other, { token: admin.token });
    expect(conflict.status).toBe(422);
    expect(((await conflict.json()) as { code: string }).code).toBe('asset_scale_mismatch');
    const bad = await kit.write(
      'POST',
      '/api/v1/admin/asset',
      { code: '1X', title: 'x' },
      { token: admin.token },
    );
    expect(bad.status).toBe(400);
  });

  test('an asset the ledger already knows keeps its scale (KRW of the kit, decimal 0)', async () => {
    const response = await kit.write(
      'POST',
      '/api/v1/admin/asset',
      { code: 'KRW', decimal_point: 0, title: 'Korean won' },
      { token: admin.token },
    );
    expect(response.status).toBe(201);
    expect((await adminAsset('KRW')).minimum_deposit).toBe('0');
  });
});

describe('changing an asset', () => {
  test('changes settings, with fees scaled to their asset, but never the decimal point', async () => {
    const change = await kit.write(
      'PUT',
      '/api/v1/admin/asset/ETH',
      {
        allow_withdraw: false,
        withdraw_fees: [
          { order: 1, fee: '0.005', fee_asset: 'ETH' },
          { order: 2, fee: '5000', fee_asset: 'KRW' },
        ],
      },
      { token: admin.token },
    );
    expect(change.status).toBe(200);
    const asset = await adminAsset('ETH');
    expect(asset.allow_withdraw).toBe(false);
    expect(asset.withdraw_fees).toEqual([
      { order: 1, fee: '0.005000000000000000', fee_asset: 'ETH' },
      { order: 2, fee: '5000', fee_asset: 'KRW' },
    ]);
    const scale = await kit.write(
      'PUT',
      '/api/v1/admin/asset/ETH',
      { decimal_point: 8 },
      { token: admin.token },
    );
    expect(scale.status).toBe(422);
    expect(((await scale.json()) as { code: string }).code).toBe('asset_scale_frozen');
    const missing = await kit.write(
      'PUT',
      '/api/v1/admin/asset/NOPE',
      { title: 'x' },
      { token: admin.token },
    );
    expect(missing.status).toBe(404);
  });

  test('freezes deposits and withdrawals with a reason until an administrator lifts it', async () => {
    const freeze = await kit.write(
      'PUT',
      '/api/v1/admin/asset/ETH/freeze',
      { frozen: true, reason: 'wallet maintenance' },
      { token: admin.token },
    );
    expect(freeze.status).toBe(200);
    expect(await adminAsset('ETH')).toMatchObject({
      is_frozen: true,
      frozen_reason: 'wallet maintenance',
    });
    await kit.write(
      'PUT',
      '/api/v1/admin/asset/ETH/freeze',
      { frozen: false, reason: 'done' },
      { token: admin.token },
    );
    expect((await adminAsset('ETH')).is_frozen).toBe(false);
  });
});

describe('members', () => {
  test('see only active assets, in output order', async () => {
    await kit.write('PUT', '/api/v1/admin/asset/KRW', { is_active: false }, { token: admin.token });
    await kit.assetsProjected();
    const response = await kit.read('/api/v1/asset', { token: alice.token });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Asset[] };
    expect(data.map((asset) => asset.code)).toEqual(['ETH']);
  });

  test('cannot register or change assets', async () => {
    const before = await kit.eventCount();
    const response = await kit.write(
      'POST',
      '/api/v1/admin/asset',
      { code: 'DOGE', title: 'Doge' },
      { token: alice.token },
    );
    expect(response.status).toBe(403);
    expect(await kit.eventCount()).toBe(before);
  });
});
