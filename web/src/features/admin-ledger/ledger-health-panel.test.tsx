// @vitest-environment happy-dom
// Proves the books and reconciliation panel of account/list against msw: it shows the newest
// reconciliation run (status, when, revision, counts; a discrepancy's findings with their amounts
// exactly as sent, at most 20 rows), "not run yet" before the first run, the per-asset books with
// a non-zero sum flagged, and "Run now" posting `{}` without an Idempotency-Key, then showing the
// new run, or the localized refusal when a run is already in flight; "Run now" is offered only to
// an administrator whose access (GET /member/me) includes that route.
import '../../test-support/dom-environment.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import { problem, useApiServer } from '../../test-support/api-server.ts';
import { listAnswer, memberInfo, tokenAnswer } from '../../test-support/fixtures.ts';
import { fakeToken, renderApp, startI18n } from '../../test-support/render-app.tsx';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';

const server = useApiServer();
beforeAll(() => startI18n('en-US'));

/** A run the server answers with, or the problem code it refuses with. */
type Answer = { run: Record<string, unknown> } | { status: number; code: string };

let reconciliationAnswer: Answer;
let runAnswer: Answer;
let posts: { body: unknown; key: string | null }[] = [];
/** The caller's access to the admin console, as GET /member/me answers it. */
let meRequests = 0;
let access: { is_chief_administrator: boolean; permissions: { method: string; path: string }[] };

const okRun = () => ({
  run_id: '0197a1c2-0000-7000-8000-000000000001',
  status: 'ok',
  started_at: '2026-03-05T01:02:00.000Z',
  finished_at: '2026-03-05T01:02:03.000Z',
  checked_position: '5120:5120',
  checked_revision: '4096',
  accounts_checked: 1234,
  assets_checked: 3,
  findings_total: 0,
  counts: {
    NegativeBalance: 0,
    ProjectionMismatch: 0,
    LiabilitiesExceedHoldings: 0,
    ZeroSumBroken: 0,
    ReplayBroken: 0,
    ProjectionStopped: 0,
  },
  findings: [],
});

const mismatch = (index: number) => ({
  kind: 'ProjectionMismatch',
  account: `wallet:${100 + index}`,
  field: 'balance',
  projected: '1.00000000',
  replayed: '0.90000000',
});

const discrepancyRun = () => ({
  ...okRun(),
  status: 'discrepancy',
  findings_total: 30,
  counts: {
    ...okRun().counts,
    LiabilitiesExceedHoldings: 1,
    NegativeBalance: 1,
    ProjectionMismatch: 28,
  },
  // 22 stored findings: the panel shows the first 20.
  findings: [
    {
      kind: 'LiabilitiesExceedHoldings',
      asset: 'USDT',
      liabilities: '60.000000',
      holdings: '20.000000',
    },
    {
      kind: 'NegativeBalance',
      source: 'projected',
      account: 'wallet:21',
      asset: 'BTC',
      balance: '-0.50000000',
      available: '-0.75000000',
    },
    ...Array.from({ length: 20 }, (_, index) => mismatch(index)),
  ],
});

const book = (asset: string, sum: string) => ({
  asset,
  decimal_point: 8,
  system_accounts: [
    {
      account: `system:chainClearing:${asset}`,
      system_role: 'chainClearing',
      balance: '-1.50000000',
      holding_balance: '0.00000000',
      status: 'normal',
    },
    {
      account: `system:feeRevenue:${asset}`,
      system_role: 'feeRevenue',
      balance: '0.01000000',
      holding_balance: '0.00000000',
      status: 'normal',
    },
  ],
  member_accounts: 1200,
  member_balance_total: '1.49000000',
  member_holding_total: '0.25000000',
  system_balance_total: '-1.49000000',
  sum,
});

