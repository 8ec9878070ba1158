// Proves the continuous reconciliation (T25) on a running system — a real ledger writer, the
// projector running its scheduled job every 100 ms, the query API: a healthy ledger is recorded
// ok; a projected balance corrupted by SQL and members credited from adjustment equity beyond
// what came in from the chain (Revolut) are each recorded as a discrepancy by the next scheduled
// run and raise the alert line with its stable code; the endpoint returns the run to an
// administrator and to a role holding its permission, 403 to a member and to a role without it;
// an administrator's on-demand run (write API) is stored and answered at once, one at a time; the
// newest run of a kind none has yet is a 404 with its stable code; every answer parses with the
// contract's schema (@ledger/contracts), the one the web app reads it with.
import { type ReconciliationRun, ReconciliationRunAnswerSchema } from '@ledger/contracts';
import { createDb } from '@ledger/db';
import { systemAccountId } from '@ledger/ledger';
import { reconciliationAlertCode } from '@ledger/projector';
import { createLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createLedgerTestKit,
  type LedgerTestKit,
  type LedgerTestMember,
} from '../testing/ledger-test-kit.ts';

const database = useTestDatabase();
const logLines: { level: string; line: Record<string, unknown> }[] = [];
let kit: LedgerTestKit;
let admin: LedgerTestMember;
let member: LedgerTestMember;
let mainSeq: number;
let savingsSeq: number;

/** Both endpoints' answers are read through the contract's schema: a field it lacks fails here. */
const runOf = async (response: Response) =>
  ReconciliationRunAnswerSchema.parse(await response.json()).data;

async function openAccount(title: string): Promise<number> {
  const response = await kit.write(
    'POST',
    '/api/v1/account',
    { asset: 'BTC', title },
    { token: member.token, key: kit.freshKey() },
  );
  return ((await response.json()) as { data: { seq: number } }).data.seq;
}

beforeAll(async () => {
  kit = await createLedgerTestKit(database(), {
    // One administrator's credit up to 100 BTC executes at once.
    policy: { adjustmentSingleApprovalMax: { BTC: '100' } },
    reconciliation: { intervalMs: 100 },
    projectorLogger: createLogger({ service: 'projector' }, (level, line) => {
      logLines.push({ level, line: JSON.parse(line) as Record<string, unknown> });
    }),
  });
  admin = await kit.administrator('auditor');
  member = await kit.member('holder');
  mainSeq = await openAccount('Main');
  savingsSeq = await openAccount('Savings');
  // 3 BTC arrive from the chain (as the chain scanner credits a deposit), then move between the
  // member's own accounts, 1 BTC held by a withdrawal-like hold.
  const submit = async (commandId: string, command: object) => {
    const result = await kit.writer.submit({ commandId, actor: 'system:test', command } as never);
    if (result.kind !== 'answered' || result.answer.kind !== 'accepted') {
      throw new Error(`${commandId}: ${JSON.stringify(result)}`);
    }
  };
  await submit('deposit:1', {
    type: 'PostTransfer',
    data: {
      transferId: 'deposit:1',
      legs: [
        {
          debit: systemAccountId('chainClearing', 'BTC'),
          credit: `wallet:${mainSeq}`,
          asset: 'BTC',
          amount: '3.00000000',
        },
      ],
      cause: 'deposit',
    },
  });
  const moved = await kit.write(
    'POST',
    '/api/v1/account-transfer',
    { source_account_seq: mainSeq, target_account_seq: savingsSeq, amount: '1.25' },
    { token: member.token, key: kit.freshKey() },
  );
  if (moved.status !== 201) throw new Error(`transfer: ${moved.status} ${await moved.text()}`);
  await submit('hold:1', {
    type: 'PlaceHold',
    data: {
      holdId: 'hold:1',
      account: `wallet:${mainSeq}`,
      amount: '1.00000000',
      reason: 'withdrawal',
    },
  });
  await kit.projected();
}, 60_000);
afterAll(async () => {
  await kit.close();
});

