// @vitest-environment happy-dom
// Proves the member's KYC screen against msw: it shows the security level with the conditions met,
// requests KYC certification with its documents (metadata) and an Idempotency-Key, shows the SPEC's
// message when the browser blocks the authority's popup, hands the popup's answer to the server and
// shows "You cannot authenticate yourself" on a failed match, and requests a withdraw-address
// certification.
import '../../test-support/dom-environment.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { problem, useApiServer } from '../../test-support/api-server.ts';
import { renderApp, startI18n } from '../../test-support/render-app.tsx';
import { signedInHandlers } from '../../test-support/signed-in.ts';

const server = useApiServer();
beforeAll(() => startI18n('en-US'));

let posted: { path: string; body: unknown; key?: string | null }[] = [];

const levels = Array.from({ length: 11 }, (_, level) => ({
  security_level: level,
  title: `Level ${level}`,
  conditions: level === 0 ? null : level === 1 ? [] : level === 2 ? ['MAIL_VERIFICATION'] : null,
  policies:
    level === 2
      ? [{ security_level: 2, target: 'WITHDRAW_DAILY_AMOUNT', asset: 'BTC', amount: '1' }]
      : [],
}));

beforeEach(() => {
  posted = [];
  server.use(
    ...signedInHandlers({ seq: 7, security_level: 2 }),
    http.get('/api/v1/security-level', () =>
      HttpResponse.json({
        data: {
          security_level: 2,
          is_security_level_locked: false,
          reached_level: 2,
          satisfied_conditions: ['MAIL_VERIFICATION'],
          levels,
        },
      }),
    ),
    http.get('/api/v1/kyc/certification', () => HttpResponse.json({ data: [] })),
    http.get('/api/v1/kyc/realname', () => HttpResponse.json({ data: [] })),
    http.get('/api/v1/kyc/withdraw-address-certification', () => HttpResponse.json({ data: [] })),
    http.post('/api/v1/kyc/:kind', async ({ request, params }) => {
      posted.push({
        path: String(params.kind),
        body: await request.json(),
        key: request.headers.get('idempotency-key'),
      });
      if (params.kind === 'realname') {
        return HttpResponse.json(
          {
            data: { seq: 31, provider_url: '/kyc/realname-provider?realname_seq=31&ticket=t' },
            position: '9:1',
          },
          { status: 201 },
        );
      }
      return HttpResponse.json(
        { data: { seq: 5, status: 'requested' }, position: '9:1' },
        { status: 201 },
      );
    }),
    http.post('/api/v1/kyc/realname/complete', async ({ request }) => {
      posted.push({ path: 'realname/complete', body: await request.json() });
      return problem(422, 'realname_mismatch');
    }),
  );
});
afterEach(() => vi.restoreAllMocks());

test('the security level view shows the level, the conditions met and each level’s restrictions', async () => {
  renderApp('/my-page/kyc');
  const security = await screen.findByRole('region', { name: 'Security level' });
  expect(await within(security).findByText('Your level: 2')).toBeDefined();
  expect(within(security).getByText('Email verification: done')).toBeDefined();
  expect(within(security).getByText('KYC certification: not yet')).toBeDefined();
  expect(within(security).getByText('Per day at most (BTC)')).toBeDefined();
});

test('a KYC request names its type and documents', async () => {
  renderApp('/my-page/kyc');
  const kyc = await screen.findByRole('region', { name: 'KYC certification' });
  fireEvent.change(within(kyc).getByLabelText(/^File name/), { target: { value: 'id.jpg' } });
  fireEvent.click(within(kyc).getByRole('button', { name: 'Request certification' }));
  await waitFor(() => expect(posted.map((call) => call.path)).toContain('certification'));
  // One Idempotency-Key per submission, so a retried request is made once.
  expect(posted.find((call) => call.path === 'certification')?.key).toMatch(/^[\w-]{8,}$/);
  expect(posted.find((call) => call.path === 'certification')?.body).toEqual({
    kyc_type: 'individual',
    documents: [{ kind: 'id_card', name: 'id.jpg', reference: null }],
  });
});

test('a blocked popup shows the SPEC’s message and starts nothing', async () => {
  vi.spyOn(window, 'open').mockReturnValue(null);
  renderApp('/my-page/kyc');
  const realname = await screen.findByRole('region', { name: 'Self-authentication' });
  fireEvent.click(within(realname).getByRole('button', { name: 'Authenticate yourself' }));
  expect(
    await within(realname).findByText(
      'popups blocked so self-authentication will not proceed normally',
    ),
  ).toBeDefined();
  expect(posted).toEqual([]);
});

test('the popup’s answer goes to the server; a failed match says "You cannot authenticate yourself"', async () => {
  const popup = { location: { href: '' }, close: vi.fn() };
  vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  renderApp('/my-page/kyc');
  const realname = await screen.findByRole('region', { name: 'Self-authentication' });
  fireEvent.click(within(realname).getByRole('button', { name: 'Authenticate yourself' }));
  await waitFor(() =>
    expect(popup.location.href).toContain('/kyc/realname-provider?realname_seq=31'),
  );
  window.dispatchEvent(
    new MessageEvent('message', {
      origin: window.location.origin,
      data: {
        type: 'ledger:realname-answer',
        realname_seq: 31,
        answer: { ticket: 't', user_name: 'Someone Else' },
      },
    }),
  );
  expect(await within(realname).findByText('You cannot authenticate yourself')).toBeDefined();
  expect(posted.find((call) => call.path === 'realname/complete')?.body).toEqual({
    realname_seq: 31,
    provider_answer: { ticket: 't', user_name: 'Someone Else' },
  });
});

test('a withdraw-address certification request carries asset, address and holder name', async () => {
  renderApp('/my-page/kyc');
  const addresses = await screen.findByRole('region', { name: 'Withdrawal address certification' });
  fireEvent.change(within(addresses).getByLabelText(/^Asset code/), { target: { value: 'btc' } });
  fireEvent.change(within(addresses).getByLabelText(/^Address or account number/), {
    target: { value: 'bc1qexample' },
  });
  fireEvent.change(within(addresses).getByLabelText(/^Holder name/), {
    target: { value: 'Carol Lee' },
  });
  fireEvent.click(within(addresses).getByRole('button', { name: 'Request certification' }));
  await waitFor(() =>
    expect(posted.find((call) => call.path === 'withdraw-address-certification')?.body).toEqual({
      asset: 'BTC',
      bank_code: null,
      withdraw_address: 'bc1qexample',
      holder_name: 'Carol Lee',
    }),
  );
});
