// @vitest-environment happy-dom
// Proves the member deposit screen against msw: a memo asset warns before its memo ID is created and then shows the shared address and the memo ID each with its own copy button, the loss warning, the minimum and the confirmations; a manual asset shows its deposit-only reference and sends a deposit request with one Idempotency-Key and an exact decimal string; the history shows a pending deposit with its confirmations; a refusal is localized; an asset's deposit extra form is rendered with its labels and types, checked on the form like the server does, and its values sent with the request.
import '../../test-support/dom-environment.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import { problem, useApiServer } from '../../test-support/api-server.ts';
import { catalogAsset, listAnswer } from '../../test-support/fixtures.ts';
import { renderApp, startI18n } from '../../test-support/render-app.tsx';
import { signedInHandlers } from '../../test-support/signed-in.ts';

const server = useApiServer();

/** A button once it is enabled (the address query must answer first). */
async function enabledButton(name: string): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name }, { timeout: 25_000 });
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false), { timeout: 10_000 });
  return button;
}
beforeAll(() => startI18n('en-US'));

const asset = (code: string, overrides: Record<string, unknown>) =>
  catalogAsset(code, { decimal_point: 6, minimum_deposit: '1.000000', ...overrides });

const account = (seq: number, assetCode: string, decimalPoint: number) => ({
  seq,
  member_seq: 5,
  title: `${assetCode} wallet`,
  account_number: `1000-0000-00${seq}`,
  asset: assetCode,
  decimal_point: decimalPoint,
  balance: '0',
  holding_balance: '0',
  available_balance: '0',
  status: 'normal',
  regdate: '2026-03-01T00:00:00.000Z',
});

let addresses: Map<number, unknown>;
let requests: { key: string | null; body: unknown }[];
let requestAnswer: () => Response;

beforeEach(() => {
  addresses = new Map();
  requests = [];
  requestAnswer = () =>
    HttpResponse.json(
      { data: { request_id: 'r1', status: 'requested' }, position: '9:1' },
      {
        status: 201,
      },
    );
  server.use(
    ...signedInHandlers({ seq: 5, user_id: 'alice' }),
    http.get('/api/v1/asset', () =>
      HttpResponse.json(
        listAnswer([
          asset('XRP', { title: 'XRP', memo_required: true, plugin_id: 'sim-xrp' }),
          asset('KRW', { title: 'Korean won', decimal_point: 0, minimum_deposit: '1000' }),
          asset('USD', {
            title: 'US dollar',
            decimal_point: 2,
            minimum_deposit: '1.00',
            deposit_extra_form: [
              { name: 'depositor', label: 'Depositor name', type: 'text', required: true },
              { name: 'phone', label: 'Phone', type: 'tel', required: false },
            ],
          }),
        ]),
      ),
    ),
    http.get('/api/v1/account', () =>
      HttpResponse.json(
        listAnswer([account(21, 'XRP', 6), account(22, 'KRW', 0), account(23, 'USD', 2)]),
      ),
    ),
    http.get('/api/v1/account/:seq/deposit-address', ({ params }) =>
      HttpResponse.json({ data: addresses.get(Number(params.seq)) ?? null }),
    ),
    http.post('/api/v1/account/:seq/deposit-address', ({ params }) => {
      const seq = Number(params.seq);
      const assigned =
        seq === 21
          ? { kind: 'chain_memo', chain: 'sim-xrp', address: 'sim1shared', memo: '0000000215' }
          : { kind: 'deposit_only', chain: null, address: 'DA-KRW-0000000224', memo: null };
      const data = {
        account_seq: seq,
        asset: seq === 21 ? 'XRP' : 'KRW',
        assigned_at: '2026-03-02T00:00:00.000Z',
        ...assigned,
      };
      addresses.set(seq, data);
      return HttpResponse.json({ data, position: '9:2' }, { status: 201 });
    }),
    http.get('/api/v1/deposit', () =>
      HttpResponse.json(
        listAnswer([
          {
            deposit_id: 'sim-xrp:abcdef0123456789:0',
            chain: 'sim-xrp',
            asset: 'XRP',
            txid: 'abcdef0123456789',
            output: 0,
            address: 'sim1shared',
            memo: '0000000215',
            amount: '10.000000',
            block_height: 5,
            status: 'pending',
            destination: 'account',
            suspense_reason: null,
            suspense_status: null,
            account_seq: 21,
            member_seq: 5,
            resolved_account_seq: null,
            confirmations: 12,
            confirmations_required: 350,
            reorged_after_credit: false,
            detected_at: '2026-03-02T00:00:00.000Z',
            credited_at: null,
          },
        ]),
      ),
    ),
    http.get('/api/v1/deposit-request', () => HttpResponse.json(listAnswer([]))),
    http.post('/api/v1/deposit-request', async ({ request }) => {
      requests.push({ key: request.headers.get('idempotency-key'), body: await request.json() });
      return requestAnswer();
    }),
  );
});

