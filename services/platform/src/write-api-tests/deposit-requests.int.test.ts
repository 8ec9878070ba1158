// Proves manually confirmed deposits and the suspense account over HTTP with the real writer, projector and scanner: a KRW deposit request is credited once on approval (also under concurrent approvals racing a rejection, and by the resumer when the approval's credit was interrupted), approve-all run twice changes nothing the second time and states its scope (a form-encoded asset filter is a 415, approving nothing), a rejected request moves nothing; a chain deposit without its memo lands in suspense (never lost) until an administrator attributes it to a member account or returns it, once.
import { randomUUID } from 'node:crypto';
import type { AssetPlugin } from '@ledger/assets-store';
import { depositRequestResumable, getAssetPlugin } from '@ledger/assets-store';
import { createSimulatedChain } from '@ledger/chain';
import { builtInAdapters, scanPlugin } from '@ledger/chain-scanner';
import { serveApp } from '@ledger/http';
import { startProcessResumer } from '@ledger/process-kit';
import { silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDepositTestKit, type DepositTestKit } from '../testing/deposit-test-kit.ts';
import type { LedgerTestMember } from '../testing/ledger-test-kit.ts';

const database = useTestDatabase();
let kit: DepositTestKit;
let admin: LedgerTestMember;
let alice: LedgerTestMember;
let bob: LedgerTestMember;
let aliceKrw: number;
let bobKrw: number;

async function openAccount(member: LedgerTestMember, asset: string): Promise<number> {
  const response = await kit.write(
    'POST',
    '/api/v1/account',
    { asset, title: `${asset} wallet` },
    { token: member.token, key: kit.freshKey() },
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { seq: number } }).data.seq;
}

async function balanceOf(account: string): Promise<string> {
  const { rows } = await sql<{ balance: string }>`SELECT balance::text FROM ledger_accounts
    WHERE account = ${account}`.execute(database().db);
  return rows[0]?.balance ?? 'missing';
}

async function request(member: LedgerTestMember, seq: number, amount: string, key?: string) {
  return kit.write(
    'POST',
    '/api/v1/deposit-request',
    { account_seq: seq, request_amount: amount },
    { token: member.token, key: key ?? kit.freshKey() },
  );
}

async function requestsOf(member: LedgerTestMember) {
  await kit.assetsProjected();
  const response = await kit.read('/api/v1/deposit-request?order=asc', { token: member.token });
  return ((await response.json()) as { data: { request_id: string; status: string }[] }).data;
}

beforeAll(async () => {
  kit = await createDepositTestKit(database());
  admin = await kit.administrator('chief');
  alice = await kit.member('alice');
  bob = await kit.member('bob');
  const krw = await kit.write(
    'POST',
    '/api/v1/admin/asset',
    { code: 'KRW', decimal_point: 0, title: 'Korean won', minimum_deposit: '1000' },
    { token: admin.token },
  );
  expect(krw.status).toBe(201);
  aliceKrw = await openAccount(alice, 'KRW');
  bobKrw = await openAccount(bob, 'KRW');
  await kit.projected();
});
afterAll(async () => {
  await kit.close();
});

