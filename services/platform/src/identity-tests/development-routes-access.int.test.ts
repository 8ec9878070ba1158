// Proves, over real HTTP, that the development routes (the mail outbox and the simulated chain's
// control) answer only an administrator: a caller without a token gets 401, a plain member 403, a
// chief administrator or a member holding a role with the permission gets the outbox; and that
// both APIs leave them unmounted unless development mode is asked for (the query API's env
// defaults to off).
import { type RunningServer, serveApp } from '@ledger/http';
import {
  createIdentityReadDependencies,
  createApp as createQueryApi,
  QueryApiEnvSchema,
} from '@ledger/query-api';
import { silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { createApp as createWriteApi } from '@ledger/write-api';
import type { TestMember } from '@ledger/write-api/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createIdentityPlatformTestKit,
  type IdentityPlatformTestKit,
} from '../testing/identity-platform-test-kit.ts';

const database = useTestDatabase();
let kit: IdentityPlatformTestKit;
let servers: { write: RunningServer; query: RunningServer };
let member: TestMember;
const tokens = { member: '', chief: '' };

beforeAll(async () => {
  kit = await createIdentityPlatformTestKit(database());
  servers = {
    write: await serveApp(kit.app, { port: 0, hostname: '127.0.0.1' }),
    query: await serveApp(kit.queryApp, { port: 0, hostname: '127.0.0.1' }),
  };
  member = await kit.register('plain');
  const chief = await kit.register('chief');
  await kit.makeChiefAdministrator(chief.seq);
  await kit.projected();
  tokens.member = (await kit.login(member)).token;
  tokens.chief = (await kit.login(chief)).token;
});
afterAll(async () => {
  await servers.write.close();
  await servers.query.close();
  await kit.close();
});

const bearer = (token: string | undefined): Record<string, string> =>
  token === undefined ? {} : { authorization: `Bearer ${token}` };

async function outbox(token: string | undefined, base = servers.query.url): Promise<Response> {
  const recipient = encodeURIComponent(member.email);
  return fetch(`${base}/api/v1/development/mail-outbox?recipient=${recipient}`, {
    headers: bearer(token),
  });
}

async function mine(token: string | undefined, base = servers.write.url): Promise<Response> {
  return fetch(`${base}/api/v1/development/chain/mine`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(token) },
    body: JSON.stringify({ chain: 'sim-btc', blocks: 1 }),
  });
}

describe('the development mail outbox', () => {
  test('answers 401 without a token and 403 to a plain member', async () => {
    const anonymous = await outbox(undefined);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain(member.email);
    const plain = await outbox(tokens.member);
    expect(plain.status).toBe(403);
    expect(((await plain.json()) as { code: string }).code).toBe('forbidden');
  });

  test('answers the mails to a chief administrator', async () => {
    const response = await outbox(tokens.chief);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { recipient: string; body: string }[] };
    expect(data.length).toBeGreaterThan(0);
    expect(data[0]?.body).toMatch(/\b\d{6}\b/);
  });

  test('answers a member holding a role with its permission', async () => {
    const role = await kit.post(
      '/api/v1/admin/acs/role',
      {
        name: 'Developer',
        permissions: [{ method: 'GET', path: '/api/v1/development/mail-outbox' }],
      },
      { token: tokens.chief },
    );
    expect(role.status).toBe(201);
    const roleId = ((await role.json()) as { data: { role_id: string } }).data.role_id;
    const developer = await kit.register('developer');
    const granted = await kit.put(
      `/api/v1/admin/member/${developer.seq}/roles`,
      { role_ids: [roleId] },
      { token: tokens.chief },
    );
    expect(granted.status).toBe(200);
    await kit.projected();
    const { token } = await kit.login(developer);
    expect((await outbox(token)).status).toBe(200);
    expect((await mine(token)).status).toBe(403);
  });
});

describe('the simulated chain control', () => {
  test('answers 401 without a token and 403 to a plain member, writing nothing', async () => {
    const before = await kit.eventCount();
    expect((await mine(undefined)).status).toBe(401);
    expect((await mine(tokens.member)).status).toBe(403);
    expect(await kit.eventCount()).toBe(before);
  });

  test('lets a chief administrator through to the chain (no simulated plug-in here: 404)', async () => {
    const response = await mine(tokens.chief);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe('asset_plugin_not_found');
  });
});

describe('off by default', () => {
  test('the query API env leaves development routes off unless DEVELOPMENT_ROUTES=true', () => {
    const env = QueryApiEnvSchema.parse({
      DATABASE_URL: database().url,
      TOKEN_VERIFICATION_KEY: kit.keys.verificationKey,
    });
    expect(env.DEVELOPMENT_ROUTES).toBe(false);
  });

  test('apps built without development mode answer 404 even to an administrator', async () => {
    const identity = createIdentityReadDependencies({
      db: kit.db,
      tokenVerificationKey: kit.keys.verificationKey,
      development: false,
    });
    const query = await serveApp(createQueryApi({ db: kit.db, logger: silentLogger, identity }), {
      port: 0,
      hostname: '127.0.0.1',
    });
    const write = await serveApp(
      createWriteApi({ db: kit.db, logger: silentLogger, identity: kit.identity }),
      { port: 0, hostname: '127.0.0.1' },
    );
    try {
      expect((await outbox(tokens.chief, query.url)).status).toBe(404);
      expect((await mine(tokens.chief, write.url)).status).toBe(404);
    } finally {
      await query.close();
      await write.close();
      identity.awaiter.close();
    }
  });
});
