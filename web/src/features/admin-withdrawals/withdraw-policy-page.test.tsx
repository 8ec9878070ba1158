// @vitest-environment happy-dom
// Proves the administrator's withdraw/policy list against msw: limits and fees are shown in the
// active locale's separators with every digit the policy holds (an absent limit as "No limit"),
// the fee with its asset and how it is charged.
import '../../test-support/dom-environment.ts';
import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { useApiServer } from '../../test-support/api-server.ts';
import { memberInfo, tokenAnswer } from '../../test-support/fixtures.ts';
import { fakeToken, renderApp, startI18n } from '../../test-support/render-app.tsx';

const server = useApiServer();
beforeAll(() => startI18n('en-US'));
afterEach(() => i18next.changeLanguage('en-US'));

beforeEach(() => {
  const token = fakeToken();
  server.use(
    http.post('/api/v1/auth/token/refresh', () => HttpResponse.json(tokenAnswer(token))),
    http.get('/api/v1/member/me', () =>
      HttpResponse.json({ member_info: memberInfo({ seq: 9, user_id: 'root', is_admin: true }) }),
    ),
    http.get('/api/v1/otp', () => HttpResponse.json({ data: [] })),
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
  const cell = await screen.findByRole('cell', { name: asset });
  const row = cell.closest('tr');
  if (row === null) throw new Error(`no row for ${asset}`);
  return row;
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