beforeEach(() => {
  posts = [];
  meRequests = 0;
  access = { is_chief_administrator: true, permissions: [] };
  reconciliationAnswer = { run: okRun() };
  runAnswer = { run: okRun() };
  server.use(
    http.post('/api/v1/auth/token/refresh', () => HttpResponse.json(tokenAnswer(fakeToken()))),
    http.get('/api/v1/member/me', () => {
      meRequests += 1;
      return HttpResponse.json({
        member_info: memberInfo({
          seq: 1,
          user_id: 'root',
          is_admin: access.is_chief_administrator,
        }),
        access,
      });
    }),
    http.get('/api/v1/otp', () => HttpResponse.json({ data: [] })),
    http.get('/api/v1/admin/account', () => HttpResponse.json(listAnswer([]))),
    http.get('/api/v1/admin/adjustment', () => HttpResponse.json(listAnswer([]))),
    http.get('/api/v1/admin/book', () =>
      HttpResponse.json({
        data: [book('BTC', '0.00000000'), book('ETH', '0.00000001')],
        projections: [],
      }),
    ),
    http.get('/api/v1/admin/ledger-reconciliation', () =>
      'run' in reconciliationAnswer
        ? HttpResponse.json({ data: reconciliationAnswer.run })
        : problem(reconciliationAnswer.status, reconciliationAnswer.code),
    ),
    http.post('/api/v1/admin/ledger-reconciliation', async ({ request }) => {
      posts.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
      return 'run' in runAnswer
        ? HttpResponse.json({ data: runAnswer.run }, { status: 201 })
        : problem(runAnswer.status, runAnswer.code);
    }),
  );
});

async function panel() {
  return screen.findByRole('region', { name: 'Books and reconciliation' });
}

/** The value a data-list label stands for. */
function shownFor(region: HTMLElement, label: string): string {
  const item = within(region).getByText(label).parentElement;
  return item?.textContent?.replace(label, '') ?? '';
}

