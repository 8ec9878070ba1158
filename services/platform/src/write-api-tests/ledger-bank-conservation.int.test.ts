// Proves T1 (bank conservation) over HTTP, Jepsen-bank style: 16 funded accounts of 4 members, 64
// concurrent clients mixing random transfers (amount 1–5 between different accounts; 30 % to
// another member's account, paying a fee to the one hot fee account) 50/50 with reads of every
// balance; every read keeps the invariants (exactly the 16 accounts, none below zero, the books
// sum to zero, members + fees = what chain clearing paid in), no request fails with a 5xx, and at
// the end the replayed ledger equals the projections and counts exactly the acknowledged
// transfers. LEDGER_T1_SECONDS=60 runs the long mode (default: a few seconds).
import { systemAccountId } from '@ledger/ledger';
import { replayLedger } from '@ledger/ledger-projections';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  createLedgerTestKit,
  type LedgerTestKit,
  type LedgerTestMember,
} from '../testing/ledger-test-kit.ts';

const seconds = Number(process.env.LEDGER_T1_SECONDS ?? '4');
const clients = 64;
const funding = 1_000;
const fee = 1;
const database = useTestDatabase();
let kit: LedgerTestKit;
let admin: LedgerTestMember;
const owners: LedgerTestMember[] = [];
const accounts: { seq: number; number: string; owner: LedgerTestMember }[] = [];

/** mulberry32: seeded, so a failing run replays. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

beforeAll(async () => {
  kit = await createLedgerTestKit(database(), {
    policy: { memberTransferScope: 'any_member', memberTransferFee: { KRW: String(fee) } },
  });
  admin = await kit.administrator('auditor');
  for (let index = 0; index < 4; index += 1) owners.push(await kit.member(`owner${index}`));
  for (const owner of owners) {
    for (let index = 0; index < 4; index += 1) {
      const response = await kit.write(
        'POST',
        '/api/v1/account',
        { asset: 'KRW', title: `A${index}` },
        { token: owner.token, key: kit.freshKey() },
      );
      const { data } = (await response.json()) as { data: { seq: number; account_number: string } };
      accounts.push({ seq: data.seq, number: data.account_number, owner });
      await kit.writer.submit({
        commandId: `fund:${data.seq}`,
        actor: 'system:t1',
        command: {
          type: 'PostTransfer',
          data: {
            transferId: `fund:${data.seq}`,
            legs: [
              {
                debit: systemAccountId('chainClearing', 'KRW'),
                credit: `wallet:${data.seq}`,
                asset: 'KRW',
                amount: String(funding),
              },
            ],
            cause: 'deposit',
          },
        },
      });
    }
  }
  await kit.projected();
}, 120_000);
afterAll(async () => {
  await kit.close();
});

type History = {
  transfers: number;
  acknowledged: number;
  refused: number;
  reads: number;
  statuses: Map<number, number>;
};

/** One read of every balance, checked: the set of accounts, no negative, the books. */
async function readAndCheck(): Promise<void> {
  const list = await kit.read('/api/v1/admin/account?asset=KRW&no_paging=1', {
    token: admin.token,
  });
  expect(list.status).toBe(200);
  const rows = (
    (await list.json()) as { data: { seq: number; balance: string; available_balance: string }[] }
  ).data;
  expect(rows.map((row) => row.seq).sort((a, b) => a - b)).toEqual(
    accounts.map((a) => a.seq).sort((a, b) => a - b),
  );
  for (const row of rows) {
    expect(BigInt(row.balance)).toBeGreaterThanOrEqual(0n);
    expect(BigInt(row.available_balance)).toBeGreaterThanOrEqual(0n);
  }
  expect(rows.reduce((sum, row) => sum + BigInt(row.balance), 0n)).toBeLessThanOrEqual(
    BigInt(16 * funding),
  );
  const books = await kit.read('/api/v1/admin/book', { token: admin.token });
  const krw = (
    (await books.json()) as {
      data: {
        asset: string;
        sum: string;
        member_balance_total: string;
        system_accounts: { account: string; system_role: string; balance: string }[];
      }[];
    }
  ).data.find((book) => book.asset === 'KRW');
  expect(krw?.sum).toBe('0');
  const balanceOf = (role: string) =>
    BigInt(krw?.system_accounts.find((row) => row.system_role === role)?.balance ?? 'x');
  expect(balanceOf('chainClearing')).toBe(BigInt(-16 * funding));
  expect(BigInt(krw?.member_balance_total ?? 'x') + balanceOf('feeRevenue')).toBe(
    BigInt(16 * funding),
  );
  for (const row of krw?.system_accounts ?? []) {
    if (row.system_role !== 'chainClearing' && row.system_role !== 'adjustmentEquity')
      expect(BigInt(row.balance)).toBeGreaterThanOrEqual(0n);
  }
}

