// Proves OAuth2 clients end to end: an administrator registers one for a member and gets the
// secret once (only its hash is stored, never an event), the admin list and the member view's tab
// show it, a change and a rotation take effect, a revocation is final and drops the secrets, bad
// input changes nothing, and a plain member can do none of it.
import { useTestDatabase } from '@ledger/testing';
import type { TestMember } from '@ledger/write-api/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  createIdentityPlatformTestKit,
  type IdentityPlatformTestKit,
} from '../testing/identity-platform-test-kit.ts';

const database = useTestDatabase();
let kit: IdentityPlatformTestKit;
let owner: TestMember;
let chiefToken: string;
let ownerToken: string;

beforeAll(async () => {
  kit = await createIdentityPlatformTestKit(database());
  owner = await kit.register('owner');
  const chief = await kit.register('chief');
  await kit.makeChiefAdministrator(chief.seq);
  await kit.projected();
  chiefToken = (await kit.login(chief)).token;
  ownerToken = (await kit.login(owner)).token;
});
afterAll(async () => {
  await kit.close();
});

type ClientList = {
  data: { client_id: string; name: string; redirect_uri: string; revoked_at: string | null }[];
  paging: { total: number };
};

async function secretRows(clientId: string) {
  const { rows } = await sql<{ secret_hash: string }>`
    SELECT secret_hash FROM oauth2_client_secrets WHERE client_id = ${clientId}`.execute(
    database().db,
  );
  return rows;
}

test('register, list, change, rotate and revoke a client', async () => {
  const registered = await kit.post(
    '/api/v1/admin/oauth2-client',
    {
      member_seq: owner.seq,
      name: 'Kiosk',
      redirect_uris: ['https://kiosk.example/cb'],
      authorities: ['wallet:read'],
    },
    { token: chiefToken },
  );
  expect(registered.status).toBe(201);
  const { data } = (await registered.json()) as {
    data: { client_id: string; client_secret: string };
  };
  expect(data.client_id).toMatch(/^oc_/);
  expect(data.client_secret).toMatch(/^ocs_/);
  // Only the hash is kept, and no event carries the secret.
  expect((await secretRows(data.client_id)).map((row) => row.secret_hash)).toHaveLength(1);
  const { rows: leaked } = await sql`
    SELECT 1 FROM es_events WHERE data::text LIKE ${`%${data.client_secret}%`}`.execute(
    database().db,
  );
  expect(leaked).toHaveLength(0);

  await kit.projected();
  const tab = (await (
    await kit.get(`/api/v1/admin/member/${owner.seq}/oauth2-client`, { token: chiefToken })
  ).json()) as ClientList;
  expect(tab.paging.total).toBe(1);
  expect(tab.data[0]).toMatchObject({
    client_id: data.client_id,
    name: 'Kiosk',
    redirect_uri: 'https://kiosk.example/cb',
    revoked_at: null,
  });

  const changed = await kit.put(
    `/api/v1/admin/oauth2-client/${data.client_id}`,
    { name: 'Kiosk v2', redirect_uris: ['https://kiosk.example/cb2'], authorities: [] },
    { token: chiefToken },
  );
  expect(changed.status).toBe(200);
  const rotated = await kit.post(
    `/api/v1/admin/oauth2-client/${data.client_id}/secret`,
    {},
    { token: chiefToken },
  );
  expect(rotated.status).toBe(200);
  const rotatedSecret = ((await rotated.json()) as { data: { client_secret: string } }).data
    .client_secret;
  expect(rotatedSecret).not.toBe(data.client_secret);

  await kit.projected();
  const list = (await (
    await kit.get('/api/v1/admin/oauth2-client?search=v2', { token: chiefToken })
  ).json()) as ClientList;
  expect(list.data.map((client) => client.name)).toEqual(['Kiosk v2']);

  const revoked = await kit.app.request(`/api/v1/admin/oauth2-client/${data.client_id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${chiefToken}` },
  });
  expect(revoked.status).toBe(200);
  expect(await secretRows(data.client_id)).toHaveLength(0);
  const again = await kit.post(
    `/api/v1/admin/oauth2-client/${data.client_id}/secret`,
    {},
    { token: chiefToken },
  );
  expect(again.status).toBe(409);
  expect(((await again.json()) as { code: string }).code).toBe('oauth2_client_revoked');

  await kit.projected();
  const revokedList = (await (
    await kit.get('/api/v1/admin/oauth2-client?is_revoked=true', { token: chiefToken })
  ).json()) as ClientList;
  expect(revokedList.data.map((client) => client.client_id)).toContain(data.client_id);
});

test('bad input is refused and writes nothing', async () => {
  const before = await kit.eventCount();
  const insecure = await kit.post(
    '/api/v1/admin/oauth2-client',
    {
      member_seq: owner.seq,
      name: 'Bad',
      redirect_uris: ['http://evil.example/cb'],
      authorities: [],
    },
    { token: chiefToken },
  );
  expect(insecure.status).toBe(422);
  expect(((await insecure.json()) as { code: string }).code).toBe('oauth2_client_invalid');
  const nobody = await kit.post(
    '/api/v1/admin/oauth2-client',
    {
      member_seq: 999_999,
      name: 'Nobody',
      redirect_uris: ['https://a.example/cb'],
      authorities: [],
    },
    { token: chiefToken },
  );
  expect(nobody.status).toBe(404);
  const unknown = await kit.put(
    '/api/v1/admin/oauth2-client/oc_AAAAAAAAAAAAAAAAAAAAAA',
    { name: 'X', redirect_uris: ['https://a.example/cb'], authorities: [] },
    { token: chiefToken },
  );
  expect(unknown.status).toBe(404);
  expect(await kit.eventCount()).toBe(before);
});

test('a plain member can neither register nor list clients', async () => {
  const before = await kit.eventCount();
  const register = await kit.post(
    '/api/v1/admin/oauth2-client',
    {
      member_seq: owner.seq,
      name: 'Mine',
      redirect_uris: ['https://a.example/cb'],
      authorities: [],
    },
    { token: ownerToken },
  );
  expect(register.status).toBe(403);
  expect((await kit.get('/api/v1/admin/oauth2-client', { token: ownerToken })).status).toBe(403);
  expect(await kit.eventCount()).toBe(before);
});
