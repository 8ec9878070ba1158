// @vitest-environment happy-dom
// Proves the admin ledger screens against msw: account/list sends its filters as the API's list
// query; the account view names its owner and reads the balance at an instant; the status change
// asks for a reason and sends normal ↔ fraud with it; the forced adjustment shows the liability
// warning, keeps its button disabled until the displayed phrase is typed exactly, checks amount
// and reason, says from the settings' threshold whether a second administrator must approve, and
// sends one proposal with an Idempotency-Key; the proposer's own approval is
// refused by the server and that refusal is shown localized, as is why the ledger refused a
// failed adjustment; the balance-log tab names who acted in words, linked to the member's view.
import '../../test-support/dom-environment.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import { problem, useApiServer } from '../../test-support/api-server.ts';
import { listAnswer, memberInfo } from '../../test-support/fixtures.ts';
import { renderApp, startI18n } from '../../test-support/render-app.tsx';
import { signedInHandlers } from '../../test-support/signed-in.ts';

const server = useApiServer();
beforeAll(() => startI18n('en-US'));

let status: 'normal' | 'fraud';
let listQueries: URLSearchParams[] = [];
let writes: { path: string; key: string | null; body: unknown }[] = [];
let adjustments: Record<string, unknown>[] = [];
let balanceAsked: string[] = [];

const account = () => ({
  seq: 21,
  member_seq: 7,
  title: 'Trading',
  account_number: '1000-0000-0214',
  asset: 'BTC',
  decimal_point: 8,
  balance: '1.50000000',
  holding_balance: '0.25000000',
  available_balance: '1.25000000',
  status,
  regdate: '2026-03-01T00:00:00.000Z',
  account: 'wallet:21',
  status_reason: status === 'fraud' ? 'Chargeback ring' : null,
  status_noted_at: status === 'fraud' ? '2026-03-02T00:00:00.000Z' : null,
  status_noted_by: status === 'fraud' ? 'admin:1' : null,
  holds: [
    {
      hold_id: 'hold-1',
      amount: '0.25000000',
      reason: 'withdrawal',
      placed_at: '2026-03-02T00:00:00.000Z',
      expires_at: null,
    },
  ],
});

const logRow = (overrides: Record<string, unknown>) => ({
  entry: '1',
  occurred_at: '2026-03-02T00:00:00.000Z',
  type: 'TransferPosted',
  cause: 'deposit',
  transfer_id: 'transfer-1',
  hold_id: null,
  asset: 'BTC',
  amount: '0.10000000',
  side: 'credit',
  balance_change: '0.10000000',
  balance_after: '1.50000000',
  holding_balance_after: '0.25000000',
  available_after: '1.25000000',
  counter_account_number: null,
  counter_kind: 'system',
  counter_system_role: 'adjustmentEquity',
  counter_account: 'system:adjustmentEquity:BTC',
  actor: 'member:7',
  command_id: 'command-1',
  ...overrides,
});

const proposal = (id: string, proposedBy: number) => ({
  adjustment_id: id,
  status: 'proposed',
  approval_required: true,
  account_seq: 21,
  member_seq: 7,
  asset: 'BTC',
  direction: 'credit',
  amount: '0.10000000',
  reason: 'Outage compensation',
  proposed_by: proposedBy,
  proposed_at: '2026-03-03T00:00:00.000Z',
  decided_by: null,
  decided_at: null,
  decision_reason: null,
  transfer_id: null,
  executed_at: null,
  failure: null,
});