async function transferOnce(random: () => number, history: History): Promise<void> {
  const source = accounts[Math.floor(random() * accounts.length)] as (typeof accounts)[number];
  const toOtherMember = random() < 0.3;
  const candidates = accounts.filter(
    (a) => a.seq !== source.seq && (a.owner === source.owner) !== toOtherMember,
  );
  const target = candidates[Math.floor(random() * candidates.length)] as (typeof accounts)[number];
  const amount = String(1 + Math.floor(random() * 5));
  const body = toOtherMember
    ? { source_account_seq: source.seq, target_account_number: target.number, amount }
    : { source_account_seq: source.seq, target_account_seq: target.seq, amount };
  const response = await kit.write('POST', '/api/v1/account-transfer', body, {
    token: source.owner.token,
    key: kit.freshKey(),
  });
  history.transfers += 1;
  history.statuses.set(response.status, (history.statuses.get(response.status) ?? 0) + 1);
  if (response.status === 201) history.acknowledged += 1;
  else if (response.status === 422) history.refused += 1;
  await response.arrayBuffer();
}

test(
  `T1: ${clients} clients for ${seconds} s keep every invariant on every read`,
  async () => {
    const history: History = {
      transfers: 0,
      acknowledged: 0,
      refused: 0,
      reads: 0,
      statuses: new Map(),
    };
    const deadline = Date.now() + seconds * 1_000;
    await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        const random = seededRandom(1_000 + client);
        while (Date.now() < deadline) {
          if (random() < 0.5) await transferOnce(random, history);
          else {
            await readAndCheck();
            history.reads += 1;
          }
        }
      }),
    );
    expect([...history.statuses.keys()].filter((status) => status >= 500)).toEqual([]);
    expect(history.acknowledged).toBeGreaterThan(0);
    expect(history.reads).toBeGreaterThan(0);

    // The end: the projections caught up equal the replayed ledger, and the log holds exactly the
    // acknowledged transfers.
    await kit.projected();
    await readAndCheck();
    const replay = await replayLedger(kit.eventStore);
    if (!replay.ok) throw new Error(`replay failed: ${replay.error}`);
    const { rows } = await sql<{ account: string; balance: string; held: string }>`
    SELECT account, balance::text, held::text FROM ledger_accounts WHERE kind <> 'limit' ORDER BY account`.execute(
      database().db,
    );
    expect(rows.map((row) => [row.account, row.balance, row.held])).toEqual(
      replay.balances.map((balance) => [balance.account, balance.balance, balance.held]),
    );
    const { rows: counted } = await sql<{
      count: string;
    }>`SELECT count(*)::text AS count FROM es_events
    WHERE stream_id = 'ledger' AND event_type = 'TransferPosted'
      AND data->>'cause' IN ('internalTransfer', 'memberTransfer')`.execute(database().db);
    expect(Number(counted[0]?.count)).toBe(history.acknowledged);
  },
  60_000 + seconds * 2_000,
);
