// Proves, over real HTTP, that `no_paging=1` never answers part of a list while its paging block
// claims all of it: up to the stated cap (listNoPagingMax) every row comes back and the paging
// block says so; above it the list is refused with 400 no_paging_too_many, naming the cap.
import { randomUUID } from 'node:crypto';
import { listNoPagingMax } from '@ledger/contracts';
import { type RunningServer, serveApp } from '@ledger/http';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  createIdentityPlatformTestKit,
  type IdentityPlatformTestKit,
} from '../testing/identity-platform-test-kit.ts';

const database = useTestDatabase();
let kit: IdentityPlatformTestKit;
let query: RunningServer;
let chiefToken: string;

beforeAll(async () => {
  kit = await createIdentityPlatformTestKit(database());
  query = await serveApp(kit.queryApp, { port: 0, hostname: '127.0.0.1' });
  const chief = await kit.register('chief');
  await kit.makeChiefAdministrator(chief.seq);
  await kit.projected();
  chiefToken = (await kit.login(chief)).token;
});
afterAll(async () => {
  await query.close();
  await kit.close();
});

async function mailTo(recipient: string, count: number): Promise<void> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await sql`INSERT INTO identity_mail_outbox (mail_id, recipient, subject, body)
    SELECT id, ${recipient}, 'Subject', 'Body' FROM unnest(${ids}::uuid[]) AS id`.execute(kit.db);
}

async function outbox(recipient: string) {
  const response = await fetch(
    `${query.url}/api/v1/admin/mail-outbox?no_paging=1&recipient=${recipient}`,
    { headers: { authorization: `Bearer ${chiefToken}` } },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

test('at the cap, every row and a paging block that says so', async () => {
  await mailTo('at-cap@example.test', listNoPagingMax);
  const { status, body } = await outbox('at-cap@example.test');
  expect(status).toBe(200);
  expect((body.data as unknown[]).length).toBe(listNoPagingMax);
  expect(body.paging).toEqual({
    page: 1,
    page_size: listNoPagingMax,
    total: listNoPagingMax,
    total_pages: 1,
  });
});

test('above the cap, a 400 no_paging_too_many instead of a partial answer', async () => {
  await mailTo('over-cap@example.test', listNoPagingMax + 1);
  const { status, body } = await outbox('over-cap@example.test');
  expect(status).toBe(400);
  expect(body.code).toBe('no_paging_too_many');
  expect(String(body.detail)).toContain(String(listNoPagingMax));
});
