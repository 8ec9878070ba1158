// Proves object-level authorization (T15, BOLA/IDOR): every member route that takes an object id,
// generated from the route table, answers 404 to another member's token for A's object (even with
// a valid code for A's OTP) and writes nothing; lists and /member/me only ever show the caller's.

import {
  applicationDecider,
  applicationStream,
  chargedTextOf,
  dealDecider,
  dealStream,
} from '@ledger/c2c';
import { c2cProjection, c2cProjectionName } from '@ledger/c2c-store';
import { type RouteEntry, routeTable } from '@ledger/contracts';
import { csProjection, csProjectionName } from '@ledger/cs-store';
import { identityDb } from '@ledger/identity-store';
import { kycProjection, kycProjectionName } from '@ledger/kyc-store';
import { type SystemRole, systemAccountId, systemRoles } from '@ledger/ledger';
import { ledgerBalancesProjection, ledgerBalancesProjectionName } from '@ledger/ledger-projections';
import { type LedgerWriterService, startLedgerWriterService } from '@ledger/ledger-writer-core';
import { readStreamState } from '@ledger/process-kit';
import { createCheckpointAwaiter } from '@ledger/projection-runner';
import { startProjector } from '@ledger/projector';
import { silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { withdrawalsProjection, withdrawalsProjectionName } from '@ledger/withdrawals-store';
import { createApp } from '@ledger/write-api';
import { type TestMember, totpAt } from '@ledger/write-api/testing';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appendDecided, c2cDeadlines } from '../testing/c2c-test-kit.ts';
import { committedHead } from '../testing/committed-head.ts';
import {
  createIdentityPlatformTestKit,
  type IdentityPlatformTestKit,
} from '../testing/identity-platform-test-kit.ts';
import { validBodies } from '../testing/route-requests.ts';

const database = useTestDatabase();
let kit: IdentityPlatformTestKit;
let alice: TestMember;
let bobToken: string;
const aliceObjects: Record<string, string> = {};
let aliceOtpSecret = '';
let aliceToken = '';
// A withdrawal exists only through the ledger: a real writer, the write API with its client, and
// the ledger's and the withdrawals' projections (their queries and the account directory read them).
let writer: LedgerWriterService;
let ledgerApp: ReturnType<typeof createApp>;
const stopping = new AbortController();
let projector: ReturnType<typeof startProjector> | undefined;
let awaiter: ReturnType<typeof createCheckpointAwaiter> | undefined;

async function ledgerProjected(): Promise<void> {
  const head = await committedHead(database().db);
  if (head === undefined || awaiter === undefined) return;
  const names = [
    ledgerBalancesProjectionName,
    withdrawalsProjectionName,
    kycProjectionName,
    c2cProjectionName,
    csProjectionName,
  ];
  if (!(await awaiter.waitForPosition(names, head, 20_000))) {
    throw new Error('the ledger projections did not catch up');
  }
  await kit.projected();
}

async function ledgerWrite(path: string, body: unknown, token: string, key?: string) {
  return ledgerApp.request(path, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    body: JSON.stringify(body),
  });
}

/** Alice's certified KRW bank account (a withdrawal goes only to a certified address). */
async function certifyAliceAddress(): Promise<number> {
  const requested = await ledgerWrite(
    '/api/v1/kyc/withdraw-address-certification',
    { asset: 'KRW', bank_code: '088', withdraw_address: '110-222-333', holder_name: 'Alice Kim' },
    aliceToken,
    'alice-address',
  );
  if (requested.status !== 201) throw new Error(`certification: ${await requested.text()}`);
  const { seq } = ((await requested.json()) as { data: { seq: number } }).data;
  const chief = await kit.register('chief');
  await kit.makeChiefAdministrator(chief.seq);
  const reviewed = await ledgerApp.request(
    `/api/v1/admin/kyc-asset-withdraw-address-certification/${seq}/review`,
    {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${(await kit.login(chief)).token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ decision: 'approved', is_valid: true }),
    },
  );
  if (reviewed.status !== 200) throw new Error(`review: ${await reviewed.text()}`);
  return seq;
}

