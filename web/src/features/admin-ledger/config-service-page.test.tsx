// @vitest-environment happy-dom
// Proves admin config/service against msw: it shows the ledger policy settings read from
// GET /admin/setting, and saving sends one PUT /admin/setting/{key} per changed key only, amounts
// per asset as decimal strings (an emptied field removes the asset).
import '../../test-support/dom-environment.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import { useApiServer } from '../../test-support/api-server.ts';
import { renderApp, startI18n } from '../../test-support/render-app.tsx';
import { signedInHandlers } from '../../test-support/signed-in.ts';

const server = useApiServer();
beforeAll(() => startI18n('en-US'));

let puts: { key: string; value: unknown }[] = [];

beforeEach(() => {
  puts = [];
  server.use(
    ...signedInHandlers({ seq: 1, user_id: 'root', is_admin: true }),
    http.get('/api/v1/constant', () =>
      HttpResponse.json({
        data: {
          locales: { default: 'en-US', supported: ['ko-KR', 'en-US', 'ja-JP', 'vi-VN', 'zh-TW'] },
          assets: [
            { code: 'KRW', title: 'Won', decimal_point: 0 },
            { code: 'BTC', title: 'Bitcoin', decimal_point: 8 },
          ],
          enumerations: {},
        },
      }),
    ),
    http.get('/api/v1/admin/setting', () =>
      HttpResponse.json({
        data: [
          { key: 'otp.maximumCount', value: 1 },
          { key: 'ledger.accountsPerAssetMax', value: 20 },
          { key: 'ledger.memberTransferScope', value: 'own_accounts' },
          { key: 'ledger.memberTransferFee', value: {} },
          { key: 'ledger.adjustmentSingleApprovalMax', value: { KRW: '100000' } },
        ],
      }),
    ),
    http.put('/api/v1/admin/setting/:key', async ({ params, request }) => {
      const { value } = (await request.json()) as { value: unknown };
      puts.push({ key: String(params.key), value });
      return HttpResponse.json({ data: { key: params.key }, position: '60:1' });
    }),
  );
});

test('config/service saves only the changed ledger policy keys, amounts as decimal strings', async () => {
  renderApp('/admin/config/service');
  const form = await screen.findByRole('form', { name: 'Service settings' });
  const threshold = await within(form).findByLabelText('Single-approval limit for KRW');
  await waitFor(() => expect((threshold as HTMLInputElement).value).toBe('100,000'));
  fireEvent.change(within(form).getByLabelText('Internal transfers'), {
    target: { value: 'any_member' },
  });
  fireEvent.change(within(form).getByLabelText('Fee for BTC'), { target: { value: '0.0005' } });
  fireEvent.blur(within(form).getByLabelText('Fee for BTC'));
  fireEvent.change(threshold, { target: { value: '' } });
  fireEvent.blur(threshold);
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(puts).toHaveLength(3));
  expect(puts).toEqual([
    { key: 'ledger.memberTransferScope', value: 'any_member' },
    { key: 'ledger.memberTransferFee', value: { BTC: '0.0005' } },
    { key: 'ledger.adjustmentSingleApprovalMax', value: {} },
  ]);
});
