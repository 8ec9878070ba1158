// Proves the C2C write routes over HTTP: an administrator registers and deactivates a market (assets and scale from the catalog); a member publishes a deal with an Idempotency-Key (required; a retry answers the first answer), another applies and the deal reserves the part at once (more than is left, or one's own deal, refused with its code), the parties act in turn (the wrong party 403, another member's application or deal 404), an administrator returns an application with a reason, the owner closes the deal, and an inactive market refuses new deals; each answer's position reads the write at once.
import { systemAccountId } from '@ledger/ledger';
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type C2cTestKit, startC2cTestKit } from '../testing/c2c-test-kit.ts';
import { createDepositTestKit, type DepositTestKit } from '../testing/deposit-test-kit.ts';
import type { LedgerTestMember } from '../testing/ledger-test-kit.ts';

const database = useTestDatabase();
let kit: DepositTestKit;
let c2c: C2cTestKit;
let admin: LedgerTestMember;
let owner: LedgerTestMember;
let buyer: LedgerTestMember;
let other: LedgerTestMember;
const accounts = new Map<string, { BTC: number; KRW: number }>();

type Answer = {
  status: number;
  body: Record<string, unknown> & { data?: { id: string } };
  headers: Headers;
};

async function post(
  path: string,
  body: unknown,
  member: LedgerTestMember,
  key?: string | null,
): Promise<Answer> {
  const response = await kit.write('POST', path, body, {
    token: member.token,
    key: key === null ? undefined : (key ?? kit.freshKey()),
  });
  return {
    status: response.status,
    body: (await response.json()) as Answer['body'],
    headers: response.headers,
  };
}

async function read(path: string, member: LedgerTestMember) {
  const response = await kit.read(path, { token: member.token });
  return {
    status: response.status,
    body: (await response.json()) as { data: Record<string, unknown> },
  };
}

async function openAccounts(member: LedgerTestMember) {
  const seqs = { BTC: 0, KRW: 0 };
  for (const asset of ['BTC', 'KRW'] as const) {
    const opened = await post('/api/v1/account', { asset, title: asset }, member);
    expect(opened.status).toBe(201);
    seqs[asset] = (opened.body.data as unknown as { seq: number }).seq;
  }
  accounts.set(member.userId, seqs);
}

const dealBody = (member: LedgerTestMember, overrides: Record<string, unknown> = {}) => ({
  market_seq: 1,
  side: 'sell',
  safety_type: 'sellerFirst',
  total_amount: '1',
  application_min: null,
  application_max: '0.5',
  price_min: '90000000',
  price_max: '100000000',
  close_at: null,
  source_account_seq: accounts.get(member.userId)?.BTC,
  target_account_seq: accounts.get(member.userId)?.KRW,
  ...overrides,
});
const applyBody = (member: LedgerTestMember, amount: string) => ({
  amount,
  price: '95000000',
  source_account_seq: accounts.get(member.userId)?.BTC,
  target_account_seq: accounts.get(member.userId)?.KRW,
});

async function fund(member: LedgerTestMember, asset: 'BTC' | 'KRW', amount: string) {
  const seq = accounts.get(member.userId)?.[asset];
  const transferId = `fund:${member.userId}:${asset}`;
  const result = await kit.writer.submit({
    commandId: transferId,
    actor: 'system:test',
    command: {
      type: 'PostTransfer',
      data: {
        transferId,
        legs: [
          {
            debit: systemAccountId('chainClearing', asset),
            credit: `wallet:${seq}`,
            asset,
            amount,
          },
        ],
        cause: 'deposit',
      },
    },
  });
  if (result.kind !== 'answered' || result.answer.kind !== 'accepted')
    throw new Error(`fund: ${JSON.stringify(result)}`);
}

async function balance(member: LedgerTestMember, asset: 'BTC' | 'KRW'): Promise<string> {
  const seq = accounts.get(member.userId)?.[asset];
  const answer = await read(`/api/v1/account/${seq}`, member);
  return String((answer.body.data as { balance?: string }).balance);
}

let dealId = '';
let applicationId = '';

beforeAll(async () => {
  kit = await createDepositTestKit(database());
  c2c = startC2cTestKit(kit, database());
  admin = await kit.administrator();
  [owner, buyer, other] = await Promise.all([
    kit.member('owner'),
    kit.member('buyer'),
    kit.member('other'),
  ]);
  for (const [code, decimalPoint] of [
    ['BTC', 8],
    ['KRW', 0],
  ] as const) {
    const registered = await kit.write(
      'POST',
      '/api/v1/admin/asset',
      { code, decimal_point: decimalPoint, title: code },
      { token: admin.token },
    );
    expect(registered.status).toBe(201);
  }
  await kit.assetsProjected();
  for (const member of [owner, buyer, other]) await openAccounts(member);
  await kit.projected();
}, 120_000);

afterAll(async () => {
  await c2c?.close();
  await kit?.close();
});