/** Alice's KRW account, funded, and a withdrawal she requests with her OTP (a real hold). */
async function createAliceWithdrawal(): Promise<string> {
  writer = await startLedgerWriterService({
    databaseUrl: database().url,
    logger: silentLogger,
    runExpiry: false,
  });
  await writer.leading;
  for (const systemRole of systemRoles as readonly SystemRole[]) {
    const opened = await writer.submit({
      commandId: `open:${systemRole}:KRW`,
      actor: 'system:test',
      command: {
        type: 'OpenAccount',
        data: {
          account: systemAccountId(systemRole, 'KRW'),
          asset: 'KRW',
          decimalPoint: 0,
          kind: 'system',
          systemRole,
        },
      },
    });
    if (opened.kind !== 'answered') throw new Error(`open ${systemRole}: ${opened.kind}`);
  }
  ledgerApp = createApp({
    db: kit.db,
    logger: silentLogger,
    identity: kit.identity,
    ledger: { client: writer.client() },
  });
  awaiter = createCheckpointAwaiter(kit.db, { pollIntervalMs: 5 });
  projector = startProjector({
    db: kit.db as unknown as Kysely<unknown>,
    eventStore: kit.eventStore,
    projections: [
      ledgerBalancesProjection,
      withdrawalsProjection,
      kycProjection,
      c2cProjection,
      csProjection,
    ],
    logger: silentLogger,
    signal: stopping.signal,
  });
  // The account directory learns the asset's scale from the projected system accounts.
  await ledgerProjected();
  const account = await ledgerWrite(
    '/api/v1/account',
    { asset: 'KRW', title: 'Won' },
    aliceToken,
    'alice-account',
  );
  if (account.status !== 201) throw new Error(`account: ${await account.text()}`);
  const accountSeq = ((await account.json()) as { data: { seq: number } }).data.seq;
  const funded = await writer.submit({
    commandId: 'fund-alice',
    actor: 'system:test',
    command: {
      type: 'PostTransfer',
      data: {
        transferId: 'fund-alice',
        legs: [
          {
            debit: systemAccountId('chainClearing', 'KRW'),
            credit: `wallet:${accountSeq}`,
            asset: 'KRW',
            amount: '50000',
          },
        ],
        cause: 'deposit',
      },
    },
  });
  if (funded.kind !== 'answered') throw new Error(`fund: ${funded.kind}`);
  const certificationSeq = await certifyAliceAddress();
  await ledgerProjected();
  // A withdrawal needs an active OTP and a fresh code (each code is accepted once).
  kit.clock.nowMs += 30_000;
  const activated = await ledgerWrite(
    `/api/v1/otp/${aliceObjects.otp}/activate`,
    { otp_token: await totpAt(aliceOtpSecret, kit.clock.nowMs) },
    aliceToken,
  );
  if (activated.status !== 200) throw new Error(`activate: ${await activated.text()}`);
  // Activating the OTP ends her sessions: she logs in again with a code.
  kit.clock.nowMs += 30_000;
  aliceToken = (await kit.login(alice, await totpAt(aliceOtpSecret, kit.clock.nowMs))).token;
  kit.clock.nowMs += 30_000;
  const requested = await ledgerWrite(
    '/api/v1/withdraw',
    {
      account_seq: accountSeq,
      amount: '10000',
      withdraw_address_certification_seq: certificationSeq,
      otp_token: await totpAt(aliceOtpSecret, kit.clock.nowMs),
    },
    aliceToken,
    'alice-withdrawal',
  );
  if (requested.status !== 201) throw new Error(`withdraw: ${await requested.text()}`);
  const withdrawalId = ((await requested.json()) as { data: { withdrawal_id: string } }).data
    .withdrawal_id;
  await ledgerProjected();
  return withdrawalId;
}

/** A customer-service ticket of Alice's (an administrator defines its type first). */
async function createAliceTicket(): Promise<string> {
  const chief = await kit.register('cschief');
  await kit.makeChiefAdministrator(chief.seq);
  const typed = await kit.put(
    '/api/v1/admin/cs/ticket-type/account',
    {
      title: 'Account',
      list_order: 1,
      use_content: true,
      allow_guest: false,
      notify_member: true,
      notify_manager: true,
    },
    { token: (await kit.login(chief)).token },
  );
  if (typed.status !== 200) throw new Error(`ticket type: ${await typed.text()}`);
  const filed = await ledgerWrite(
    '/api/v1/cs/ticket',
    { type_id: 'account', title: 'My account', content: 'Alice Kim asks' },
    aliceToken,
  );
  if (filed.status !== 201) throw new Error(`ticket: ${await filed.text()}`);
  const ticketId = ((await filed.json()) as { data: { ticket_id: string } }).data.ticket_id;
  await ledgerProjected();
  return ticketId;
}

