// @vitest-environment happy-dom
// Proves the administrator's account-transfer/list and withdraw-transfer/list against msw: each
// account-transfer leg shows its kind, both accounts and who made it, linked to their views (a
// fee leg the fee account's role, translated), and its amount in the active locale at the asset's
// scale, with every digit; a withdraw transfer's amount and network fee are at its asset's scale
// too; and the asset filter asks the query API for that asset's rows from the first page.
import '../../test-support/dom-environment.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { useApiServer } from '../../test-support/api-server.ts';
import { catalogAsset, listAnswer } from '../../test-support/fixtures.ts';
import { renderApp, startI18n } from '../../test-support/render-app.tsx';
import { signedInHandlers } from '../../test-support/signed-in.ts';
import { tableRowOf } from '../../test-support/table-rows.ts';

const server = useApiServer();
beforeAll(() => startI18n('en-US'));
afterEach(() => i18next.changeLanguage('en-US'));

function leg(entry: number, overrides: Record<string, unknown>) {
  return {
    entry,
    transfer_id: `transfer-${entry}`,
    cause: 'internalTransfer',
    asset: 'KRW',
    decimal_point: 0,
    amount: '250000',
    from_account_seq: 21,
    to_account_seq: 22,
    to_system_role: null,
    actor: 'member:7',
    regdate: '2026-11-22T01:00:00.000Z',
    ...overrides,
  };
}

let queries: URLSearchParams[] = [];

beforeEach(() => {
  queries = [];
  server.use(
    ...signedInHandlers({ seq: 9, user_id: 'root', is_admin: true }),
    http.get('/api/v1/admin/asset', () =>
      HttpResponse.json(
        listAnswer([catalogAsset('KRW', { decimal_point: 0 }), catalogAsset('BTC')]),
      ),
    ),
    http.get('/api/v1/admin/withdraw-transfer', () =>
      HttpResponse.json(
        listAnswer([
          {
            transfer_id: 'withdraw-transfer-1',
            withdrawal_id: '5f1c3a9e-0000-4000-8000-000000000001',
            member_seq: 12,
            asset: 'BTC',
            from: 'treasury',
            to: 'bc1-alice',
            txid: null,
            amount: '1234.50000000',
            fee_amount: '0.00002000',
            status: 'created',
            message: null,
            created_by: 'admin:9',
            regdate: '2026-11-22T01:00:00.000Z',
          },
        ]),
      ),
    ),
    http.get('/api/v1/admin/account-transfer', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(
        listAnswer([
          leg(3072, {}),
          leg(4096, {
            cause: 'memberTransfer',
            asset: 'BTC',
            decimal_point: 8,
            amount: '12345678901.12345678',
            from_account_seq: 31,
            to_account_seq: 40,
          }),
          leg(4097, {
            cause: 'memberTransfer',
            asset: 'BTC',
            decimal_point: 8,
            amount: '0.00010000',
            from_account_seq: 31,
            to_account_seq: null,
            to_system_role: 'feeRevenue',
          }),
        ]),
      );
    }),
  );
});

async function rowWith(text: string): Promise<HTMLElement> {
  return tableRowOf(await screen.findByText(text));
}

test('legs show their kind, accounts and amount at the asset’s scale; a fee leg the fee account', async () => {
  renderApp('/admin/account-transfer/list');
  const own = await rowWith('250,000');
  expect(within(own).getByText('Between own accounts')).toBeDefined();
  expect(within(own).getByRole('link', { name: '21' }).getAttribute('href')).toBe(
    '/admin/account/21/view',
  );
  expect(within(own).getByRole('link', { name: '22' }).getAttribute('href')).toBe(
    '/admin/account/22/view',
  );
  // Beyond a float's digits: shown exactly.
  const member = await rowWith('12,345,678,901.12345678');
  expect(within(member).getByText('To another member')).toBeDefined();
  const fee = await rowWith('0.0001');
  expect(within(fee).getByText('Fee revenue')).toBeDefined();
  expect(
    within(fee)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['31', 'Member (No. 7)']);
  expect(within(own).getByRole('link', { name: 'Member (No. 7)' }).getAttribute('href')).toBe(
    '/admin/member/7/view',
  );
  expect(queries[0]?.get('order')).toBe('desc');
  expect(queries[0]?.has('asset')).toBe(false);
});

test('the asset filter asks for that asset’s legs', async () => {
  renderApp('/admin/account-transfer/list?page=2');
  await rowWith('250,000');
  const filter = await screen.findByRole('combobox', { name: 'Asset' });
  await waitFor(() => expect(within(filter).getAllByRole('option')).toHaveLength(3));
  fireEvent.change(filter, { target: { value: '1' } });
  await waitFor(() => expect(queries.at(-1)?.get('asset')).toBe('BTC'));
  expect(queries.at(-1)?.get('page') ?? '1').toBe('1');
});

test('in vi-VN the amounts use its separators and the fee account its name', async () => {
  await i18next.changeLanguage('vi-VN');
  renderApp('/admin/account-transfer/list');
  await rowWith('250.000');
  await rowWith('12.345.678.901,12345678');
  const fee = await rowWith('0,0001');
  expect(within(fee).getByText('Doanh thu phí')).toBeDefined();
});

test('a withdraw transfer’s amount and network fee are at its asset’s scale', async () => {
  renderApp('/admin/withdraw-transfer/list');
  const row = await rowWith('bc1-alice');
  await waitFor(() => expect(within(row).getByText('1,234.5')).toBeDefined());
  expect(within(row).getByText('0.00002')).toBeDefined();
});
