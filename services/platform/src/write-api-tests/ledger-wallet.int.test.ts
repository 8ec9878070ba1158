// Proves the wallet over HTTP end to end (writer, projector, both APIs): a member opens several
// accounts per asset, titles them, moves money between them, reads its accounts, balances, log and
// the balance at an instant with ?after= (an opening's answered position covers its title too); an
// administrator lists and views accounts, reads the books (sum 0) and freezes an account, after
// which it takes no debit but still a credit.
import { encodePosition } from '@ledger/event-store/postgres';
import { systemAccountId } from '@ledger/ledger';
import { walletAccountStream } from '@ledger/ledger-projections';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createLedgerTestKit,
  type LedgerTestKit,
  type LedgerTestMember,
} from '../testing/ledger-test-kit.ts';

const database = useTestDatabase();
let kit: LedgerTestKit;
let alice: LedgerTestMember;
let admin: LedgerTestMember;
const accounts: { seq: number; account_number: string }[] = [];
const two = () => accounts as unknown as [{ seq: number }, { seq: number }];

type Body<Data> = { data: Data; position: string | null };

async function json<Data>(response: Response): Promise<Body<Data>> {
  return (await response.json()) as Body<Data>;
}

async function fund(seq: number, amount: string): Promise<string> {
  // Deposits come with a later issue; chain clearing pays the account directly here.
  const result = await kit.writer.submit({
    commandId: kit.freshKey(),
    actor: 'system:test',
    command: {
      type: 'PostTransfer',
      data: {
        transferId: kit.freshKey(),
        legs: [
          {
            debit: systemAccountId('chainClearing', 'BTC'),
            credit: `wallet:${seq}`,
            asset: 'BTC',
            amount,
          },
        ],
        cause: 'deposit',
      },
    },
  });
  if (result.kind !== 'answered') throw new Error('funding failed');
  return result.position;
}

beforeAll(async () => {
  kit = await createLedgerTestKit(database());
  alice = await kit.member('alice');
  admin = await kit.administrator('admin');
  for (const title of ['Savings', 'Trading']) {
    const response = await kit.write(
      'POST',
      '/api/v1/account',
      { asset: 'BTC', title },
      { token: alice.token, key: kit.freshKey() },
    );
    expect(response.status).toBe(201);
    accounts.push((await json<{ seq: number; account_number: string }>(response)).data);
  }
  await kit.projected();
});
afterAll(async () => {
  await kit.close();
});