beforeAll(async () => {
  kit = await createIdentityPlatformTestKit(database());
  alice = await kit.register('alice');
  const bob = await kit.register('bob');
  aliceToken = (await kit.login(alice)).token;
  bobToken = (await kit.login(bob)).token;
  const otp = await kit.post('/api/v1/otp', {}, { token: aliceToken });
  const registered = (await otp.json()) as { data: { otp_id: string; secret: string } };
  aliceObjects.otp = registered.data.otp_id;
  aliceOtpSecret = registered.data.secret;
  await kit.projected();
  aliceObjects.withdrawal = await createAliceWithdrawal();
  aliceObjects.cs_ticket = await createAliceTicket();
  // Brokerage commands arrive later (SPEC §7); a row of the read model stands for Alice's.
  await sql`INSERT INTO brokerages (seq, title, owner_member_seq, brokerage_type, regdate)
    VALUES (41, 'Alice Brokerage', ${alice.seq}, 'agency', now())`.execute(identityDb(kit.db));
  aliceObjects.brokerage = '41';
  // No ledger writer here either: a row of the ledger read model stands for Alice's account.
  await sql`INSERT INTO ledger_accounts (account, seq, account_number, kind, member_id, member_seq,
      asset, decimal_point, status, balance, held, is_negative_allowed, opened_at, last_revision,
      last_position)
    VALUES ('wallet:77', 77, '1000-0000-0776', 'member', ${String(alice.seq)}, ${alice.seq}, 'KRW',
      0, 'normal', 5000, 0, false, now(), 0, '0')`.execute(kit.db);
  aliceObjects.account = '77';
  await createAliceDealAndApplication(bob.seq + 1000);
});

/** Alice's deal and an application another member filed to it (Alice is its party, Bob is not). */
async function createAliceDealAndApplication(applicantSeq: number): Promise<void> {
  const now = new Date().toISOString();
  const dealId = 'alice-deal';
  await appendDecided(kit.eventStore, dealDecider, dealStream(dealId), {
    type: 'PublishDeal',
    dealId,
    ownerMemberSeq: alice.seq,
    market: {
      marketSeq: 1,
      isActive: true,
      sourceAsset: 'BTC',
      sourceDecimalPoint: 8,
      targetAsset: 'KRW',
      targetDecimalPoint: 0,
      amountUnit: '0.00010000',
      amountMin: null,
      amountMax: null,
      feeRate: '0.001',
    },
    side: 'sell',
    safetyType: 'sellerFirst',
    totalAmount: '1.00000000',
    applicationMin: null,
    applicationMax: null,
    priceMin: '90000000',
    priceMax: '100000000',
    closeAt: null,
    ownerSourceAccount: 'wallet:1',
    ownerTargetAccount: 'wallet:2',
    now,
  });
  const fold = { initialState: dealDecider.initialState, evolve: dealDecider.evolve };
  const { state } = await readStreamState(kit.eventStore, dealStream(dealId), fold);
  if (state.status === 'none') throw new Error('the deal was not published');
  const applicationId = 'alice-application';
  await appendDecided(kit.eventStore, applicationDecider, applicationStream(applicationId), {
    type: 'FileApplication',
    applicationId,
    deal: state.terms,
    applicantMemberSeq: applicantSeq,
    amount: '0.10000000',
    price: '95000000',
    applicantSourceAccount: 'wallet:3',
    applicantTargetAccount: 'wallet:4',
    deadlines: c2cDeadlines,
    dealCharged: chargedTextOf(state),
    now,
  });
  aliceObjects.c2c_deal = dealId;
  aliceObjects.c2c_application = applicationId;
  await ledgerProjected();
}

afterAll(async () => {
  stopping.abort();
  await projector?.done;
  awaiter?.close();
  await writer?.stop();
  await kit.close();
});

const memberRoutesWithIds = routeTable.filter(
  (route) =>
    route.id !== undefined && (route.access === 'member' || route.access === 'brokerage_owner'),
);

