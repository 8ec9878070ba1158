// @vitest-environment happy-dom
// Proves the withdrawal form shows the catalog's fee and the net amount before the OTP step, and asks to confirm a summary (amount, fee, net, address) before anything is sent: cancelling sends nothing, confirming sends once; with the fee charged on top the net is the whole amount.
import '../../test-support/dom-environment.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import { useApiServer } from '../../test-support/api-server.ts';
import { catalogAsset, listAnswer } from '../../test-support/fixtures.ts';
import { renderApp, startI18n } from '../../test-support/render-app.tsx';
import { signedInHandlers } from '../../test-support/signed-in.ts';

const server = useApiServer();
beforeAll(() => startI18n('en-US'));

let posted: Record<string, unknown>[] = [];

beforeEach(() => {
  posted = [];
  server.use(
    ...signedInHandlers({ seq: 7 }),
    http.get('/api/v1/account', () =>
      HttpResponse.json(
        listAnswer([
          {
            seq: 16,
            title: 'KRW wallet',
            account_number: '1000-0000-0016',
            asset: 'KRW',
            decimal_point: 0,
            available_balance: '50000',
            status: 'normal',
          },
        ]),
      ),
    ),
    http.get('/api/v1/withdraw', () => HttpResponse.json(listAnswer([]))),
    http.get('/api/v1/asset', () =>
      HttpResponse.json(
        listAnswer([
          catalogAsset('KRW', {
            decimal_point: 0,
            withdraw_fees: [
              { order: 2, fee: '5000', fee_asset: 'KRW' },
              { order: 1, fee: '1000', fee_asset: 'KRW' },
            ],
          }),
        ]),
      ),
    ),
    http.get('/api/v1/kyc/withdraw-address-certification', () =>
      HttpResponse.json({
        data: [
          {
            seq: 3,
            asset: 'KRW',
            bank_code: '088',
            withdraw_address: '110-222-333',
            holder_name: 'Alice Kim',
            status: 'approved',
            is_valid: true,
          },
        ],
      }),
    ),
    http.post('/api/v1/withdraw', async ({ request }) => {
      posted.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(
        {
          data: {
            withdrawal_id: '5f1c3a9e-0000-4000-8000-000000000001',
            status: 'requested',
            refusal: null,
          },
          position: '12:1',
        },
        { status: 201 },
      );
    }),
  );
});

function typeCode(container: HTMLElement, code: string) {
  const inputs = within(container).getAllByLabelText('OTP code');
  code.split('').forEach((digit, index) => {
    fireEvent.change(inputs[index] as HTMLElement, { target: { value: digit } });
  });
}

test('the fee and net amount show on the form; the summary is confirmed before sending', async () => {
  renderApp('/wallet/withdraw');
  const form = await screen.findByRole('form', { name: 'Withdrawal application' });
  await within(form).findByLabelText(/^Certified withdraw address/);
  fireEvent.change(within(form).getByLabelText(/^Amount/), { target: { value: '40000' } });
  expect(await within(form).findByText('Fee: 1,000 KRW · Net amount: 39,000 KRW')).toBeDefined();
  typeCode(form, '123456');
  fireEvent.click(within(form).getByRole('button', { name: 'Request withdrawal' }));
  let dialog = await screen.findByRole('dialog', { name: 'Confirm the withdrawal' });
  expect(
    within(dialog).getByText(
      'Amount: 40,000 KRW · Fee: 1,000 KRW · Net amount: 39,000 KRW · To: 110-222-333',
    ),
  ).toBeDefined();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(posted).toEqual([]);

  fireEvent.click(within(form).getByRole('button', { name: 'Request withdrawal' }));
  dialog = await screen.findByRole('dialog', { name: 'Confirm the withdrawal' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }));
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0]).toMatchObject({ amount: '40000', fee_type: 'deducted' });
});

test('with the fee charged on top, the net amount is the whole amount', async () => {
  renderApp('/wallet/withdraw');
  const form = await screen.findByRole('form', { name: 'Withdrawal application' });
  await within(form).findByLabelText(/^Certified withdraw address/);
  fireEvent.change(within(form).getByLabelText(/^Amount/), { target: { value: '40000' } });
  fireEvent.click(within(form).getByRole('radio', { name: /charged|separate/i }));
  expect(await within(form).findByText('Fee: 1,000 KRW · Net amount: 40,000 KRW')).toBeDefined();
});