describe('deposit requests (manually confirmed, KRW)', () => {
  test('the deposit-only address of a manual asset; a request below the minimum is refused', async () => {
    const address = await kit.write(
      'POST',
      `/api/v1/account/${aliceKrw}/deposit-address`,
      {},
      { token: alice.token },
    );
    expect(address.status).toBe(201);
    expect(
      ((await address.json()) as { data: { kind: string; address: string } }).data,
    ).toMatchObject({ kind: 'deposit_only', address: expect.stringMatching(/^DA-KRW-\d{10}$/) });
    const small = await request(alice, aliceKrw, '999');
    expect(small.status).toBe(422);
    expect(((await small.json()) as { code: string }).code).toBe('amount_below_minimum');
    const notMine = await request(bob, aliceKrw, '5000');
    expect(notMine.status).toBe(404);
  });

  test('approval credits the account from chain clearing once; a retry of the request is the same request', async () => {
    const key = kit.freshKey();
    const created = await request(alice, aliceKrw, '50000', key);
    expect(created.status).toBe(201);
    const { request_id: requestId } = ((await created.json()) as { data: { request_id: string } })
      .data;
    const retried = await request(alice, aliceKrw, '50000', key);
    expect(((await retried.json()) as { data: { request_id: string } }).data.request_id).toBe(
      requestId,
    );
    const path = `/api/v1/admin/deposit-request/${requestId}/approve`;
    const approved = await kit.write('POST', path, {}, { token: admin.token });
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as { data: { status: string } }).data.status).toBe('credited');
    const again = await kit.write('POST', path, {}, { token: admin.token });
    expect(again.status).toBe(200);
    await kit.projected();
    expect(await balanceOf(`wallet:${aliceKrw}`)).toBe('50000');
    expect((await requestsOf(alice)).map((row) => row.status)).toEqual(['credited']);
  });

  test('concurrent approvals and a racing rejection of one request credit it at most once', async () => {
    const created = await request(alice, aliceKrw, '3000');
    const { request_id: requestId } = ((await created.json()) as { data: { request_id: string } })
      .data;
    const before = await balanceOf(`wallet:${aliceKrw}`);
    const approve = () =>
      kit.write(
        'POST',
        `/api/v1/admin/deposit-request/${requestId}/approve`,
        {},
        {
          token: admin.token,
        },
      );
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, approve),
      kit.write(
        'POST',
        `/api/v1/admin/deposit-request/${requestId}/reject`,
        { reason: 'racing the approvals' },
        { token: admin.token },
      ),
    ]);
    for (const answer of answers) expect([200, 409, 503]).toContain(answer.status);
    await kit.projected();
    const credited = BigInt(await balanceOf(`wallet:${aliceKrw}`)) - BigInt(before);
    expect([0n, 3000n]).toContain(credited);
    const status = (await requestsOf(alice)).find((row) => row.request_id === requestId)?.status;
    expect(status).toBe(credited === 3000n ? 'credited' : 'rejected');
  });

  test('a rejected request moves nothing and cannot be approved afterwards', async () => {
    const created = await request(bob, bobKrw, '7000');
    const { request_id: requestId } = ((await created.json()) as { data: { request_id: string } })
      .data;
    const rejected = await kit.write(
      'POST',
      `/api/v1/admin/deposit-request/${requestId}/reject`,
      { reason: 'no matching bank transfer' },
      { token: admin.token },
    );
    expect(rejected.status).toBe(200);
    const approve = await kit.write(
      'POST',
      `/api/v1/admin/deposit-request/${requestId}/approve`,
      {},
      { token: admin.token },
    );
    expect(approve.status).toBe(409);
    expect(((await approve.json()) as { code: string }).code).toBe('deposit_request_decided');
    await kit.projected();
    expect(await balanceOf(`wallet:${bobKrw}`)).toBe('0');
  });

  test('an approval whose credit was interrupted is credited by the resumer, once', async () => {
    const created = await request(alice, aliceKrw, '7000');
    const { request_id: requestId } = ((await created.json()) as { data: { request_id: string } })
      .data;
    await kit.projected();
    const before = await balanceOf(`wallet:${aliceKrw}`);
    // The approval recorded, its credit never taken (the process died in between).
    await kit.identity.eventStore.append(
      `deposit-request-${requestId}`,
      [
        {
          id: randomUUID(),
          type: 'DepositRequestApproved',
          data: { requestId, approvedBy: admin.seq, approvedAt: new Date().toISOString() },
          metadata: { actor: `admin:${admin.seq}` },
        },
      ],
      { expected: { kind: 'stream_exists' } },
    );
    await kit.assetsProjected();
    const resumer = startProcessResumer({
      eventStore: kit.identity.eventStore,
      processes: [
        depositRequestResumable({
          db: database().db,
          eventStore: kit.identity.eventStore,
          ledger: kit.writer.client(),
          now: () => new Date(),
        }),
      ],
      logger: silentLogger,
      intervalMs: 100,
    });
    try {
      const deadline = Date.now() + 20_000;
      while (
        (await requestsOf(alice)).find((row) => row.request_id === requestId)?.status !== 'credited'
      ) {
        if (Date.now() > deadline) throw new Error('the resumer did not credit it');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await resumer.stop();
    }
    await kit.projected();
    expect(BigInt(await balanceOf(`wallet:${aliceKrw}`)) - BigInt(before)).toBe(7000n);
  });

  test('approve-all credits every waiting request once; run twice, the second changes nothing', async () => {
    for (const amount of ['1000', '2000', '3000']) {
      expect((await request(bob, bobKrw, amount)).status).toBe(201);
    }
    await kit.assetsProjected();
    const first = await kit.write(
      'POST',
      '/api/v1/admin/deposit-request/approve-all',
      {},
      {
        token: admin.token,
      },
    );
    expect(first.status).toBe(200);
    expect(((await first.json()) as { data: { credited: number } }).data.credited).toBe(3);
    await kit.assetsProjected();
    const events = await kit.eventCount();
    const second = await kit.write(
      'POST',
      '/api/v1/admin/deposit-request/approve-all',
      {},
      {
        token: admin.token,
      },
    );
    expect(second.status).toBe(200);
    expect(((await second.json()) as { data: { considered: number } }).data.considered).toBe(0);
    expect(await kit.eventCount()).toBe(events);
    await kit.projected();
    expect(await balanceOf(`wallet:${bobKrw}`)).toBe('6000');
  });

  test('approve-all states its scope; a form-encoded asset filter is refused, approving nothing', async () => {
    expect((await request(bob, bobKrw, '1500')).status).toBe(201);
    await kit.assetsProjected();
    const server = await serveApp(kit.app, { port: 0, hostname: '127.0.0.1' });
    try {
      const events = await kit.eventCount();
      const form = await fetch(`${server.url}/api/v1/admin/deposit-request/approve-all`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${admin.token}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'asset=BTC',
      });
      expect(form.status).toBe(415);
      expect(((await form.json()) as { code: string }).code).toBe('unsupported_media_type');
      expect(await kit.eventCount()).toBe(events);
      const other = await kit.write(
        'POST',
        '/api/v1/admin/deposit-request/approve-all',
        { asset: 'BTC' },
        { token: admin.token },
      );
      expect(((await other.json()) as { data: unknown }).data).toEqual({
        asset: 'BTC',
        considered: 0,
        credited: 0,
      });
      expect(await kit.eventCount()).toBe(events);
      const krw = await kit.write(
        'POST',
        '/api/v1/admin/deposit-request/approve-all',
        { asset: 'KRW' },
        { token: admin.token },
      );
      expect(((await krw.json()) as { data: unknown }).data).toEqual({
        asset: 'KRW',
        considered: 1,
        credited: 1,
      });
    } finally {
      await server.close();
    }
  });

  test('a chain asset takes no deposit request', async () => {
    await kit.write(
      'POST',
      '/api/v1/admin/asset',
      { code: 'BTC', decimal_point: 8, title: 'Bitcoin' },
      { token: admin.token },
    );
    await kit.write(
      'POST',
      '/api/v1/admin/asset-plugin',
      { plugin_id: 'sim-btc', asset: 'BTC', plugin: 'simulated', title: 'Simulated' },
      { token: admin.token },
    );
    const btc = await openAccount(alice, 'BTC');
    await kit.assetsProjected();
    const response = await request(alice, btc, '1');
    expect(response.status).toBe(422);
    expect(((await response.json()) as { code: string }).code).toBe('deposit_request_not_manual');
  });
});