test('a memo asset: warned before creating, then the address and the memo ID with their own copy', {
  timeout: 60_000,
}, async () => {
  renderApp('/wallet/deposit?asset=XRP');
  fireEvent.click(await enabledButton('Create memo ID'));
  const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
  expect(within(dialog).getByText('Create a memo ID')).toBeDefined();
  expect(within(dialog).getByText(/needs? both the address and your memo ID/)).toBeDefined();
  fireEvent.click(within(dialog).getByRole('button', { name: /confirm/i }));
  expect(await screen.findByText('sim1shared', {}, { timeout: 10_000 })).toBeDefined();
  expect(screen.getByText('0000000215')).toBeDefined();
  expect(screen.getByRole('button', { name: 'Copy address' })).toBeDefined();
  expect(screen.getByRole('button', { name: 'Copy memo ID' })).toBeDefined();
  expect(screen.getByText('Minimum deposit: 1 XRP')).toBeDefined();
  expect(screen.getByText('Credited after 350 confirmations.')).toBeDefined();
  // The history: the pending deposit with its confirmations, not yet credited.
  expect(await screen.findByText('12 / 350')).toBeDefined();
  expect(screen.getAllByText('Waiting for confirmations').length).toBeGreaterThan(0);
});

test('a manual asset: the deposit-only reference and a request with one key and an exact amount', {
  timeout: 60_000,
}, async () => {
  renderApp('/wallet/deposit?asset=KRW');
  fireEvent.click(await enabledButton('Create deposit-only address'));
  expect(await screen.findByText('DA-KRW-0000000224', {}, { timeout: 10_000 })).toBeDefined();
  requestAnswer = () => problem(422, 'amount_below_minimum');
  const amount = screen.getByLabelText(/^Amount transferred/);
  fireEvent.focus(amount);
  fireEvent.change(amount, { target: { value: '500' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
  expect(await screen.findByText('The amount is below the minimum deposit.')).toBeDefined();
  requestAnswer = () =>
    HttpResponse.json(
      { data: { request_id: 'r1', status: 'requested' }, position: '9:3' },
      {
        status: 201,
      },
    );
  fireEvent.change(amount, { target: { value: '50000' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
  await waitFor(() => expect(requests).toHaveLength(2));
  expect(requests[1]?.body).toEqual({ account_seq: 22, request_amount: '50000' });
  expect(requests[0]?.key).toMatch(/\S/);
  // The retry after a refusal keeps its key: the same submission.
  expect(requests[1]?.key).toBe(requests[0]?.key);
});

test('the asset’s deposit extra form: its fields, checked on the form, sent with the request', {
  timeout: 60_000,
}, async () => {
  renderApp('/wallet/deposit?asset=USD');
  const depositor = await screen.findByLabelText(/^Depositor name/, {}, { timeout: 25_000 });
  const phone = screen.getByLabelText(/^Phone/);
  expect(phone.getAttribute('type')).toBe('tel');
  const amount = screen.getByLabelText(/^Amount transferred/);
  fireEvent.focus(amount);
  fireEvent.change(amount, { target: { value: '25' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
  expect(await screen.findByText('This field is required.')).toBeDefined();
  fireEvent.change(depositor, { target: { value: 'Alice Depositor' } });
  fireEvent.change(phone, { target: { value: 'call me' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
  expect(await screen.findByText('This value does not fit the field.')).toBeDefined();
  expect(requests).toEqual([]);
  fireEvent.change(phone, { target: { value: '+82 10-1234-5678' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
  await waitFor(() => expect(requests).toHaveLength(1));
  expect(requests[0]?.body).toEqual({
    account_seq: 23,
    request_amount: '25',
    extra: { depositor: 'Alice Depositor', phone: '+82 10-1234-5678' },
  });
});
