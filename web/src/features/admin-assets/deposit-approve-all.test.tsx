// @vitest-environment happy-dom
// Proves the administrator's deposit-request approve-all against msw, in ko-KR: the button first asks the dry run, the dialog states how many requests and each asset's total at its scale in the locale, cancelling approves nothing and confirming posts the real approve-all once; with nothing waiting it only says so.
import '../../test-support/dom-environment.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { useApiServer } from '../../test-support/api-server.ts';
import { catalogAsset, listAnswer } from '../../test-support/fixtures.ts';
import { renderApp, startI18n } from '../../test-support/render-app.tsx';
import { signedInHandlers } from '../../test-support/signed-in.ts';

const server = useApiServer();
beforeAll(() => startI18n('ko-KR'));
afterAll(() => startI18n('en-US'));

let posted: string[] = [];

function answering(requests: { asset: string; requests: number; total: string }[]) {
  server.use(
    ...signedInHandlers({ seq: 9, user_id: 'root', is_admin: true }),
    http.get('/api/v1/admin/asset', () =>
      HttpResponse.json(
        listAnswer([catalogAsset('KRW', { decimal_point: 0 }), catalogAsset('BTC')]),
      ),
    ),
    http.get('/api/v1/admin/deposit-request', () => HttpResponse.json(listAnswer([]))),
    http.post('/api/v1/admin/deposit-request/approve-all', ({ request }) => {
      const isDryRun = new URL(request.url).searchParams.get('dry_run') === 'true';
      posted.push(isDryRun ? 'dry run' : 'approve-all');
      const count = requests.reduce((sum, row) => sum + row.requests, 0);
      return HttpResponse.json({
        data: isDryRun
          ? { dry_run: true, asset: null, requests: count, per_asset: requests }
          : { asset: null, considered: count, approved: count },
      });
    }),
  );
}

beforeEach(() => {
  posted = [];
});

async function openApproveAll() {
  renderApp('/admin/deposit/list?tab=requests');
  fireEvent.click(await screen.findByRole('button', { name: '모두 승인' }));
}

test('the dialog states the count and totals; cancel approves nothing, confirm approves once', async () => {
  answering([
    { asset: 'BTC', requests: 1, total: '0.12345678' },
    { asset: 'KRW', requests: 2, total: '12000' },
  ]);
  await openApproveAll();
  let dialog = await screen.findByRole('dialog');
  const summary = await within(dialog).findByText(/모두 3건/);
  expect(summary.textContent).toContain('0.12345678 BTC (1건)');
  expect(summary.textContent).toContain('12,000 KRW (2건)');
  fireEvent.click(within(dialog).getByRole('button', { name: '취소' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(posted).toEqual(['dry run']);

  fireEvent.click(screen.getByRole('button', { name: '모두 승인' }));
  dialog = await screen.findByRole('dialog');
  await within(dialog).findByText(/모두 3건/);
  fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
  await waitFor(() => expect(posted).toEqual(['dry run', 'dry run', 'approve-all']));
});

test('with nothing waiting it says so and posts no approve-all', async () => {
  answering([]);
  await openApproveAll();
  expect(await screen.findByText('승인을 기다리는 요청이 없습니다.')).toBeDefined();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(posted).toEqual(['dry run']);
});