describe('the suspense account (a memo asset)', () => {
  let plugin: AssetPlugin;
  let aliceXrp: number;
  let shared: { address: string; memo: string };
  const required = 3;

  beforeAll(async () => {
    expect(
      (
        await kit.write(
          'POST',
          '/api/v1/admin/asset',
          {
            code: 'XRP',
            decimal_point: 6,
            title: 'XRP',
            memo_required: true,
            confirmations_required: required,
          },
          { token: admin.token },
        )
      ).status,
    ).toBe(201);
    await kit.write(
      'POST',
      '/api/v1/admin/asset-plugin',
      { plugin_id: 'sim-xrp', asset: 'XRP', plugin: 'simulated', title: 'Simulated XRP' },
      { token: admin.token },
    );
    await kit.assetsProjected();
    plugin = (await getAssetPlugin(database().db, 'sim-xrp')) as AssetPlugin;
    aliceXrp = await openAccount(alice, 'XRP');
    await kit.projected();
    const created = await kit.write(
      'POST',
      `/api/v1/account/${aliceXrp}/deposit-address`,
      {},
      { token: alice.token },
    );
    const body = (await created.json()) as {
      data: { kind: string; address: string; memo: string };
    };
    expect(body.data.kind).toBe('chain_memo');
    expect(body.data.memo).toMatch(/^\d{10}$/);
    shared = { address: body.data.address, memo: body.data.memo };
  });

  async function scanAndSettle() {
    const db = database().db;
    const chain = createSimulatedChain(db, 'sim-xrp');
    await chain.mine(required);
    await kit.assetsProjected();
    // As deployed, the scanner ticks again: a tick credits what the deposits' read model shows,
    // so the deposits it detected itself are credited by the next tick, once projected (on a
    // loaded machine the projection is not there within the same tick); a credit that failed (a
    // writer answer too late) is retried too. Tick until a tick detects nothing and logs no
    // failure, and say why it ticked again.
    for (let tick = 1; tick <= 5; tick += 1) {
      const failures: unknown[] = [];
      const report = await scanPlugin(
        {
          db,
          eventStore: kit.eventStore,
          ledger: kit.writer.client(),
          logger: {
            ...silentLogger,
            error: (message, fields) => failures.push({ message, fields }),
          },
          now: () => new Date(),
          adapterFor: builtInAdapters(db),
        },
        plugin,
      );
      await kit.assetsProjected();
      if (failures.length === 0 && report.detected === 0) break;
      if (failures.length > 0) console.warn(`scanner tick ${tick} logged failures`, failures);
    }
    await kit.projected();
  }

  async function suspenseDeposits() {
    const response = await kit.read('/api/v1/admin/deposit?suspense=true&order=asc', {
      token: admin.token,
    });
    return (
      (await response.json()) as {
        data: { deposit_id: string; suspense_reason: string; suspense_status: string }[];
      }
    ).data;
  }

  test('with its memo a deposit reaches the member; without it, suspense; then attributed once', async () => {
    const chain = createSimulatedChain(database().db, 'sim-xrp');
    await chain.mine(1);
    await chain.send({ address: shared.address, memo: shared.memo, amount: '10.000000' });
    await chain.send({ address: shared.address, memo: null, amount: '25.000000' });
    await scanAndSettle();
    expect(await balanceOf(`wallet:${aliceXrp}`)).toBe('10.000000');
    expect(await balanceOf('system:suspense:XRP')).toBe('25.000000');
    const [held] = await suspenseDeposits();
    expect(held).toMatchObject({ suspense_reason: 'memo_missing', suspense_status: 'open' });
    const path = `/api/v1/admin/deposit/${held?.deposit_id}/attribute`;
    const attributed = await kit.write(
      'POST',
      path,
      { account_seq: aliceXrp },
      {
        token: admin.token,
      },
    );
    expect(attributed.status).toBe(200);
    const twice = await kit.write('POST', path, { account_seq: aliceXrp }, { token: admin.token });
    expect(twice.status).toBe(200);
    await kit.projected();
    expect(await balanceOf(`wallet:${aliceXrp}`)).toBe('35.000000');
    expect(await balanceOf('system:suspense:XRP')).toBe('0.000000');
    const returned = await kit.write(
      'POST',
      `/api/v1/admin/deposit/${held?.deposit_id}/return`,
      { reason: 'too late' },
      { token: admin.token },
    );
    expect(returned.status).toBe(409);
    expect(((await returned.json()) as { code: string }).code).toBe('deposit_suspense_resolved');
  });

  test('an unknown memo lands in suspense and can be returned to the sender, once', async () => {
    const chain = createSimulatedChain(database().db, 'sim-xrp');
    await chain.send({ address: shared.address, memo: '9999999999', amount: '4.000000' });
    await scanAndSettle();
    const open = (await suspenseDeposits()).filter((row) => row.suspense_status === 'open');
    expect(open).toHaveLength(1);
    expect(open[0]?.suspense_reason).toBe('memo_unknown');
    const path = `/api/v1/admin/deposit/${open[0]?.deposit_id}/return`;
    expect(
      (await kit.write('POST', path, { reason: 'unknown sender' }, { token: admin.token })).status,
    ).toBe(200);
    expect(
      (await kit.write('POST', path, { reason: 'unknown sender' }, { token: admin.token })).status,
    ).toBe(200);
    await kit.projected();
    expect(await balanceOf('system:suspense:XRP')).toBe('0.000000');
    // Attributing to an account of another asset is refused.
    const btc = await openAccount(bob, 'BTC');
    const mismatch = await kit.write(
      'POST',
      `/api/v1/admin/deposit/${open[0]?.deposit_id}/attribute`,
      { account_seq: btc },
      { token: admin.token },
    );
    expect(mismatch.status).toBe(422);
  });
  test('a deposit to a memo chain before anyone has a memo ID is still kept, in suspense', async () => {
    for (const [path, body] of [
      [
        '/api/v1/admin/asset',
        {
          code: 'XLM',
          decimal_point: 7,
          title: 'Stellar',
          memo_required: true,
          confirmations_required: 1,
        },
      ],
      [
        '/api/v1/admin/asset-plugin',
        { plugin_id: 'sim-xlm', asset: 'XLM', plugin: 'simulated', title: 'Simulated XLM' },
      ],
    ] as const) {
      expect((await kit.write('POST', path, body, { token: admin.token })).status).toBe(201);
    }
    await kit.assetsProjected();
    const db = database().db;
    const chain = createSimulatedChain(db, 'sim-xlm');
    await chain.mine(1);
    await chain.send({ address: chain.sharedDepositAddress(), memo: null, amount: '3.0000000' });
    await chain.mine(1);
    await scanPlugin(
      {
        db,
        eventStore: kit.eventStore,
        ledger: kit.writer.client(),
        logger: silentLogger,
        now: () => new Date(),
        adapterFor: builtInAdapters(db),
      },
      (await getAssetPlugin(db, 'sim-xlm')) as AssetPlugin,
    );
    await kit.assetsProjected();
    await scanPlugin(
      {
        db,
        eventStore: kit.eventStore,
        ledger: kit.writer.client(),
        logger: silentLogger,
        now: () => new Date(),
        adapterFor: builtInAdapters(db),
      },
      (await getAssetPlugin(db, 'sim-xlm')) as AssetPlugin,
    );
    await kit.projected();
    expect(await balanceOf('system:suspense:XLM')).toBe('3.0000000');
  });
});