beforeEach(() => {
  status = 'normal';
  listQueries = [];
  writes = [];
  balanceAsked = [];
  adjustments = [
    proposal('7a1c0e52-8f3b-4d7e-9a61-2b5c4d3e2f10', 1),
    {
      ...proposal('5e4d3c2b-1a09-4f8e-8d7c-6b5a49382716', 2),
      direction: 'debit',
      status: 'failed',
      decided_by: 1,
      failure: { type: 'AccountFrozen', account: 'wallet:21' },
    },
  ];
  server.use(
    ...signedInHandlers({ seq: 1, user_id: 'root', is_admin: true }),
    http.get('/api/v1/admin/account', ({ request }) => {
      listQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json(listAnswer([account()]));
    }),
    http.get('/api/v1/admin/account/21', () => HttpResponse.json({ data: account() })),
    http.get('/api/v1/admin/member/7', () =>
      HttpResponse.json({ data: { ...memberInfo({ seq: 7, user_id: 'dora' }), role_ids: [] } }),
    ),
    http.get('/api/v1/admin/account/21/balance-log', () =>
      HttpResponse.json(
        listAnswer([
          logRow({ entry: '2', actor: 'admin:1', cause: 'adjustment', command_id: 'command-2' }),
          logRow({ entry: '1', actor: 'system:seed', command_id: 'command-1' }),
        ]),
      ),
    ),
    http.get('/api/v1/admin/account/21/balance', ({ request }) => {
      balanceAsked.push(new URL(request.url).searchParams.get('at') ?? '');
      return HttpResponse.json({
        data: {
          seq: 21,
          asset: 'BTC',
          at: '2026-03-02T03:00:00.000Z',
          balance: '1.00000000',
          holding_balance: '0.00000000',
          available_balance: '1.00000000',
          entry: '1025',
        },
      });
    }),
    http.get('/api/v1/admin/setting', () =>
      HttpResponse.json({
        data: [
          { key: 'otp.maximumCount', value: 1 },
          { key: 'ledger.accountsPerAssetMax', value: 20 },
          { key: 'ledger.memberTransferScope', value: 'own_accounts' },
          { key: 'ledger.memberTransferFee', value: {} },
          { key: 'ledger.adjustmentSingleApprovalMax', value: { BTC: '0.5' } },
        ],
      }),
    ),
    http.get('/api/v1/admin/book', () =>
      HttpResponse.json({
        data: [
          {
            asset: 'BTC',
            decimal_point: 8,
            system_accounts: [
              {
                account: 'system:chainClearing:BTC',
                system_role: 'chainClearing',
                balance: '-1.50000000',
                holding_balance: '0.00000000',
                status: 'normal',
              },
            ],
            member_accounts: 1,
            member_balance_total: '1.50000000',
            member_holding_total: '0.25000000',
            system_balance_total: '-1.50000000',
            sum: '0.00000000',
          },
        ],
        projections: [],
      }),
    ),
    // account/list also shows the newest reconciliation run (ledger-health-panel.test.tsx).
    http.get('/api/v1/admin/ledger-reconciliation', () => problem(404, 'reconciliation_not_run')),
    http.get('/api/v1/admin/adjustment', ({ request }) => {
      const wanted = new URL(request.url).searchParams.get('status');
      return HttpResponse.json(
        listAnswer(adjustments.filter((row) => wanted === null || row.status === wanted)),
      );
    }),
    http.put('/api/v1/admin/account/21/status', async ({ request }) => {
      const body = (await request.json()) as { status: 'normal' | 'fraud' };
      writes.push({ path: 'status', key: request.headers.get('idempotency-key'), body });
      status = body.status;
      return HttpResponse.json({ data: { seq: 21, status }, position: '50:1' });
    }),
    http.post('/api/v1/admin/adjustment', async ({ request }) => {
      writes.push({
        path: 'propose',
        key: request.headers.get('idempotency-key'),
        body: await request.json(),
      });
      const created = proposal('0b9f6a1d-2c3e-4f50-8a7b-6c5d4e3f2a10', 1);
      adjustments = [created, ...adjustments];
      return HttpResponse.json({ data: created, position: '50:2' }, { status: 201 });
    }),
    http.post('/api/v1/admin/adjustment/:id/approve', ({ request }) => {
      writes.push({ path: 'approve', key: request.headers.get('idempotency-key'), body: {} });
      return problem(403, 'self_approval_forbidden');
    }),
  );
});

test('account/list sends its filters as the list query and links each account', async () => {
  const app = renderApp('/admin/account/list?status=fraud&asset=BTC');
  expect(await screen.findByRole('heading', { level: 1, name: 'Accounts' })).toBeDefined();
  expect((await screen.findAllByText('Trading')).length).toBeGreaterThan(0);
  await waitFor(() => expect(listQueries.at(-1)?.get('status')).toBe('fraud'));
  expect(listQueries.at(-1)?.get('asset')).toBe('BTC');
  expect(screen.getByRole('link', { name: '1000-0000-0214' }).getAttribute('href')).toBe(
    '/admin/account/21/view',
  );
  expect(screen.getAllByRole('link', { name: 'Member #7' })[0]?.getAttribute('href')).toBe(
    '/admin/member/7/view',
  );
  // The pending approvals below the list.
  expect(await screen.findByText('Outage compensation')).toBeDefined();
  expect(app.location().pathname).toBe('/admin/account/list');
});

