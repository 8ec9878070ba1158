// @vitest-environment happy-dom
// Proves the administrator's KYC screens against msw: kyc-certification/list sends its filters,
// shows each request's documents and status, and approves one as valid through the confirm
// dialog (PUT .../review); security/catalog shows the levels with their conditions and policies
// and sets a per-asset withdraw limit as a decimal string.
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

let reads: Record<string, string>[] = [];
let writes: { path: string; body: unknown }[] = [];

const certification = {
  seq: 12,
  member_seq: 7,
  user_id: 'dora',
  kyc_type: 'individual',
  document_count: 1,
  documents: [{ kind: 'passport', name: 'passport.jpg', reference: null }],
  status: 'requested',
  is_valid: false,
  expdate: null,
  is_expired: false,
  regdate: '2026-03-01T01:00:00.000Z',
  reviewed_date: null,
};

const levels = Array.from({ length: 11 }, (_, level) => ({
  security_level: level,
  title: `Level ${level}`,
  conditions: level === 0 ? null : level === 1 ? [] : ['MAIL_VERIFICATION'],
  policies:
    level === 0 ? [{ security_level: 0, target: 'CREATE_ACCOUNT', asset: null, amount: null }] : [],
}));

beforeEach(() => {
  reads = [];
  writes = [];
  server.use(
    http.get('/api/v1/admin/asset', () => HttpResponse.json(listAnswer([catalogAsset('BTC')]))),
    ...signedInHandlers({ seq: 9, user_id: 'root', is_admin: true }),
    http.get('/api/v1/admin/kyc-certification', ({ request }) => {
      reads.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(listAnswer([certification]));
    }),
    http.get('/api/v1/admin/security/catalog', () => HttpResponse.json({ data: { levels } })),
    http.put('/api/v1/admin/*', async ({ request }) => {
      writes.push({ path: new URL(request.url).pathname, body: await request.json() });
      return HttpResponse.json({ data: {}, position: '12:1' });
    }),
  );
});

test('kyc-certification/list filters by status and approves a request as valid', async () => {
  renderApp('/admin/kyc-certification/list?status=requested');
  const row = (await screen.findByText('dora')).closest('tr') as HTMLElement;
  expect(within(row).getByText('Passport: passport.jpg')).toBeDefined();
  expect(within(row).getByText('Waiting for review')).toBeDefined();
  expect(reads[0]).toMatchObject({ status: 'requested' });
  fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  await waitFor(() =>
    expect(writes).toEqual([
      {
        path: '/api/v1/admin/kyc-certification/12/review',
        body: { decision: 'approved', is_valid: true },
      },
    ]),
  );
});

test('security/catalog shows levels and policies and sets a per-asset withdraw limit', async () => {
  renderApp('/admin/security/catalog');
  const table = await screen.findByRole('table', { name: 'Security levels and restrictions' });
  expect(within(table).getAllByText('Set by an administrator only').length).toBeGreaterThan(0);
  expect(within(table).getByText('No new accounts · all assets')).toBeDefined();
  const form = screen.getByRole('form', { name: 'Set a restriction policy' });
  fireEvent.change(within(form).getByLabelText('Asset'), { target: { value: 'btc' } });
  // Typed in the locale's separators, sent as a decimal string.
  fireEvent.change(within(form).getByLabelText('Amount'), { target: { value: '1,000.5' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Set' }));
  await waitFor(() =>
    expect(writes).toEqual([
      {
        path: '/api/v1/admin/security/restriction-policy',
        body: {
          security_level: 1,
          target: 'WITHDRAW_ONE_TIME_AMOUNT',
          asset: 'BTC',
          amount: '1000.5',
          enabled: true,
        },
      },
    ]),
  );
});
