// @vitest-environment happy-dom
// Proves the balance-change log as the member's account page shows it (BalanceLogTable, shared
// with the admin balance-log tab) against msw: every column in the locale format with the asset's
// decimal point, a hold shown as a hold, the screen's own "available after" column, and the empty
// message for a period.
import '../../test-support/dom-environment.ts';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import { useApiServer } from '../../test-support/api-server.ts';
import { listAnswer } from '../../test-support/fixtures.ts';
import { renderApp, startI18n } from '../../test-support/render-app.tsx';
import { signedInHandlers } from '../../test-support/signed-in.ts';

const server = useApiServer();
beforeAll(() => startI18n('en-US'));

const entry = (overrides: Record<string, unknown>) => ({
  entry: 'entry:1',
  occurred_at: '2026-03-02T00:00:00.000Z',
  type: 'TransferPosted',
  cause: 'transfer',
  transfer_id: 'transfer:1',
  hold_id: null,
  asset: 'BTC',
  amount: '1.50000001',
  side: 'credit',
  balance_change: '1.50000001',
  balance_after: '1234.50000001',
  holding_balance_after: '0.00000000',
  available_after: '1234.50000001',
  counter_account_number: '1000-0000-0099',
  counter_kind: 'member',
  counter_system_role: null,
  ...overrides,
});

let rows: ReturnType<typeof entry>[] = [];

beforeEach(() => {
  rows = [
    entry({}),
    entry({
      entry: 'entry:2',
      type: 'HoldPlaced',
      cause: 'withdraw',
      side: 'hold',
      amount: '0.25000001',
      balance_change: '0.00000000',
      holding_balance_after: '0.25000001',
      available_after: '1234.25000000',
      counter_account_number: null,
      counter_kind: null,
    }),
  ];
  server.use(
    ...signedInHandlers({ seq: 5, user_id: 'alice' }),
    http.get('/api/v1/account/11', () =>
      HttpResponse.json({
        data: {
          seq: 11,
          member_seq: 5,
          title: 'BTC wallet',
          account_number: '1000-0000-0011',
          asset: 'BTC',
          decimal_point: 8,
          balance: '1234.50000000',
          holding_balance: '0.25000000',
          available_balance: '1234.25000000',
          status: 'normal',
          regdate: '2026-03-01T00:00:00.000Z',
        },
      }),
    ),
    http.get('/api/v1/account/11/balance-log', () => HttpResponse.json(listAnswer(rows))),
  );
});

test('the account page lists its balance changes with every digit and a hold as a hold', async () => {
  renderApp('/wallet/account/11');
  const table = await screen.findByRole('table', { name: 'Balance history' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent?.trim());
  // The date header is the sort control (a button, not a plain column header).
  expect(within(table).getByText('Date')).toBeDefined();
  expect(headers).toEqual(
    expect.arrayContaining([
      'Cause',
      'Type',
      'Other account',
      'Change',
      'Balance after',
      'Available after',
    ]),
  );
  const credit = await within(table).findByRole('row', { name: /1000-0000-0099/ });
  expect(credit.textContent).toContain('1.50000001');
  expect(credit.textContent).toContain('1,234.50000001');
  const hold = within(table)
    .getAllByRole('row')
    .find((row) => row.textContent?.includes('Hold 0.25000001'));
  // Available after drops by the hold; the balance after stays.
  expect(hold?.textContent).toContain('1,234.25');
  expect(hold?.textContent).toContain('1,234.50000001');
});

test('a period with no changes says so', async () => {
  rows = [];
  renderApp('/wallet/account/11?date_range=today');
  expect(await screen.findByText('No balance changes in this period.')).toBeDefined();
});
