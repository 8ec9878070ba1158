// @vitest-environment happy-dom
// Proves the administrator's withdraw/policy screen against msw: limits and fees are shown in the
// active locale's separators with every digit the policy holds (an absent limit as "No limit"),
// the fee with its asset and how it is charged; an edit is typed in the locale's separators and
// saved as canonical decimal strings.
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

let saved: { asset: string; body: unknown }[] = [];

beforeEach(() => {
  saved = [];
  server.use(
    http.get('/api/v1/admin/asset', () =>
      HttpResponse.json(
        listAnswer([
          catalogAsset('KRW', { decimal_point: 0 }),
          catalogAsset('ETH', { decimal_point: 18 }),
        ]),
      ),
    ),
    http.put('/api/v1/admin/withdraw-policy/:asset', async ({ request, params }) => {
      saved.push({ asset: String(params.asset), body: await request.json() });
      return HttpResponse.json({ data: {}, position: '30:1' });
    }),
    ...signedInHandlers({ seq: 9, user_id: 'root', is_admin: true }),
    http.get('/api/v1/admin/withdraw-policy', () =>
      HttpResponse.json({
        data: [
          {
            asset: 'ETH',
            one_time_limit: '12.5',
            daily_limit: null,
            fee_type: 'separate',
            fee_amount: '0.000000000000000123',
            fee_asset: 'ETH',
            set_by: 9,
            set_at: '2026-11-22T01:00:00.000Z',
          },
          {
            asset: 'KRW',
            one_time_limit: '1000000',
            daily_limit: '12345678901234567890',
            fee_type: 'deducted',
            fee_amount: '1000',
            fee_asset: 'KRW',
            set_by: 9,
            set_at: '2026-11-22T01:00:00.000Z',
          },
        ],
      }),
    ),
  );
});

async function rowOf(asset: string): Promise<HTMLElement> {
  return tableRowOf(await screen.findByRole('cell', { name: asset }));
}

test('limits and fees in the locale, every digit kept', async () => {
  renderApp('/admin/withdraw/policy');
  const krw = await rowOf('KRW');
  expect(within(krw).getByText('1,000,000')).toBeDefined();
  // Beyond a float's digits: shown exactly.
  expect(within(krw).getByText('12,345,678,901,234,567,890')).toBeDefined();
  expect(within(krw).getByText('1,000 KRW (Taken from the amount)')).toBeDefined();
  const eth = await rowOf('ETH');
  expect(within(eth).getByText('12.5')).toBeDefined();
  expect(within(eth).getByText('No limit')).toBeDefined();
  expect(within(eth).getByText('0.000000000000000123 ETH (Charged separately)')).toBeDefined();
});

test('in vi-VN with its separators', async () => {
  await i18next.changeLanguage('vi-VN');
  renderApp('/admin/withdraw/policy');
  const krw = await rowOf('KRW');
  expect(within(krw).getByText('1.000.000')).toBeDefined();
  expect(within(await rowOf('ETH')).getByText('12,5')).toBeDefined();
});

test('an edit is typed in the locale’s separators and saved as decimal strings', async () => {
  await i18next.changeLanguage('vi-VN');
  renderApp('/admin/withdraw/policy');
  fireEvent.click(within(await rowOf('KRW')).getByRole('button', { name: 'Sửa' }));
  const form = screen.getByRole('form', { name: 'Chính sách rút tiền' });
  const oneTime = within(form).getByRole('textbox', { name: /Hạn mức mỗi lần/ });
  await waitFor(() => expect((oneTime as HTMLInputElement).value).toBe('1.000.000'));
  fireEvent.focus(oneTime);
  fireEvent.change(oneTime, { target: { value: '2.500.000' } });
  fireEvent.blur(oneTime);
  const fee = within(form).getByRole('textbox', { name: /^Phí/ });
  fireEvent.focus(fee);
  fireEvent.change(fee, { target: { value: '1.500' } });
  fireEvent.blur(fee);
  fireEvent.click(within(form).getByRole('button', { name: 'Lưu' }));
  await waitFor(() => expect(saved).toHaveLength(1));
  expect(saved[0]).toEqual({
    asset: 'KRW',
    body: {
      one_time_limit: '2500000',
      daily_limit: '12345678901234567890',
      fee_type: 'deducted',
      fee_amount: '1500',
      fee_asset: 'KRW',
    },
  });
});
