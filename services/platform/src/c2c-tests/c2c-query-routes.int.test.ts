// Proves the C2C read routes over HTTP: the active markets, the deal list and its market, side, price and amount filters, a deal, the caller's deals, sales and purchases, an application shown to its parties only (another member's id is a 404, an administrator route a 403 to a member), the administrator's lists with paging and the disputed and deadline-passed filters, and `?after=` reading a write's position at once.
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type C2cTestKit, startC2cTestKit } from '../testing/c2c-test-kit.ts';
import {
  createLedgerTestKit,
  type LedgerTestKit,
  type LedgerTestMember,
} from '../testing/ledger-test-kit.ts';

const database = useTestDatabase();
let kit: LedgerTestKit;
let c2c: C2cTestKit;
let owner: LedgerTestMember;
let buyer: LedgerTestMember;
let other: LedgerTestMember;
let admin: LedgerTestMember;

const now = Date.now();
const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
const settings = {
  title: 'BTC/KRW',
  amountUnit: '0.00010000',
  amountMin: '0.00100000',
  amountMax: null,
  feeRate: '0.001',
  isActive: true,
  sellerForm: [],
};
const assets = {
  sourceAsset: 'BTC',
  sourceDecimalPoint: 8,
  targetAsset: 'KRW',
  targetDecimalPoint: 0,
};

function publish(
  dealId: string,
  side: 'sell' | 'buy',
  safetyType: string,
  ownerSeq: number,
  now: string,
) {
  return {
    type: 'PublishDeal' as const,
    dealId,
    ownerMemberSeq: ownerSeq,
    market: {
      marketSeq: 1,
      isActive: true,
      ...assets,
      amountUnit: settings.amountUnit,
      amountMin: settings.amountMin,
      amountMax: settings.amountMax,
      feeRate: settings.feeRate,
    },
    side,
    safetyType: safetyType as 'sellerFirst',
    totalAmount: '1.00000000',
    applicationMin: null,
    applicationMax: '0.50000000',
    priceMin: '90000000',
    priceMax: '100000000',
    closeAt: null,
    ownerSourceAccount: `member:${ownerSeq}:btc`,
    ownerTargetAccount: `member:${ownerSeq}:krw`,
    now,
  };
}

async function json(path: string, member: LedgerTestMember) {
  const answer = await kit.read(path, { token: member.token });
  return {
    status: answer.status,
    body: (await answer.json()) as { data: unknown; paging?: unknown },
  };
}
const ids = (body: { data: unknown }, field: string) =>
  (body.data as Record<string, unknown>[]).map((row) => row[field]);

beforeAll(async () => {
  kit = await createLedgerTestKit(database());
  c2c = startC2cTestKit(kit, database());
  [owner, buyer, other, admin] = await Promise.all([
    kit.member('owner'),
    kit.member('buyer'),
    kit.member('other'),
    kit.administrator(),
  ]);
  await c2c.market(1, { type: 'RegisterMarket', marketSeq: 1, assets, settings, now: at(-120) });
  await c2c.deal('d1', publish('d1', 'sell', 'sellerFirst', owner.seq, at(-100)));
  await c2c.deal('d2', publish('d2', 'buy', 'neither', owner.seq, at(-90)));
  // a1: requested, its acceptance deadline ahead; a2: filed long ago, its deadline passed.
  await c2c.fileAndReserve({
    applicationId: 'a1',
    dealId: 'd1',
    applicantMemberSeq: buyer.seq,
    amount: '0.30000000',
    price: '95000000',
    now: at(-1),
  });
  await c2c.fileAndReserve({
    applicationId: 'a2',
    dealId: 'd1',
    applicantMemberSeq: buyer.seq,
    amount: '0.10000000',
    price: '95000000',
    now: at(-80),
  });
  await c2c.projected();
}, 120_000);

afterAll(async () => {
  await c2c?.close();
  await kit?.close();
});

