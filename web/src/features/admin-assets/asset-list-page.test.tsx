// @vitest-environment happy-dom
// Proves the admin asset/list screen against msw: the catalog is listed with its frozen flag, registering an asset sends the code, decimal point, settings and a withdrawal fee in another asset as the API expects (amounts typed in the locale's separators, at the scale of their asset), editing never sends a new decimal point, and freezing needs a reason; refusals are localized; a chain reorg alert (a frozen asset) shows in a banner above the list and on its row with the reason and the time of the freeze, and the banner lifts it.
import '../../test-support/dom-environment.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import { problem, useApiServer } from '../../test-support/api-server.ts';
import { catalogAsset as asset, listAnswer } from '../../test-support/fixtures.ts';
import { renderApp, startI18n } from '../../test-support/render-app.tsx';
import { signedInHandlers } from '../../test-support/signed-in.ts';

const server = useApiServer();
beforeAll(() => startI18n('en-US'));

let writes: { method: string; path: string; body: unknown }[];
let createAnswer: () => Response;

beforeEach(() => {
  writes = [];
  createAnswer = () =>
    HttpResponse.json({ data: { code: 'XRP' }, position: '9:1' }, { status: 201 });
  server.use(
    ...signedInHandlers({ seq: 1, user_id: 'admin', is_admin: true }),
    http.get('/api/v1/admin/asset', () =>
      HttpResponse.json(
        listAnswer([
          asset('KRW', { decimal_point: 0, minimum_deposit: '1000', title: 'Korean won' }),
          asset('BTC', {
            title: 'Bitcoin',
            is_frozen: true,
            frozen_reason: 'ALERT: chain reorg of depth 400 at height 12 on sim-btc',
            frozen_at: '2026-03-02T03:04:00.000Z',
          }),
        ]),
      ),
    ),
    http.post('/api/v1/admin/asset', async ({ request }) => {
      writes.push({ method: 'POST', path: 'admin/asset', body: await request.json() });
      return createAnswer();
    }),
    http.put('/api/v1/admin/asset/:code', async ({ request, params }) => {
      writes.push({
        method: 'PUT',
        path: `admin/asset/${params.code}`,
        body: await request.json(),
      });
      return HttpResponse.json({ data: { code: params.code }, position: '9:2' });
    }),
    http.put('/api/v1/admin/asset/:code/freeze', async ({ request, params }) => {
      writes.push({
        method: 'PUT',
        path: `admin/asset/${params.code}/freeze`,
        body: await request.json(),
      });
      return HttpResponse.json({ data: { code: params.code }, position: '9:3' });
    }),
  );
});

test('registers an asset with a fee in another asset; a refusal is localized', {
  timeout: 60_000,
}, async () => {
  renderApp('/admin/asset/list');
  expect(await screen.findByText('Korean won', {}, { timeout: 20_000 })).toBeDefined();
  expect(screen.getByText('Deposits and withdrawals frozen')).toBeDefined();
  fireEvent.click(screen.getByRole('button', { name: 'Register an asset' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText(/^Code/), { target: { value: 'xrp' } });
  fireEvent.change(within(dialog).getByLabelText(/^Decimal point/), { target: { value: '6' } });
  fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'XRP' } });
  fireEvent.click(within(dialog).getByLabelText('Memo required'));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add a fee' }));
  fireEvent.change(within(dialog).getByLabelText(/^Fee asset/), { target: { value: 'KRW' } });
  // Amounts are typed in the locale's separators, at the scale of their asset.
  fireEvent.change(within(dialog).getByLabelText(/^Fee$/), { target: { value: '1.5' } });
  expect(await within(dialog).findByText(/whole/i)).toBeDefined();
  fireEvent.change(within(dialog).getByLabelText(/^Fee$/), { target: { value: '1,500' } });
  fireEvent.change(within(dialog).getByLabelText(/^Minimum deposit/), {
    target: { value: '1,000.5' },
  });
  createAnswer = () => problem(409, 'asset_exists');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('An asset with this code already exists.')).toBeDefined();
  expect(writes[0]).toEqual({
    method: 'POST',
    path: 'admin/asset',
    body: {
      code: 'XRP',
      decimal_point: 6,
      title: 'XRP',
      allow_deposit: true,
      allow_withdraw: true,
      is_active: true,
      output_order: 0,
      minimum_deposit: '1000.5',
      memo_required: true,
      confirmations_required: 350,
      withdraw_fees: [{ order: 1, fee: '1500', fee_asset: 'KRW' }],
      deposit_extra_form: [],
      withdraw_extra_form: [],
    },
  });
});

test('editing sends the settings without a decimal point; freezing needs a reason', {
  timeout: 60_000,
}, async () => {
  renderApp('/admin/asset/list');
  await screen.findByText('Korean won', {}, { timeout: 20_000 });
  fireEvent.click(screen.getAllByRole('button', { name: 'Edit' })[0] as HTMLElement);
  const dialog = await screen.findByRole('dialog');
  expect(
    within(dialog)
      .getByLabelText(/^Decimal point/)
      .hasAttribute('disabled'),
  ).toBe(true);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(writes).toHaveLength(1));
  expect(writes[0]?.path).toBe('admin/asset/KRW');
  expect(writes[0]?.body).not.toHaveProperty('decimal_point');
  expect(writes[0]?.body).toMatchObject({ minimum_deposit: '1000' });

  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  fireEvent.click(screen.getByRole('button', { name: 'Lift the freeze' }));
  const freeze = await screen.findByRole('dialog');
  const confirm = within(freeze).getByRole('button', { name: 'Confirm' });
  expect(confirm.hasAttribute('disabled')).toBe(true);
  fireEvent.change(within(freeze).getByLabelText(/^Reason/), {
    target: { value: 'reorg reviewed' },
  });
  fireEvent.click(confirm);
  await waitFor(() => expect(writes).toHaveLength(2));
  expect(writes[1]).toEqual({
    method: 'PUT',
    path: 'admin/asset/BTC/freeze',
    body: { frozen: false, reason: 'reorg reviewed' },
  });
});

test('a chain reorg alert: a banner with the reason and the time, and the lift from it', {
  timeout: 60_000,
}, async () => {
  renderApp('/admin/asset/list');
  const banner = await screen.findByRole('alert', {}, { timeout: 20_000 });
  expect(
    within(banner).getByText('Chain alert: deposits and withdrawals are frozen'),
  ).toBeDefined();
  expect(
    within(banner).getByText('ALERT: chain reorg of depth 400 at height 12 on sim-btc'),
  ).toBeDefined();
  // 03:04 UTC is 12:04 in the service time zone (KST).
  expect(within(banner).getByText(/^since .*12:04/)).toBeDefined();
  // The row says the same, not only in a tooltip.
  const row = screen.getByRole('row', { name: /Bitcoin/ });
  expect(within(row).getByText(/ALERT: chain reorg of depth 400/)).toBeDefined();
  fireEvent.click(within(banner).getByRole('button', { name: 'Lift the freeze of BTC' }));
  const lift = await screen.findByRole('dialog');
  fireEvent.change(within(lift).getByLabelText(/^Reason/), { target: { value: 'reviewed' } });
  fireEvent.click(within(lift).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(writes).toHaveLength(1));
  expect(writes[0]).toEqual({
    method: 'PUT',
    path: 'admin/asset/BTC/freeze',
    body: { frozen: false, reason: 'reviewed' },
  });
});
