// Proves the restriction policy CREATE_ACCOUNT is enforced when a member opens an account: with a
// policy on DOT at level 1 the member's DOT account is refused (403 account_creation_restricted,
// nothing written) while KRW opens, and once the member's level changes the policy of the new
// level applies; without the kyc projection (no policies projected) nothing is restricted; and a
// policy names an asset of the catalog, its amount within the asset's decimal_point.
import { assetsProjection, assetsProjectionName } from '@ledger/assets-store';
import { createPostgresEventStore, encodePosition } from '@ledger/event-store/postgres';
import { kycProjection, kycProjectionName } from '@ledger/kyc-store';
import { startProjector } from '@ledger/projector';
import { silentLogger } from '@ledger/runtime';
import { committedHead, useTestDatabase } from '@ledger/testing';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  createLedgerTestKit,
  type LedgerTestKit,
  type LedgerTestMember,
} from '../testing/ledger-test-kit.ts';

const database = useTestDatabase();
let kit: LedgerTestKit;
let member: LedgerTestMember;
let admin: LedgerTestMember;
const stopping = new AbortController();
let projector: ReturnType<typeof startProjector> | undefined;
let projectorStore: ReturnType<typeof createPostgresEventStore> | undefined;

beforeAll(async () => {
  kit = await createLedgerTestKit(database());
  member = await kit.member('opener');
  admin = await kit.administrator('chief');
  await kit.projected();
  // DOT joins the catalog (registration opens its system accounts in the ledger).
  const registered = await kit.write(
    'POST',
    '/api/v1/admin/asset',
    { code: 'DOT', decimal_point: 2, title: 'Polkadot' },
    { token: admin.token },
  );
  expect(registered.status).toBeLessThan(300);
  await kit.projected();
});
afterAll(async () => {
  stopping.abort();
  await projector?.done;
  await projectorStore?.close();
  await kit.close();
});

async function open(asset: string): Promise<Response> {
  return kit.write(
    'POST',
    '/api/v1/account',
    { asset, title: `${asset} wallet` },
    { token: member.token, key: kit.freshKey() },
  );
}

async function kycProjected(): Promise<void> {
  const head = await committedHead(database().db, encodePosition);
  if (head === undefined) return;
  const names = [kycProjectionName, assetsProjectionName];
  expect(await kit.awaiter.waitForPosition(names, head, 20_000)).toBe(true);
  await kit.projected();
}

test('without any projected policy, an account opens', async () => {
  expect((await open('KRW')).status).toBe(201);
});

test('a CREATE_ACCOUNT policy of the member’s level refuses that asset only, and follows the level', async () => {
  projectorStore = createPostgresEventStore({ url: database().url, poolSizeMax: 2 });
  projector = startProjector({
    db: database().db as unknown as Kysely<unknown>,
    eventStore: projectorStore,
    projections: [kycProjection, assetsProjection],
    logger: silentLogger,
    signal: stopping.signal,
  });
  await kycProjected();
  const policy = await kit.write(
    'PUT',
    '/api/v1/admin/security/restriction-policy',
    { security_level: 1, target: 'CREATE_ACCOUNT', asset: 'DOT', amount: null, enabled: true },
    { token: admin.token },
  );
  expect(policy.status).toBe(200);
  await kycProjected();

  const before = await kit.eventCount();
  const refused = await open('DOT');
  expect(refused.status).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('account_creation_restricted');
  expect(await kit.eventCount()).toBe(before);
  expect((await open('KRW')).status).toBe(201);

  const raised = await kit.write(
    'PUT',
    `/api/v1/admin/member/${member.seq}/security-level`,
    { security_level: 2 },
    { token: admin.token },
  );
  expect(raised.status).toBe(200);
  await kycProjected();
  expect((await open('DOT')).status).toBe(201);
});

test('a policy names a catalog asset, its amount within the asset’s decimal_point', async () => {
  const policy = (asset: string, amount: string) =>
    kit.write(
      'PUT',
      '/api/v1/admin/security/restriction-policy',
      { security_level: 1, target: 'WITHDRAW_DAILY_AMOUNT', asset, amount, enabled: true },
      { token: admin.token },
    );
  const unknown = await policy('NOPE', '1');
  expect(unknown.status).toBe(404);
  expect(((await unknown.json()) as { code: string }).code).toBe('asset_not_found');
  const tooPrecise = await policy('DOT', '1.234');
  expect(tooPrecise.status).toBe(422);
  expect(((await tooPrecise.json()) as { code: string }).code).toBe('restriction_policy_invalid');
  expect((await policy('DOT', '1.23')).status).toBe(200);
});