test('an ok run and the per-asset books are shown, a non-zero sum flagged', async () => {
  renderApp('/admin/account/list');
  const region = await panel();
  expect(await within(region).findByText('No discrepancy')).toBeDefined();
  expect(shownFor(region, 'Finished')).toBe(formatDateTime('2026-03-05T01:02:03.000Z', 'en-US'));
  expect(shownFor(region, 'Ledger revision checked')).toBe('4096');
  expect(shownFor(region, 'Accounts checked')).toBe('1,234');
  expect(shownFor(region, 'Assets checked')).toBe('3');
  expect(shownFor(region, 'Findings')).toBe('0');
  expect(within(region).queryByRole('table', { name: 'Findings of the newest run' })).toBeNull();

  const books = await within(region).findByRole('table', { name: 'Books per asset' });
  const [header, btc, eth] = within(books).getAllByRole('row');
  expect(
    within(header as HTMLElement)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual([
    'Asset',
    'Member accounts',
    "Members' balance",
    "Members' holding",
    'System accounts',
    'Sum (must be 0)',
  ]);
  const cells = (row: HTMLElement | undefined) =>
    within(row as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
  expect(cells(btc)).toEqual([
    'BTC',
    '1,200',
    '1.49',
    '0.25',
    '-1.49Chain clearing-1.5Fee revenue0.01',
    '0',
  ]);
  expect(within(btc as HTMLElement).queryByText('Not zero')).toBeNull();
  // One satoshi off: the sum is named as not zero, in red.
  expect(cells(eth)?.at(-1)).toBe('Not zero0.00000001');
  const sum = within(eth as HTMLElement).getByText('0.00000001');
  expect(sum.getAttribute('style') ?? '').toContain('red');
});

test('a discrepancy lists its first 20 findings with the amounts exactly as sent', async () => {
  reconciliationAnswer = { run: discrepancyRun() };
  renderApp('/admin/account/list');
  const region = await panel();
  expect(await within(region).findByText('Discrepancy found')).toBeDefined();
  expect(shownFor(region, 'Findings')).toBe('30');
  expect(within(region).getByText('Liabilities exceed holdings: 1')).toBeDefined();
  expect(within(region).getByText('Projection mismatch: 28')).toBeDefined();
  expect(within(region).getByText('Showing the first 20 of 30 findings.')).toBeDefined();

  const findings = within(region).getByRole('table', { name: 'Findings of the newest run' });
  const rows = within(findings).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(20);
  const cells = (row: HTMLElement | undefined) =>
    within(row as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
  expect(cells(rows[0])).toEqual([
    'Liabilities exceed holdings',
    'USDT',
    'Liabilities 60.000000 exceed holdings 20.000000',
  ]);
  expect(cells(rows[1])).toEqual([
    'Negative balance',
    'wallet:21',
    'Balance -0.50000000, available -0.75000000 BTC (in the projection)',
  ]);
  expect(cells(rows[2])).toEqual([
    'Projection mismatch',
    'wallet:100',
    'balance: projected 1.00000000, replayed 0.90000000',
  ]);
  expect(cells(rows[19])?.[1]).toBe('wallet:117');
});

test('before the first run the panel says it has not run yet', async () => {
  reconciliationAnswer = { status: 404, code: 'reconciliation_not_run' };
  renderApp('/admin/account/list');
  const region = await panel();
  expect(await within(region).findByText('Not run yet')).toBeDefined();
  expect(
    within(region).getByText(
      'No reconciliation run is stored yet. The projector runs it on a schedule; you can also run it now.',
    ),
  ).toBeDefined();
  // Not an error: no alert, and the books are still there.
  expect(within(region).queryByRole('alert')).toBeNull();
  expect(within(region).queryByText('Ledger revision checked')).toBeNull();
  expect(await within(region).findByRole('table', { name: 'Books per asset' })).toBeDefined();
});

test('"Run now" posts {} to the write API and shows the new run', async () => {
  reconciliationAnswer = { status: 404, code: 'reconciliation_not_run' };
  runAnswer = { run: { ...discrepancyRun(), checked_revision: '5000', findings_total: 2 } };
  renderApp('/admin/account/list');
  const region = await panel();
  expect(await within(region).findByText('Not run yet')).toBeDefined();
  fireEvent.click(await within(region).findByRole('button', { name: 'Run reconciliation now' }));
  expect(await within(region).findByText('Discrepancy found')).toBeDefined();
  expect(posts).toEqual([{ body: {}, key: null }]);
  expect(within(region).queryByText('Not run yet')).toBeNull();
  expect(shownFor(region, 'Ledger revision checked')).toBe('5000');
  expect(within(region).getByRole('table', { name: 'Findings of the newest run' })).toBeDefined();
  expect(await screen.findByText('The reconciliation run finished.')).toBeDefined();
});

test('a run already in flight is refused, and the refusal is shown localized', async () => {
  runAnswer = { status: 409, code: 'reconciliation_running' };
  renderApp('/admin/account/list');
  const region = await panel();
  expect(await within(region).findByText('No discrepancy')).toBeDefined();
  fireEvent.click(await within(region).findByRole('button', { name: 'Run reconciliation now' }));
  const alert = await within(region).findByRole('alert');
  expect(alert.textContent).toBe(
    'A reconciliation run you asked for is still running. Try again shortly.',
  );
  expect(posts).toEqual([{ body: {}, key: null }]);
  // The run shown before stays.
  await waitFor(() =>
    expect(within(region).getByRole('button', { name: 'Run reconciliation now' })).toHaveProperty(
      'disabled',
      false,
    ),
  );
  expect(within(region).getByText('No discrepancy')).toBeDefined();
  expect(shownFor(region, 'Ledger revision checked')).toBe('4096');
});

test('"Run now" is offered only to an administrator whose roles grant that route', async () => {
  const granted = (method: string, path: string) => ({ method, path: `/api/v1/admin/${path}` });
  access = {
    is_chief_administrator: false,
    permissions: [
      granted('GET', 'account'),
      granted('GET', 'book'),
      granted('GET', 'ledger-reconciliation'),
    ],
  };
  const view = renderApp('/admin/account/list');
  let region = await panel();
  expect(await within(region).findByText('No discrepancy')).toBeDefined();
  expect(await within(region).findByRole('table', { name: 'Books per asset' })).toBeDefined();
  // Once the access is read (the user's query answers it too), and its answer handled:
  await waitFor(() => expect(meRequests).toBeGreaterThanOrEqual(1));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(within(region).queryByRole('button', { name: 'Run reconciliation now' })).toBeNull();
  view.unmount();

  access.permissions.push(granted('POST', 'ledger-reconciliation'));
  renderApp('/admin/account/list');
  region = await panel();
  expect(
    await within(region).findByRole('button', { name: 'Run reconciliation now' }),
  ).toBeDefined();
});