describe('a member’s wallet', () => {
  test('opening answers the new account; several per asset; an unknown asset is refused', async () => {
    expect(accounts).toHaveLength(2);
    expect(accounts[0]?.account_number).toMatch(/^1\d{3}-\d{4}-\d{4}$/);
    const unknown = await kit.write(
      'POST',
      '/api/v1/account',
      { asset: 'DOGE', title: 'x' },
      { token: alice.token, key: kit.freshKey() },
    );
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as { code: string }).code).toBe('asset_unknown');
  });

  test('a transfer between own accounts, then reads with ?after= see it', async () => {
    const [savings, trading] = two();
    await fund(savings.seq, '2.00000000');
    const moved = await kit.write(
      'POST',
      '/api/v1/account-transfer',
      { source_account_seq: savings.seq, target_account_seq: trading.seq, amount: '0.5' },
      { token: alice.token, key: kit.freshKey() },
    );
    expect(moved.status).toBe(201);
    const body = await json<{ amount: string; fee: string }>(moved);
    expect(body.data).toMatchObject({ amount: '0.50000000', fee: '0.00000000' });
    const list = await kit.read(`/api/v1/account?after=${body.position}&sort=seq&order=asc`, {
      token: alice.token,
    });
    expect(list.status).toBe(200);
    const listed = (await list.json()) as {
      data: { seq: number; balance: string; title: string }[];
      paging: { total: number };
    };
    expect(listed.paging.total).toBe(2);
    expect(listed.data.map((row) => [row.title, row.balance])).toEqual([
      ['Savings', '1.50000000'],
      ['Trading', '0.50000000'],
    ]);
    const log = (await (
      await kit.read(`/api/v1/account/${savings.seq}/balance-log?order=asc`, { token: alice.token })
    ).json()) as {
      data: { balance_change: string; balance_after: string; cause: string }[];
    };
    expect(log.data.map((row) => [row.cause, row.balance_change, row.balance_after])).toEqual([
      ['deposit', '2.00000000', '2.00000000'],
      ['internalTransfer', '-0.50000000', '1.50000000'],
    ]);
    expect(Object.keys(log.data[0] ?? {})).not.toContain('actor');
    const assets = (await (
      await kit.read('/api/v1/account-asset', { token: alice.token })
    ).json()) as {
      data: { asset: string; accounts: number; balance: string }[];
    };
    expect(assets.data.find((row) => row.asset === 'BTC')).toMatchObject({
      accounts: 2,
      balance: '2.00000000',
    });
  });

  test('the balance at an instant', async () => {
    const [savings] = two();
    const before = await kit.read(
      `/api/v1/account/${savings.seq}/balance?at=2000-01-01T00:00:00Z`,
      { token: alice.token },
    );
    expect((await json<{ balance: string; entry: string | null }>(before)).data).toMatchObject({
      balance: '0.00000000',
      entry: null,
    });
    const now = await kit.read(`/api/v1/account/${savings.seq}/balance`, { token: alice.token });
    expect((await json<{ balance: string }>(now)).data.balance).toBe('1.50000000');
  });

  test('the balance log counts both sides in its date range, on every page, past the end too', async () => {
    const [savings] = two();
    type Page = { data: { cause: string }[]; paging: { total: number; total_pages: number } };
    const page = async (query: string) =>
      (await (
        await kit.read(`/api/v1/account/${savings.seq}/balance-log?${query}`, {
          token: alice.token,
        })
      ).json()) as Page;
    const first = await page('page_size=1');
    expect(first.data.map((row) => row.cause)).toEqual(['internalTransfer']);
    expect(first.paging).toMatchObject({ total: 2, total_pages: 2 });
    const past = await page('page=3&page_size=1');
    expect(past.data).toEqual([]);
    expect(past.paging.total).toBe(2);
    const since = await page('date_from=2000-01-01T00:00:00Z&order=asc');
    expect(since.data.map((row) => row.cause)).toEqual(['deposit', 'internalTransfer']);
    expect(since.paging.total).toBe(2);
    const before = await page('date_from=2000-01-01T00:00:00Z&date_to=2000-01-02T00:00:00Z');
    expect(before).toMatchObject({ data: [], paging: { total: 0 } });
  });

  test('a title changes; a malformed one is refused', async () => {
    const [savings] = two();
    const changed = await kit.write(
      'PUT',
      `/api/v1/account/${savings.seq}`,
      { title: 'Rainy day' },
      { token: alice.token },
    );
    expect(changed.status).toBe(200);
    const { position } = await json(changed);
    const view = await kit.read(`/api/v1/account/${savings.seq}?after=${position}`, {
      token: alice.token,
    });
    expect((await json<{ title: string }>(view)).data.title).toBe('Rainy day');
    const bad = await kit.write(
      'PUT',
      `/api/v1/account/${savings.seq}`,
      { title: '' },
      { token: alice.token },
    );
    expect(bad.status).toBe(400);
  });

  test('an opening answers a position at or after its title, so ?after= shows the title', async () => {
    const carol = await kit.member('carol');
    const opened = await kit.write(
      'POST',
      '/api/v1/account',
      { asset: 'KRW', title: 'Cold storage' },
      { token: carol.token, key: kit.freshKey() },
    );
    expect(opened.status).toBe(201);
    const { data, position } = await json<{ seq: number }>(opened);
    // The title is its own stream's event, appended after the ledger's AccountOpened.
    const { rows } = await sql<{ tx: string; seq: string }>`SELECT transaction_id::text AS tx,
        global_seq::text AS seq FROM es_events
      WHERE stream_id = ${walletAccountStream(data.seq)} AND event_type = 'WalletAccountTitled'`.execute(
      database().db,
    );
    const titled = rows[0] === undefined ? undefined : encodePosition(rows[0].tx, rows[0].seq);
    expect(titled).toBeDefined();
    expect({
      position,
      atOrAfterTitle: position !== null && position >= (titled as string),
    }).toEqual({ position, atOrAfterTitle: true });
    const view = await kit.read(`/api/v1/account/${data.seq}?after=${position}`, {
      token: carol.token,
    });
    expect((await json<{ title: string }>(view)).data.title).toBe('Cold storage');
  });
});