async function callAsBob(route: RouteEntry): Promise<Response> {
  const id = aliceObjects[route.id?.kind ?? ''];
  if (id === undefined) throw new Error(`no object of kind ${route.id?.kind} for ${route.path}`);
  const path = route.path.replace(`:${route.id?.parameter}`, id);
  const authorization = `Bearer ${bobToken}`;
  if (route.service === 'query') return kit.queryApp.request(path, { headers: { authorization } });
  return ledgerApp.request(path, {
    method: route.method,
    headers: { authorization, 'content-type': 'application/json' },
    // A valid body, so only the object's owner decides the answer.
    body: JSON.stringify(
      route.id?.kind === 'c2c_deal' || route.id?.kind === 'c2c_application'
        ? (validBodies[`${route.method} ${route.path}`] ?? {})
        : route.id?.kind === 'account'
          ? { title: 'Mine now' }
          : route.id?.kind === 'withdrawal'
            ? {}
            : { otp_token: await totpAt(aliceOtpSecret, kit.clock.nowMs) },
    ),
  });
}

test('the table has member routes with ids to check', () => {
  expect(memberRoutesWithIds.map((route) => route.path).sort()).toEqual([
    '/api/v1/account/:seq',
    '/api/v1/account/:seq',
    '/api/v1/account/:seq/balance',
    '/api/v1/account/:seq/balance-log',
    '/api/v1/account/:seq/deposit-address',
    '/api/v1/account/:seq/deposit-address',
    '/api/v1/brokerage/:seq',
    ...[
      '',
      '/accept',
      '/cancel',
      '/confirm',
      '/dispute',
      '/paid',
      '/reject',
      '/retry-hold',
      '/return',
    ].map((action) => `/api/v1/c2c/application/:applicationId${action}`),
    '/api/v1/c2c/deal/:dealId/close',
    '/api/v1/cs/ticket/:ticketId',
    '/api/v1/otp/:otpId/activate',
    '/api/v1/otp/:otpId/deactivate',
    '/api/v1/withdraw/:withdrawalId',
    '/api/v1/withdraw/:withdrawalId/cancel',
  ]);
});

describe.each(
  memberRoutesWithIds.map((route) => ({ ...route, name: `${route.method} ${route.path}` })),
)('$name', (route) => {
  test("answers 404 to another member for Alice's object and writes nothing", async () => {
    const before = await kit.eventCount();
    const response = await callAsBob(route);
    expect(response.status).toBe(404);
    const body = await response.text();
    expect(body).not.toContain(alice.userId);
    // Nothing but the standard problem fields: no object data leaks in the error.
    const problem = JSON.parse(body) as Record<string, unknown>;
    expect(Object.keys(problem).sort()).toEqual(
      ['code', 'instance', 'requestId', 'status', 'title', 'type'].sort(),
    );
    expect([
      'otp_not_found',
      'not_found',
      'account_not_found',
      'withdrawal_not_found',
      'c2c_deal_not_found',
      'c2c_application_not_found',
      'cs_ticket_not_found',
    ]).toContain(problem.code);
    expect(await kit.eventCount()).toBe(before);
  });
});

test("lists and /member/me show only the caller's objects", async () => {
  const brokerages = (await (
    await kit.get('/api/v1/brokerage?no_paging=1', { token: bobToken })
  ).json()) as {
    data: unknown[];
  };
  expect(brokerages.data).toEqual([]);
  const otps = (await (await kit.get('/api/v1/otp', { token: bobToken })).json()) as {
    data: unknown[];
  };
  expect(otps.data).toEqual([]);
  const me = (await (await kit.get('/api/v1/member/me', { token: bobToken })).json()) as {
    member_info: { seq: number };
  };
  expect(me.member_info.seq).not.toBe(alice.seq);
  const own = (await (
    await kit.get('/api/v1/brokerage?no_paging=1', { token: aliceToken })
  ).json()) as {
    data: { seq: number }[];
  };
  expect(own.data.map((brokerage) => brokerage.seq)).toEqual([41]);
  expect((await kit.get('/api/v1/brokerage/41', { token: aliceToken })).status).toBe(200);
  const withdrawals = (await (await kit.get('/api/v1/withdraw', { token: bobToken })).json()) as {
    data: unknown[];
  };
  expect(withdrawals.data).toEqual([]);
  // Alice's withdrawal exists and is hers, still requested after Bob's cancel.
  const hers = await kit.get(`/api/v1/withdraw/${aliceObjects.withdrawal}`, { token: aliceToken });
  expect(hers.status).toBe(200);
  expect(((await hers.json()) as { data: { status: string } }).data.status).toBe('requested');
});