describe('the member C2C reads', () => {
  test('the active markets, and the deal list with its filters', async () => {
    const markets = await json('/api/v1/c2c/market', buyer);
    expect([markets.status, ids(markets.body, 'market_seq')]).toEqual([200, [1]]);
    const all = await json('/api/v1/c2c/deal', buyer);
    expect([all.status, ids(all.body, 'deal_id'), all.body.paging]).toEqual([
      200,
      ['d2', 'd1'],
      { page: 1, page_size: 20, total: 2, total_pages: 1 },
    ]);
    expect(
      ids((await json('/api/v1/c2c/deal?side=sell&market_seq=1', buyer)).body, 'deal_id'),
    ).toEqual(['d1']);
    expect(ids((await json('/api/v1/c2c/deal?price=95000000', buyer)).body, 'deal_id')).toEqual([
      'd2',
      'd1',
    ]);
    expect(ids((await json('/api/v1/c2c/deal?price=80000000', buyer)).body, 'deal_id')).toEqual([]);
    // d1 has 0.6 left of its 1 (0.4 reserved); a part of 0.5 still fits both.
    expect(ids((await json('/api/v1/c2c/deal?amount=0.5', buyer)).body, 'deal_id')).toEqual([
      'd2',
      'd1',
    ]);
    expect(ids((await json('/api/v1/c2c/deal?amount=0.6', buyer)).body, 'deal_id')).toEqual([]);
    expect((await json('/api/v1/c2c/deal?price=-1', buyer)).status).toBe(400);
  });

  test('a deal, and the caller’s own deals', async () => {
    const found = await json('/api/v1/c2c/deal/d1', buyer);
    expect([
      found.status,
      (found.body.data as { available_amount: string }).available_amount,
    ]).toEqual([200, '0.60000000']);
    expect((await json('/api/v1/c2c/deal/nope', buyer)).status).toBe(404);
    expect(ids((await json('/api/v1/c2c/my-deal', owner)).body, 'deal_id')).toEqual(['d2', 'd1']);
    expect(ids((await json('/api/v1/c2c/my-deal', buyer)).body, 'deal_id')).toEqual([]);
  });

  test('my sales and my purchases are the caller’s side only', async () => {
    expect(ids((await json('/api/v1/c2c/sale', owner)).body, 'application_id')).toEqual([
      'a1',
      'a2',
    ]);
    expect(ids((await json('/api/v1/c2c/purchase', owner)).body, 'application_id')).toEqual([]);
    expect(ids((await json('/api/v1/c2c/purchase', buyer)).body, 'application_id')).toEqual([
      'a1',
      'a2',
    ]);
    expect(
      ids((await json('/api/v1/c2c/purchase?status=requested', buyer)).body, 'application_id'),
    ).toEqual(['a1', 'a2']);
  });

  test('an application is shown to its parties only', async () => {
    const seen = await json('/api/v1/c2c/application/a1', buyer);
    expect([seen.status, (seen.body.data as { status: string }).status]).toEqual([
      200,
      'requested',
    ]);
    expect((await json('/api/v1/c2c/application/a1', owner)).status).toBe(200);
    const hidden = await json('/api/v1/c2c/application/a1', other);
    expect([hidden.status, (hidden.body as unknown as { code: string }).code]).toEqual([
      404,
      'c2c_application_not_found',
    ]);
    expect((await json('/api/v1/admin/private-application/a1', other)).status).toBe(403);
  });
});

describe('the administrator’s C2C reads', () => {
  test('the catalog, the deal list and its member filter', async () => {
    expect(ids((await json('/api/v1/admin/c2c-market', admin)).body, 'title')).toEqual(['BTC/KRW']);
    expect(
      ids(
        (await json(`/api/v1/admin/private-deal?member_seq=${owner.seq}&side=buy`, admin)).body,
        'deal_id',
      ),
    ).toEqual(['d2']);
    expect((await json('/api/v1/admin/private-deal/d2', admin)).status).toBe(200);
  });

  test('the application list pages and filters: deadline passed, disputed, member, market', async () => {
    const page = await json('/api/v1/admin/private-application?page_size=1&page=2', admin);
    expect([ids(page.body, 'application_id'), page.body.paging]).toEqual([
      ['a2'],
      { page: 2, page_size: 1, total: 2, total_pages: 2 },
    ]);
    expect(
      ids(
        (await json('/api/v1/admin/private-application?deadline_passed=true', admin)).body,
        'application_id',
      ),
    ).toEqual(['a2']);
    expect(
      ids(
        (await json('/api/v1/admin/private-application?disputed=true', admin)).body,
        'application_id',
      ),
    ).toEqual([]);
    expect(
      ids(
        (await json(`/api/v1/admin/private-application?member_seq=${other.seq}`, admin)).body,
        'application_id',
      ),
    ).toEqual([]);
    expect(
      ids(
        (await json('/api/v1/admin/private-application?market_seq=1&deal_id=d1', admin)).body,
        'application_id',
      ),
    ).toEqual(['a1', 'a2']);
    expect((await json('/api/v1/admin/private-application/a2', admin)).status).toBe(200);
  });
});

test('?after= reads a write at its position', async () => {
  const position = await c2c.deal('d3', publish('d3', 'sell', 'sellerFirst', owner.seq, at(0)));
  const answer = await json(`/api/v1/c2c/deal/d3?after=${position}`, buyer);
  expect(answer.status).toBe(200);
});