describe('the administrator’s screens', () => {
  test('account list and view, the books sum to zero', async () => {
    await kit.projected();
    const list = await kit.read(`/api/v1/admin/account?member_seq=${alice.seq}`, {
      token: admin.token,
    });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { paging: { total: number } }).paging.total).toBe(2);
    // A title search: a substring in any case (the trigram index, migration 0035); `%` is literal
    // (one character: the title characters' index, migration 0037).
    const searched = (await (
      await kit.read(`/api/v1/admin/account?search=NY%20D&member_seq=${alice.seq}`, {
        token: admin.token,
      })
    ).json()) as { data: { title: string }[]; paging: { total: number } };
    // Savings was renamed Rainy day above.
    expect(searched.data.map((row) => row.title)).toEqual(['Rainy day']);
    expect(searched.paging.total).toBe(1);
    const literal = (await (
      await kit.read(`/api/v1/admin/account?search=${encodeURIComponent('%')}`, {
        token: admin.token,
      })
    ).json()) as { paging: { total: number } };
    expect(literal.paging.total).toBe(0);
    // Two characters have no trigram: the title characters' index answers them (migration 0037),
    // in any case.
    const short = (await (
      await kit.read(`/api/v1/admin/account?search=AI&member_seq=${alice.seq}`, {
        token: admin.token,
      })
    ).json()) as { data: { title: string }[]; paging: { total: number } };
    expect({ titles: short.data.map((row) => row.title), total: short.paging.total }).toEqual({
      titles: ['Rainy day'],
      total: 1,
    });
    // The member view's account tab: the same accounts, by its own route; a member may not read it.
    const tab = await kit.read(`/api/v1/admin/member/${alice.seq}/account?sort=seq&order=asc`, {
      token: admin.token,
    });
    const tabPage = (await tab.json()) as {
      data: { seq: number; member_seq: number }[];
      paging: { total: number };
    };
    expect(tabPage.paging.total).toBe(2);
    expect(tabPage.data.map((row) => row.member_seq)).toEqual([alice.seq, alice.seq]);
    expect(tabPage.data.map((row) => row.seq)).toEqual(
      two()
        .map((row) => row.seq)
        .sort((a, b) => a - b),
    );
    const denied = await kit.read(`/api/v1/admin/member/${alice.seq}/account`, {
      token: alice.token,
    });
    expect(denied.status).toBe(403);
    // account-transfer/list: alice's move between her own accounts; a member may not read it.
    const transfers = await kit.read('/api/v1/admin/account-transfer?asset=BTC', {
      token: admin.token,
    });
    const transferPage = (await transfers.json()) as {
      data: { cause: string; amount: string; from_account_seq: number; to_account_seq: number }[];
      paging: { total: number };
    };
    expect(transferPage.data).toEqual([
      expect.objectContaining({
        cause: 'internalTransfer',
        amount: '0.50000000',
        from_account_seq: two()[0]?.seq,
        to_account_seq: two()[1]?.seq,
      }),
    ]);
    expect(transferPage.paging.total).toBe(1);
    expect((await kit.read('/api/v1/admin/account-transfer', { token: alice.token })).status).toBe(
      403,
    );
    const [savings] = two();
    const view = await kit.read(`/api/v1/admin/account/${savings.seq}`, { token: admin.token });
    expect((await json<{ account: string; member_seq: number }>(view)).data).toMatchObject({
      account: `wallet:${savings.seq}`,
      member_seq: alice.seq,
    });
    const log = (await (
      await kit.read(`/api/v1/admin/account/${savings.seq}/balance-log`, { token: admin.token })
    ).json()) as {
      data: { actor: string }[];
    };
    expect(log.data[0]?.actor).toBe(`member:${alice.seq}`);
    const books = (await (await kit.read('/api/v1/admin/book', { token: admin.token })).json()) as {
      data: { asset: string; sum: string; system_accounts: unknown[] }[];
      projections: { failure: unknown }[];
    };
    expect(books.data.map((book) => [book.asset, book.sum, book.system_accounts.length])).toEqual([
      ['BTC', '0.00000000', 7],
      ['KRW', '0', 7],
    ]);
    expect(books.projections.every((projection) => projection.failure === null)).toBe(true);
  });

  test('a frozen account takes no debit but a credit; the reason is kept', async () => {
    const [savings, trading] = two();
    const frozen = await kit.write(
      'PUT',
      `/api/v1/admin/account/${trading.seq}/status`,
      { status: 'fraud', reason: 'Chargeback ring' },
      { token: admin.token },
    );
    expect(frozen.status).toBe(200);
    expect((await json(frozen)).data).toEqual({
      seq: trading.seq,
      status: 'fraud',
      status_previous: 'normal',
    });
    const again = await kit.write(
      'PUT',
      `/api/v1/admin/account/${trading.seq}/status`,
      { status: 'fraud', reason: 'again' },
      { token: admin.token },
    );
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('account_status_unchanged');
    const debit = await kit.write(
      'POST',
      '/api/v1/account-transfer',
      { source_account_seq: trading.seq, target_account_seq: savings.seq, amount: '0.1' },
      { token: alice.token, key: kit.freshKey() },
    );
    expect(debit.status).toBe(409);
    expect(((await debit.json()) as { code: string }).code).toBe('account_frozen');
    const credit = await kit.write(
      'POST',
      '/api/v1/account-transfer',
      { source_account_seq: savings.seq, target_account_seq: trading.seq, amount: '0.1' },
      { token: alice.token, key: kit.freshKey() },
    );
    expect(credit.status).toBe(201);
    await kit.projected();
    const view = await kit.read(`/api/v1/admin/account/${trading.seq}`, { token: admin.token });
    expect((await json<{ status: string; status_reason: string }>(view)).data).toMatchObject({
      status: 'fraud',
      status_reason: 'Chargeback ring',
    });
    const activity = (await (
      await kit.read(`/api/v1/admin/ledger-activity?account_seq=${trading.seq}`, {
        token: admin.token,
      })
    ).json()) as {
      data: { actor: string; action: string; detail: { reason: string } }[];
    };
    expect(activity.data[0]).toMatchObject({
      actor: `admin:${admin.seq}`,
      action: 'account_status',
      detail: { reason: 'Chargeback ring' },
    });
  });
});