test('the status change needs a reason and sends normal ↔ fraud with it', async () => {
  renderApp('/admin/account/21/view');
  expect(await screen.findByText('withdrawal')).toBeDefined();
  // The owner is named by its user id in the frame, and linked to its member view.
  await waitFor(() =>
    expect(
      screen.getAllByRole('link', { name: 'dora' }).map((link) => link.getAttribute('href')),
    ).toEqual(['/admin/member/7/view', '/admin/member/7/view']),
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Freeze (fraud)' }));
  const dialog = await screen.findByRole('dialog', { name: 'Freeze the account as fraud' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Freeze' }));
  expect(await within(dialog).findByText('This is required.')).toBeDefined();
  expect(writes).toEqual([]);
  fireEvent.change(within(dialog).getByLabelText(/^Reason/), {
    target: { value: 'Chargeback ring' },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Freeze' }));
  expect(await screen.findByText('The account is frozen.')).toBeDefined();
  expect(writes).toEqual([
    {
      path: 'status',
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      body: { status: 'fraud', reason: 'Chargeback ring' },
    },
  ]);
  expect(await screen.findByRole('button', { name: 'Unfreeze (normal)' })).toBeDefined();
  // Who froze it is named in words, not as the raw actor id.
  expect(await screen.findByText(/ by Administrator \(No\. 1\)$/)).toBeDefined();
  expect(screen.queryByText(/admin:1/)).toBeNull();
});

test('a forced adjustment needs the typed phrase, a valid amount and a reason', async () => {
  renderApp('/admin/account/21/view');
  fireEvent.click(await screen.findByRole('button', { name: 'Forced adjustment' }));
  const dialog = await screen.findByRole('dialog', {
    name: 'Propose a forced balance adjustment',
  });
  expect(within(dialog).getByText('Warning: civil and criminal liability')).toBeDefined();
  const submit = within(dialog).getByRole('button', { name: 'Propose the adjustment' });
  expect(submit).toHaveProperty('disabled', true);
  const phrase = within(dialog).getByLabelText('Verification phrase').textContent ?? '';
  expect(phrase).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  const typed = within(dialog).getByLabelText('Type the verification phrase');
  fireEvent.change(typed, { target: { value: phrase.toLowerCase() } });
  expect(submit).toHaveProperty('disabled', true);
  expect(within(dialog).getByText('The phrase does not match.')).toBeDefined();
  fireEvent.change(typed, { target: { value: phrase } });
  expect(submit).toHaveProperty('disabled', false);

  // Amount and reason are checked before anything is sent; a decrease is bounded by the available.
  fireEvent.click(submit);
  expect(await within(dialog).findAllByText('This is required.')).toHaveLength(2);
  fireEvent.click(within(dialog).getByRole('radio', { name: 'Decrease (debit)' }));
  fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: '1.3' } });
  fireEvent.change(within(dialog).getByLabelText(/^Reason/), {
    target: { value: 'Duplicate credit, ticket 88' },
  });
  fireEvent.click(submit);
  expect(
    await within(dialog).findByText('A decrease cannot exceed the available balance.'),
  ).toBeDefined();
  expect(writes).toEqual([]);
  // The single-approval threshold (0.5 BTC in the settings) says beforehand who must approve.
  expect(
    await within(dialog).findByText(
      "This amount needs a second administrator's approval before it is executed.",
    ),
  ).toBeDefined();
  fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: '0.2' } });
  expect(
    await within(dialog).findByText(
      'This amount is within the single-approval limit: it is executed on your proposal alone.',
    ),
  ).toBeDefined();
  fireEvent.click(submit);
  expect(
    await screen.findByText('The adjustment was proposed. Another administrator must approve it.'),
  ).toBeDefined();
  expect(writes).toEqual([
    {
      path: 'propose',
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      body: {
        account_seq: 21,
        direction: 'debit',
        amount: '0.2',
        reason: 'Duplicate credit, ticket 88',
      },
    },
  ]);
});

test("the proposer's own approval is refused, and the refusal is shown localized", async () => {
  renderApp('/admin/account/21/view');
  const table = await screen.findByRole('table', { name: 'Forced adjustments of this account' });
  fireEvent.click(within(table).getByRole('button', { name: 'Approve' }));
  const confirm = await screen.findByRole('dialog', { name: 'Approve the forced adjustment' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
  expect(
    await screen.findByText('You proposed this adjustment. Another administrator must approve it.'),
  ).toBeDefined();
  expect(writes.map((write) => write.path)).toEqual(['approve']);
  // A failed adjustment says why the ledger refused it.
  expect(within(table).getByText('Failed')).toBeDefined();
  expect(within(table).getByText('This account is frozen. No money can leave it.')).toBeDefined();
});

test('the balance at an instant is read for the instant typed', async () => {
  renderApp('/admin/account/21/view');
  const form = await screen.findByRole('form', { name: 'Balance at an instant' });
  fireEvent.change(within(form).getByLabelText(/^Instant/), {
    target: { value: '2026-03-02T12:00:00' },
  });
  fireEvent.click(within(form).getByRole('button', { name: 'Show' }));
  expect(await screen.findByText(/^As of /)).toBeDefined();
  expect(balanceAsked).toEqual([new Date('2026-03-02T12:00:00').toISOString()]);
  expect(screen.getAllByText('1 BTC').length).toBeGreaterThan(0);
});

test('the balance-log tab names who acted in words, linked, with the raw actor id on hover', async () => {
  renderApp('/admin/account/21/balance-log');
  const administrator = await screen.findByRole('link', { name: 'Administrator (No. 1)' });
  expect(administrator.getAttribute('href')).toBe('/admin/member/1/view');
  expect(administrator.closest('[title]')?.getAttribute('title')).toBe('admin:1');
  // The system is named, not linked.
  const system = screen.getByText('System (seed)');
  expect(system.closest('a')).toBeNull();
  expect(system.getAttribute('title')).toBe('system:seed');
  expect(screen.queryByText('admin:1')).toBeNull();
  expect(screen.getByText('command-2')).toBeDefined();
});
