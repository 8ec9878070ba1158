// @vitest-environment happy-dom
// Proves the administrator's withdraw/list against msw: rows show the holder name and status; approving asks for confirmation first and posts once; a re-send is preceded by the SPEC's duplicate warning and carries an Idempotency-Key; approve-all asks, posts, and says how many were approved; a rejection needs a reason.
import '../../test-support/dom-environment.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import { useApiServer } from '../../test-support/api-server.ts';
import { catalogAsset, listAnswer } from '../../test-support/fixtures.ts';
import { renderApp, startI18n } from '../../test-support/render-app.tsx';
import { signedInHandlers } from '../../test-support/signed-in.ts';
import { tableRowOf } from '../../test-support/table-rows.ts';

const server = useApiServer();

const preview = {
  dry_run: true,
  asset: null,
  requests: 3,
  per_asset: [
    { asset: 'BTC', requests: 1, total: '0.50000000' },
    { asset: 'KRW', requests: 2, total: '1234567' },
  ],
};
beforeAll(() => startI18n('en-US'));

let posted: { path: string; body: unknown; key: string | null }[] = [];

function withdrawal(id: string, status: string, holder: string) {
  return {
    withdrawal_id: id,
    member_seq: 12,
    account_seq: 16,
    asset: 'KRW',
    decimal_point: 0,
    request_amount: '10000',
    fee_type: 'deducted',
    fee_amount: '0',
    fee_asset: 'KRW',
    net_amount: '10000',
    withdraw_address: `addr-${holder}`,
    memo: null,
    bank_code: '088',
    withdraw_address_certification_seq: null,
    holder_name: holder,
    status,
    hold: 'placed',
    refusal: null,
    decided_by: null,
    reason: null,
    txid: status === 'sent' ? 'tx-1' : null,
    confirmed_txid: null,
    regdate: '2026-11-22T01:00:00.000Z',
    updated_at: '2026-11-22T01:00:00.000Z',
  };
}

const waiting = withdrawal('5f1c3a9e-0000-4000-8000-000000000001', 'requested', 'Alice Kim');
const sent = withdrawal('5f1c3a9e-0000-4000-8000-000000000002', 'sent', 'Bob Lee');

beforeEach(() => {
  posted = [];
  server.use(
    ...signedInHandlers({ seq: 9, user_id: 'root', is_admin: true }),
    http.get('/api/v1/admin/withdraw', () => HttpResponse.json(listAnswer([waiting, sent]))),
    http.get('/api/v1/admin/asset', () =>
      HttpResponse.json(
        listAnswer([catalogAsset('KRW', { decimal_point: 0 }), catalogAsset('BTC')]),
      ),
    ),
    http.post('/api/v1/admin/withdraw/approve-all', async ({ request }) => {
      const isDryRun = new URL(request.url).searchParams.get('dry_run') === 'true';
      posted.push({
        path: isDryRun ? 'approve-all dry run' : 'approve-all',
        body: await request.json(),
        key: null,
      });
      return HttpResponse.json({ data: isDryRun ? preview : { approved: 3 } });
    }),
    http.post('/api/v1/admin/withdraw/:id/:action', async ({ request, params }) => {
      posted.push({
        path: `${String(params.id)}/${String(params.action)}`,
        body: await request.json(),
        key: request.headers.get('idempotency-key'),
      });
      return HttpResponse.json({
        data: { withdrawal_id: String(params.id), status: 'sent', refusal: null },
        position: '20:1',
      });
    }),
  );
});

async function rowOf(holder: string): Promise<HTMLElement> {
  return tableRowOf(await screen.findByText(holder));
}

async function confirmDialog() {
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

test('approving asks first and posts once', async () => {
  renderApp('/admin/withdraw/list');
  const row = await rowOf('Alice Kim');
  expect(within(row).getByText('Requested')).toBeDefined();
  fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));
  expect(await screen.findByText(/10,000 KRW will be sent to addr-Alice Kim/)).toBeDefined();
  await confirmDialog();
  await waitFor(() =>
    expect(posted.map((call) => call.path)).toEqual([`${waiting.withdrawal_id}/approve`]),
  );
});

test('a re-send shows the duplicate warning first and carries an Idempotency-Key', async () => {
  renderApp('/admin/withdraw/list');
  const row = await rowOf('Bob Lee');
  fireEvent.click(within(row).getByRole('button', { name: 'More' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Re-send' }));
  expect(await screen.findByText(/\(Re\)transfers can be sent in duplicate/)).toBeDefined();
  await confirmDialog();
  await waitFor(() =>
    expect(posted.map((call) => call.path)).toEqual([`${sent.withdrawal_id}/resend`]),
  );
  expect(posted[0]?.key).toMatch(/.+/);
});

test("approve-all asks with the dry run's count and totals, and cancelling approves nothing", async () => {
  renderApp('/admin/withdraw/list');
  await rowOf('Alice Kim');
  fireEvent.click(screen.getByRole('button', { name: 'Approve all' }));
  const dialog = await screen.findByRole('dialog');
  expect(
    await within(dialog).findByText(
      /Requests to approve: 3\. 0\.5 BTC \(requests: 1\) and 1,234,567 KRW \(requests: 2\)\./,
    ),
  ).toBeDefined();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(posted.map((call) => call.path)).toEqual(['approve-all dry run']);
});

test('approve-all asks, posts and says how many; a rejection needs a reason', async () => {
  renderApp('/admin/withdraw/list');
  await rowOf('Alice Kim');
  fireEvent.click(screen.getByRole('button', { name: 'Approve all' }));
  await confirmDialog();
  expect(await screen.findByText('3 approved.')).toBeDefined();
  expect(posted.map((call) => call.path)).toEqual(['approve-all dry run', 'approve-all']);

  const row = await rowOf('Alice Kim');
  fireEvent.click(within(row).getByRole('button', { name: 'Reject' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reject the withdrawal' });
  expect(
    (within(dialog).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled,
  ).toBe(true);
  fireEvent.change(within(dialog).getByLabelText(/^Reason/), {
    target: { value: 'address on a watch list' },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  await waitFor(() =>
    expect(posted.at(-1)).toMatchObject({
      path: `${waiting.withdrawal_id}/reject`,
      body: { reason: 'address on a watch list' },
    }),
  );
});