describe('the deposit extra form (personal data)', () => {
  test('its values are checked against the asset’s form, kept out of events and shown in the lists', async () => {
    const usd = await kit.write(
      'POST',
      '/api/v1/admin/asset',
      {
        code: 'USD',
        decimal_point: 2,
        title: 'US dollar',
        minimum_deposit: '1',
        deposit_extra_form: [
          { name: 'depositor', label: 'Depositor name', type: 'text', required: true },
          { name: 'phone', label: 'Phone', type: 'tel', required: false },
        ],
      },
      { token: admin.token },
    );
    expect(usd.status).toBe(201);
    await kit.projected();
    const aliceUsd = await openAccount(alice, 'USD');
    const send = (extra?: Record<string, string>) =>
      kit.write(
        'POST',
        '/api/v1/deposit-request',
        { account_seq: aliceUsd, request_amount: '25', ...(extra ? { extra } : {}) },
        { token: alice.token, key: kit.freshKey() },
      );
    for (const [extra, field] of [
      [undefined, 'depositor'],
      [{ depositor: '  ' }, 'depositor'],
      [{ depositor: 'Alice Depositor', phone: 'call me' }, 'phone'],
      [{ depositor: 'Alice Depositor', branch: 'Gangnam' }, 'branch'],
    ] as const) {
      const refused = await send(extra);
      expect(refused.status).toBe(422);
      // The field is the problem's extension member, and its detail names it (ko-KR: no Accept-Language).
      expect(await refused.json()).toMatchObject({
        code: 'extra_form_invalid',
        field,
        detail: `항목: ${field}`,
      });
    }
    const created = await send({ depositor: ' Alice Depositor ', phone: '+82 10-1234-5678' });
    expect(created.status).toBe(201);
    const { request_id: requestId } = ((await created.json()) as { data: { request_id: string } })
      .data;
    const db = database().db;
    const { rows } = await sql<{ field_values: unknown; member_seq: string }>`SELECT field_values,
      member_seq::text FROM request_extra_form_personal_data
      WHERE request_kind = 'deposit_request' AND request_id = ${requestId}`.execute(db);
    expect(rows).toEqual([
      {
        field_values: { depositor: 'Alice Depositor', phone: '+82 10-1234-5678' },
        member_seq: String(alice.seq),
      },
    ]);
    const inEvents = await sql`SELECT 1 FROM es_events
      WHERE data::text LIKE '%Alice Depositor%' OR metadata::text LIKE '%Alice Depositor%'`.execute(
      db,
    );
    expect(inEvents.rows).toEqual([]);
    await kit.assetsProjected();
    const extraOf = async (path: string, token: string) => {
      const listed = (await (await kit.read(path, { token })).json()) as {
        data: { request_id: string; extra: unknown }[];
      };
      return listed.data.find((row) => row.request_id === requestId)?.extra;
    };
    const expected = { depositor: 'Alice Depositor', phone: '+82 10-1234-5678' };
    expect(await extraOf('/api/v1/deposit-request', alice.token)).toEqual(expected);
    expect(await extraOf('/api/v1/admin/deposit-request?asset=USD', admin.token)).toEqual(expected);
  });
});