/** The first run the scheduled job STARTS after now (so it saw everything done before). */
async function nextScheduledRun(): Promise<ReconciliationRun> {
  const since = new Date();
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const { rows } = await sql<{ run_id: string }>`SELECT r.run_id::text AS run_id
      FROM ledger_reconciliation_runs r WHERE r.started_at >= ${since}
      ORDER BY r.run_id LIMIT 1`.execute(database().db);
    if (rows[0] !== undefined) {
      const response = await kit.read('/api/v1/admin/ledger-reconciliation', {
        token: admin.token,
      });
      expect(response.status).toBe(200);
      const run = await runOf(response);
      expect(BigInt(run.run_id)).toBeGreaterThanOrEqual(BigInt(rows[0].run_id));
      return run;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no scheduled reconciliation run');
}

const alerts = () =>
  logLines.filter(
    (entry) => entry.level === 'error' && entry.line.code === reconciliationAlertCode,
  );

describe('before any run of a kind is stored', () => {
  test('the newest run with a status none has yet is 404 reconciliation_not_run', async () => {
    // Runs so far found nothing (the ledger is healthy until the tests below corrupt it).
    const response = await kit.read('/api/v1/admin/ledger-reconciliation?status=discrepancy', {
      token: admin.token,
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(((await response.json()) as { code: string }).code).toBe('reconciliation_not_run');
  });
});

describe('the scheduled run', () => {
  test('a healthy ledger is recorded ok, with nothing to alert', async () => {
    const run = await nextScheduledRun();
    expect(run).toMatchObject({ status: 'ok', findings_total: 0, findings: [] });
    // 7 system accounts in each of 2 assets, and the member's 2 accounts.
    expect(run.accounts_checked).toBe(16);
    expect(run.assets_checked).toBe(2);
    expect(run.checked_position).not.toBeNull();
    expect(alerts()).toEqual([]);
    expect(kit.projector.reconciliation()).toMatchObject({
      discrepancies: 0,
      last: { status: 'ok' },
    });
  });

  test('a projected balance corrupted by SQL is a projection mismatch, alerted', async () => {
    await sql`UPDATE ledger_accounts SET balance = balance + 1000
      WHERE account = ${`wallet:${savingsSeq}`}`.execute(database().db);
    try {
      const run = await nextScheduledRun();
      expect(run.status).toBe('discrepancy');
      expect(run.findings).toEqual([
        {
          kind: 'ProjectionMismatch',
          account: `wallet:${savingsSeq}`,
          field: 'balance',
          projected: '1001.25000000',
          replayed: '1.25000000',
        },
      ]);
      expect(run.counts).toMatchObject({ ProjectionMismatch: 1, NegativeBalance: 0 });
      const alert = alerts().at(-1)?.line;
      expect(alert).toMatchObject({
        message: 'ledger reconciliation found a discrepancy',
        service: 'projector',
        findingsTotal: 1,
        counts: { ProjectionMismatch: 1 },
      });
      expect(kit.projector.reconciliation()?.discrepancies).toBeGreaterThan(0);
    } finally {
      await sql`UPDATE ledger_accounts SET balance = balance - 1000
        WHERE account = ${`wallet:${savingsSeq}`}`.execute(database().db);
    }
    expect((await nextScheduledRun()).status).toBe('ok');
  });

  test('members credited from adjustment equity beyond the chain inflow: liabilities exceed holdings', async () => {
    const alertsBefore = alerts().length;
    const credited = await kit.write(
      'POST',
      '/api/v1/admin/adjustment',
      {
        account_seq: savingsSeq,
        direction: 'credit',
        amount: '5',
        reason: 'Refund of a declined card payment',
      },
      { token: admin.token, key: kit.freshKey() },
    );
    expect(credited.status).toBe(201);
    await kit.projected();
    const run = await nextScheduledRun();
    expect(run.status).toBe('discrepancy');
    // The projection is faithful (no mismatch) and nothing is negative where it may not be:
    // only the comparison with what the exchange holds catches it.
    expect(run.findings).toEqual([
      {
        kind: 'LiabilitiesExceedHoldings',
        asset: 'BTC',
        liabilities: '8.00000000',
        holdings: '3.00000000',
      },
    ]);
    expect(alerts().length).toBeGreaterThan(alertsBefore);
  });
});

describe('POST /api/v1/admin/ledger-reconciliation (on demand)', () => {
  const path = '/api/v1/admin/ledger-reconciliation';

  test('an administrator runs it now: stored, answered with its findings', async () => {
    const response = await kit.write('POST', path, {}, { token: admin.token });
    expect(response.status).toBe(201);
    const run = await runOf(response);
    expect(run).toMatchObject({
      status: 'discrepancy',
      accounts_checked: 16,
      findings: [{ kind: 'LiabilitiesExceedHoldings', asset: 'BTC' }],
    });
    const { rows } = await sql<{ status: string }>`SELECT status FROM ledger_reconciliation_runs
      WHERE run_id = ${run.run_id}::bigint`.execute(database().db);
    expect(rows).toEqual([{ status: 'discrepancy' }]);
  });

  test('one at a time per process: a second request meanwhile is 409', async () => {
    // The first run is held at storing its result by a lock taken on the runs table elsewhere.
    const locker = createDb({ url: database().url, poolSizeMax: 1 });
    let first: Promise<Response> | Response | undefined;
    try {
      await locker.transaction().execute(async (trx) => {
        await sql`LOCK TABLE ledger_reconciliation_runs IN ACCESS EXCLUSIVE MODE`.execute(trx);
        first = kit.write('POST', path, {}, { token: admin.token });
        for (let tries = 0; tries < 400; tries += 1) {
          const { rows } = await sql<{ waiting: string }>`SELECT count(*)::text AS waiting
            FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
            WHERE c.relname = 'ledger_reconciliation_runs' AND NOT l.granted`.execute(trx);
          if (rows[0]?.waiting !== '0') break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        const second = await kit.write('POST', path, {}, { token: admin.token });
        expect(second.status).toBe(409);
        expect(((await second.json()) as { code: string }).code).toBe('reconciliation_running');
      });
    } finally {
      await locker.destroy();
    }
    expect((await first)?.status).toBe(201);
    expect((await kit.write('POST', path, {}, { token: admin.token })).status).toBe(201);
  });

  test('a member gets 403, a body with anything in it 400', async () => {
    const refused = await kit.write('POST', path, {}, { token: member.token });
    expect(refused.status).toBe(403);
    const invalid = await kit.write('POST', path, { full: true }, { token: admin.token });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { code: string }).code).toBe('validation_failed');
  });
});

describe('GET /api/v1/admin/ledger-reconciliation', () => {
  const path = '/api/v1/admin/ledger-reconciliation';

  async function roleHolder(name: string, permissions: { method: string; path: string }[]) {
    const role = await kit.write(
      'POST',
      '/api/v1/admin/acs/role',
      { name, permissions },
      {
        token: admin.token,
        key: kit.freshKey(),
      },
    );
    expect(role.status).toBe(201);
    const roleId = ((await role.json()) as { data: { role_id: string } }).data.role_id;
    const holder = await kit.member(name.toLowerCase());
    const granted = await kit.write(
      'PUT',
      `/api/v1/admin/member/${holder.seq}/roles`,
      { role_ids: [roleId] },
      { token: admin.token, key: kit.freshKey() },
    );
    expect(granted.status).toBe(200);
    await kit.projected();
    return (await kit.login(holder)).token;
  }

  test('an administrator reads the newest run, or the newest with a status', async () => {
    const latest = await kit.read(path, { token: admin.token });
    expect(latest.status).toBe(200);
    expect(latest.headers.get('cache-control')).toBe('no-store');
    expect((await runOf(latest)).status).toBe('discrepancy');
    const ok = await kit.read(`${path}?status=ok`, { token: admin.token });
    expect((await runOf(ok)).status).toBe('ok');
  });

  test('a role holding the permission reads it; a role without it and a member get 403', async () => {
    const auditor = await roleHolder('Auditor', [{ method: 'GET', path }]);
    expect((await kit.read(path, { token: auditor })).status).toBe(200);
    const bookkeeper = await roleHolder('Bookkeeper', [
      { method: 'GET', path: '/api/v1/admin/book' },
    ]);
    const refused = await kit.read(path, { token: bookkeeper });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('forbidden');
    const plain = await kit.read(path, { token: member.token });
    expect(plain.status).toBe(403);
    expect(((await plain.json()) as { code: string }).code).toBe('forbidden');
    expect((await kit.read(path)).status).toBe(401);
  });

  test('the query is strict', async () => {
    for (const query of ['?status=broken', '?status=', '?run=1']) {
      const response = await kit.read(`${path}${query}`, { token: admin.token });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe('validation_failed');
    }
  });
});