describe('the market catalog', () => {
  test('an administrator registers a market at the source asset’s scale; a member may not', async () => {
    const body = {
      source_asset: 'BTC',
      target_asset: 'KRW',
      title: 'BTC/KRW',
      amount_unit: '0.0001',
      amount_min: '0.001',
      amount_max: null,
      fee_rate: '0.001',
      is_active: true,
      seller_form: [],
    };
    const registered = await post('/api/v1/admin/c2c-market', body, admin);
    expect([registered.status, registered.body.data?.id]).toEqual([201, '1']);
    expect((await post('/api/v1/admin/c2c-market', body, owner)).status).toBe(403);
    const bad = await post(
      '/api/v1/admin/c2c-market',
      { ...body, amount_unit: '0.000000001' },
      admin,
    );
    expect([bad.status, bad.body.code]).toEqual([422, 'c2c_market_invalid']);
    const markets = await read(`/api/v1/admin/c2c-market?after=${registered.body.position}`, admin);
    expect(markets.body.data).toMatchObject([
      {
        market_seq: 1,
        amount_unit: '0.00010000',
        amount_min: '0.00100000',
        source_decimal_point: 8,
      },
    ]);
  });
});

describe('a deal and an application', () => {
  test('a deal is published once per Idempotency-Key, which it asks for', async () => {
    const missing = await post('/api/v1/c2c/deal', dealBody(owner), owner, null);
    expect([missing.status, missing.body.code]).toEqual([400, 'idempotency_key_required']);
    const key = kit.freshKey();
    const published = await post('/api/v1/c2c/deal', dealBody(owner), owner, key);
    expect(published.status).toBe(201);
    dealId = published.body.data?.id ?? '';
    const again = await post('/api/v1/c2c/deal', dealBody(owner), owner, key);
    expect([again.status, again.body.data?.id, again.headers.get('idempotency-replayed')]).toEqual([
      201,
      dealId,
      'true',
    ]);
    const seen = await read(`/api/v1/c2c/deal/${dealId}?after=${published.body.position}`, buyer);
    expect(seen.body.data).toMatchObject({
      status: 'open',
      total_amount: '1.00000000',
      owner_member_seq: owner.seq,
    });
    const foreign = await post(
      '/api/v1/c2c/deal',
      dealBody(owner, { source_account_seq: accounts.get(buyer.userId)?.BTC }),
      owner,
    );
    expect([foreign.status, foreign.body.code]).toEqual([404, 'account_not_found']);
  });

  test('an application reserves its part at once; too much or one’s own deal is refused', async () => {
    const filed = await post(
      `/api/v1/c2c/deal/${dealId}/application`,
      applyBody(buyer, '0.3'),
      buyer,
    );
    expect(filed.status).toBe(201);
    applicationId = filed.body.data?.id ?? '';
    const seen = await read(
      `/api/v1/c2c/application/${applicationId}?after=${filed.body.position}`,
      buyer,
    );
    expect(seen.body.data).toMatchObject({
      status: 'requested',
      source_amount: '0.30000000',
      fee_amount: '0.00030000',
    });
    const tooMuch = await post(
      `/api/v1/c2c/deal/${dealId}/application`,
      applyBody(other, '0.5'),
      other,
    );
    const outside = await post(
      `/api/v1/c2c/deal/${dealId}/application`,
      applyBody(other, '0.8'),
      other,
    );
    const own = await post(
      `/api/v1/c2c/deal/${dealId}/application`,
      applyBody(owner, '0.1'),
      owner,
    );
    expect([tooMuch.status, outside.body.code, own.body.code]).toEqual([
      201,
      'c2c_amount_out_of_bounds',
      'c2c_own_deal',
    ]);
    const last = await post(
      `/api/v1/c2c/deal/${dealId}/application`,
      applyBody(other, '0.3'),
      other,
    );
    expect([last.status, last.body.code, last.body.available]).toEqual([
      409,
      'c2c_amount_exceeds_available',
      '0.20000000',
    ]);
  });

  test('each action is its party’s: the wrong party 403, another member 404', async () => {
    const path = (action: string) => `/api/v1/c2c/application/${applicationId}/${action}`;
    const wrong = await post(path('accept'), {}, buyer);
    expect([wrong.status, wrong.body.code]).toEqual([403, 'c2c_not_allowed_for_actor']);
    const stranger = await post(path('cancel'), {}, other);
    expect([stranger.status, stranger.body.code]).toEqual([404, 'c2c_application_not_found']);
    const accepted = await post(path('accept'), {}, owner);
    expect(accepted.status).toBe(200);
    const seen = await read(
      `/api/v1/c2c/application/${applicationId}?after=${accepted.body.position}`,
      owner,
    );
    expect(seen.body.data.status).toBe('accepted');
    const noReason = await post(path('reject'), {}, owner);
    expect(noReason.status).toBe(400);
  });

  test('an administrator returns it with a reason; the owner closes the deal, no one else', async () => {
    const resolved = await post(
      `/api/v1/admin/private-application/${applicationId}/resolve`,
      { verdict: 'return', reason: 'Seller unreachable' },
      admin,
    );
    expect(resolved.status).toBe(200);
    const seen = await read(
      `/api/v1/admin/private-application/${applicationId}?after=${resolved.body.position}`,
      admin,
    );
    expect(seen.body.data).toMatchObject({
      ending_by: 'admin',
      ending_reason: 'Seller unreachable',
    });
    expect((await post(`/api/v1/c2c/deal/${dealId}/close`, {}, other)).status).toBe(404);
    const closed = await post(`/api/v1/c2c/deal/${dealId}/close`, {}, owner);
    expect(closed.status).toBe(200);
    const deal = await read(`/api/v1/c2c/deal/${dealId}?after=${closed.body.position}`, owner);
    expect(deal.body.data).toMatchObject({ status: 'closed', closed_by: 'owner' });
  });

  test('a sellerFirst trade moves the money once: held at accept and paid, both paid at confirm', async () => {
    await fund(owner, 'BTC', '1.00000000');
    await fund(buyer, 'KRW', '100000000');
    const published = await post('/api/v1/c2c/deal', dealBody(owner), owner);
    const trade = published.body.data?.id ?? '';
    const filed = await post(
      `/api/v1/c2c/deal/${trade}/application`,
      applyBody(buyer, '0.1'),
      buyer,
    );
    const id = filed.body.data?.id ?? '';
    const path = (action: string) => `/api/v1/c2c/application/${id}/${action}`;
    const accepted = await post(path('accept'), {}, owner);
    const funded = await read(
      `/api/v1/c2c/application/${id}?after=${accepted.body.position}`,
      owner,
    );
    expect(funded.body.data).toMatchObject({ status: 'funded', seller_hold: 'held' });
    const paid = await post(path('paid'), {}, buyer);
    const held = await read(`/api/v1/c2c/application/${id}?after=${paid.body.position}`, buyer);
    expect(held.body.data).toMatchObject({ status: 'paid', buyer_hold: 'held' });
    const confirmed = await post(path('confirm'), {}, owner);
    const done = await read(
      `/api/v1/c2c/application/${id}?after=${confirmed.body.position}`,
      owner,
    );
    expect(done.body.data).toMatchObject({ status: 'confirmed', target_amount: '9500000' });
    await kit.projected();
    expect(await balance(buyer, 'BTC')).toBe('0.10000000');
    expect(await balance(owner, 'KRW')).toBe('9500000');
    expect(await balance(owner, 'BTC')).toBe('0.89990000');
    expect(await balance(buyer, 'KRW')).toBe('90500000');
    const deal = await read(`/api/v1/c2c/deal/${trade}`, owner);
    expect(deal.body.data).toMatchObject({
      confirmed_amount: '0.10000000',
      holding_amount: '0.00000000',
    });
  });

  test('an immediate deal holds its escrow when published and gives the rest back when closed', async () => {
    const published = await post(
      '/api/v1/c2c/deal',
      dealBody(owner, { safety_type: 'immediate', total_amount: '0.5' }),
      owner,
    );
    const trade = published.body.data?.id ?? '';
    const opened = await read(`/api/v1/c2c/deal/${trade}?after=${published.body.position}`, owner);
    expect(opened.body.data).toMatchObject({
      status: 'open',
      escrow: 'placed',
      fee_amount: '0.00050000',
    });
    const filed = await post(
      `/api/v1/c2c/deal/${trade}/application`,
      applyBody(buyer, '0.1'),
      buyer,
    );
    const taken = await read(
      `/api/v1/c2c/application/${filed.body.data?.id}?after=${filed.body.position}`,
      buyer,
    );
    expect(taken.body.data).toMatchObject({ status: 'funded', seller_hold: 'held' });
    const closed = await post(`/api/v1/c2c/deal/${trade}/close`, {}, owner);
    const after = await read(`/api/v1/c2c/deal/${trade}?after=${closed.body.position}`, owner);
    expect(after.body.data).toMatchObject({
      status: 'closed',
      escrow: 'released',
      holding_amount: '0.10000000',
    });
  });

  test('an inactive market refuses a new deal', async () => {
    const changed = await kit.write(
      'PUT',
      '/api/v1/admin/c2c-market/1',
      {
        title: 'BTC/KRW',
        amount_unit: '0.0001',
        amount_min: null,
        amount_max: null,
        fee_rate: '0.001',
        is_active: false,
        seller_form: [],
      },
      { token: admin.token, key: kit.freshKey() },
    );
    expect(changed.status).toBe(200);
    const refused = await post('/api/v1/c2c/deal', dealBody(owner), owner);
    expect([refused.status, refused.body.code]).toEqual([409, 'c2c_market_inactive']);
  });
});
