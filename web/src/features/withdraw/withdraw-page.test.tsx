// @vitest-environment happy-dom
// Proves the member's withdrawal screen against msw: the form refuses an amount above the available balance and a missing OTP code without sending anything; the address is chosen among the member's certified addresses of the account's asset (no field to type one) and the request, sent only once its summary is confirmed, names the certification with the OTP code and an Idempotency-Key; without a certified address of the asset, the form says so, links to the certification request and sends nothing; a refused answer shows the ledger's reason in words.
import '../../test-support/dom-environment.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import { useApiServer } from '../../test-support/api-server.ts';
import { listAnswer } from '../../test-support/fixtures.ts';
import { renderApp, startI18n } from '../../test-support/render-app.tsx';
import { signedInHandlers } from '../../test-support/signed-in.ts';

const server = useApiServer();
beforeAll(() => startI18n('en-US'));

let posted: { body: Record<string, unknown>; key: string | null }[] = [];
/** The query parameters of each read of the certified addresses (the API takes `after` only). */
let certificationQueries: string[][] = [];

beforeEach(() => {
  posted = [];
  certificationQueries = [];
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
          {
            seq: 17,
            title: 'Ether wallet',
            account_number: '1000-0000-0017',
            asset: 'ETH',
            decimal_point: 18,
            available_balance: '1',
            status: 'normal',
          },
        ]),
      ),
    ),
    http.get('/api/v1/withdraw', () => HttpResponse.json(listAnswer([]))),
    // The asset catalog: the withdraw extra form of each asset (none here).
    http.get('/api/v1/asset', () => HttpResponse.json(listAnswer([]))),
    http.get('/api/v1/kyc/withdraw-address-certification', ({ request }) => {
      certificationQueries.push([...new URL(request.url).searchParams.keys()]);
      return HttpResponse.json({
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
          {
            seq: 4,
            asset: 'BTC',
            bank_code: null,
            withdraw_address: 'bc1q',
            holder_name: 'Alice Kim',
            status: 'approved',
            is_valid: true,
          },
        ],
      });
    }),
    http.post('/api/v1/withdraw', async ({ request }) => {
      posted.push({
        body: (await request.json()) as Record<string, unknown>,
        key: request.headers.get('idempotency-key'),
      });
      return HttpResponse.json(
        {
          data: {
            withdrawal_id: '5f1c3a9e-0000-4000-8000-000000000001',
            status: 'refused',
            refusal: { type: 'LimitExceeded', limit: '30000', used: '0', requested: '40000' },
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

test('refuses too much and a missing OTP code on the form, sending nothing', async () => {
  renderApp('/wallet/withdraw');
  const form = await screen.findByRole('form', { name: 'Withdrawal application' });
  await within(form).findByText('Available: 50,000 KRW');
  fireEvent.change(within(form).getByLabelText(/^Amount/), { target: { value: '60000' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Request withdrawal' }));
  expect(await within(form).findByText('This is more than the available balance.')).toBeDefined();
  expect(within(form).getByText('Enter the six-digit OTP code.')).toBeDefined();
  expect(posted).toEqual([]);
});

test('the address is a certified one of the asset; a refusal is shown in words', async () => {
  renderApp('/wallet/withdraw');
  const form = await screen.findByRole('form', { name: 'Withdrawal application' });
  const certified = await within(form).findByLabelText(/^Certified withdraw address/);
  // Only the KRW certification is offered for a KRW account, and nothing can be typed instead.
  expect(
    within(certified)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['110-222-333 · 088 · Alice Kim']);
  expect(within(form).queryByLabelText(/^Withdraw address/)).toBeNull();
  expect(within(form).queryByLabelText(/^Holder name/)).toBeNull();
  for (const keys of certificationQueries)
    expect(keys.filter((key) => key !== 'after')).toEqual([]);
  fireEvent.change(within(form).getByLabelText(/^Amount/), { target: { value: '40000' } });
  typeCode(form, '123456');
  fireEvent.click(within(form).getByRole('button', { name: 'Request withdrawal' }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirm the withdrawal' });
  expect(posted).toEqual([]);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }));
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0]?.body).toEqual({
    account_seq: 16,
    amount: '40000',
    withdraw_address_certification_seq: 3,
    fee_type: 'deducted',
    otp_token: '123456',
  });
  expect(posted[0]?.key).toMatch(/.+/);
  expect(
    await within(form).findByText('The daily withdrawal limit has been reached.'),
  ).toBeDefined();
});

test('without a certified address of the asset: a link to request one, and nothing is sent', async () => {
  renderApp('/wallet/withdraw');
  const form = await screen.findByRole('form', { name: 'Withdrawal application' });
  await within(form).findByLabelText(/^Certified withdraw address/);
  fireEvent.change(within(form).getByLabelText(/^Account/), { target: { value: '17' } });
  expect(await within(form).findByText(/You have no approved address for ETH yet/)).toBeDefined();
  const link = within(form).getByRole('link', { name: 'Request a withdraw address certification' });
  expect(link.getAttribute('href')).toBe('/my-page/kyc');
  expect(
    within(form).getByRole('button', { name: 'Request withdrawal' }).hasAttribute('disabled'),
  ).toBe(true);
  expect(posted).toEqual([]);
});
