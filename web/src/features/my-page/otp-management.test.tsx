// @vitest-environment happy-dom
// Proves OTP management on my page against msw: registering shows the otpauth URI as a QR code and
// the setup key once, activation waits for the "key saved" box and a 6-digit code, a wrong code is
// refused with its localized message, activation ends the session; a registration never activated
// is cancelled after a confirm; deactivating an active OTP asks for a code and maps refusals.
import '../../test-support/dom-environment.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import { problem, useApiServer } from '../../test-support/api-server.ts';
import { memberInfo, tokenAnswer } from '../../test-support/fixtures.ts';
import { fakeToken, renderApp, startI18n } from '../../test-support/render-app.tsx';

const server = useApiServer();
beforeAll(() => startI18n('en-US'));

const otpId = '0f3c4a1e-8d2b-4c56-9e7f-112233445566';
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const otpauthUri = `otpauth://totp/Ledger%20Exchange:carol?secret=${secret}&issuer=Ledger%20Exchange`;

type Otp = { otp_id: string; status: string; regdate: string };
let otps: Otp[] = [];
let writes: { path: string; body: unknown }[] = [];

beforeEach(() => {
  otps = [];
  writes = [];
  const token = fakeToken();
  server.use(
    http.post('/api/v1/auth/token/refresh', () => HttpResponse.json(tokenAnswer(token))),
    http.get('/api/v1/member/me', () =>
      HttpResponse.json({
        member_info: memberInfo({
          user_id: 'carol',
          otp_count: otps.filter((otp) => otp.status === 'active').length,
        }),
      }),
    ),
    http.get('/api/v1/otp', () =>
      HttpResponse.json({
        data: otps.map((otp) => ({
          ...otp,
          activated_date: otp.status === 'active' ? '2026-03-02T00:00:00.000Z' : null,
          deactivated_date: null,
        })),
      }),
    ),
  );
});

function onWrite(path: string, answer: (body: Record<string, unknown>) => Response) {
  server.use(
    http.post(`/api/v1/${path}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      writes.push({ path, body });
      return answer(body);
    }),
  );
}

function typeCode(container: HTMLElement, code: string) {
  const inputs = within(container).getAllByLabelText('One-time password');
  code.split('').forEach((digit, index) => {
    fireEvent.change(inputs[index] as HTMLElement, { target: { value: digit } });
  });
}

async function otpSection() {
  return screen.findByRole('region', { name: 'One-time password (OTP)' });
}

test('registering shows the QR code and setup key; activation needs the saved key and a code', async () => {
  onWrite('otp', () => {
    otps = [{ otp_id: otpId, status: 'registered', regdate: '2026-03-02T00:00:00.000Z' }];
    return HttpResponse.json(
      { data: { otp_id: otpId, secret, otpauth_uri: otpauthUri }, position: '30:0' },
      { status: 201 },
    );
  });
  onWrite(`otp/${otpId}/activate`, (body) =>
    body.otp_token === '123456'
      ? HttpResponse.json({ data: { otp_id: otpId, status: 'active', sessions_ended: true } })
      : problem(422, 'otp_invalid'),
  );
  const app = renderApp('/my-page');
  const card = await otpSection();
  expect(await within(card).findByText('No one-time password is registered.')).toBeDefined();
  fireEvent.click(within(card).getByRole('button', { name: 'Register a new OTP' }));

  const setup = await within(card).findByRole('region', { name: 'Set up your authenticator app' });
  expect(
    within(setup).getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeDefined();
  expect(within(setup).getByLabelText('Setup key').textContent).toBe(secret);
  expect(
    within(setup).getByRole('link', { name: 'Open in an authenticator app on this device' }),
  ).toHaveProperty('href', otpauthUri);
  expect(within(card).getByText('Waiting for activation')).toBeDefined();

  // The code waits for the confirmation that the key is stored safely.
  for (const input of within(setup).getAllByLabelText('One-time password')) {
    expect(input).toHaveProperty('disabled', true);
  }
  fireEvent.click(within(setup).getByLabelText(/I have stored the setup key/));
  typeCode(setup, '654321');
  expect(
    await within(setup).findByText('The one-time password is wrong or was already used.'),
  ).toBeDefined();
  typeCode(setup, '123456');

  await waitFor(() => expect(app.location().pathname).toBe('/login-me'));
  expect(app.search()).toEqual({ redirectFrom: '/my-page' });
  expect(await screen.findByText(/Your one-time password is active/)).toBeDefined();
  expect(writes.map((write) => [write.path, write.body])).toEqual([
    ['otp', {}],
    [`otp/${otpId}/activate`, { otp_token: '654321' }],
    [`otp/${otpId}/activate`, { otp_token: '123456' }],
  ]);
});

test('the OTP limit is refused with its localized message', async () => {
  onWrite('otp', () => problem(422, 'otp_limit_reached'));
  renderApp('/my-page');
  const card = await otpSection();
  fireEvent.click(within(card).getByRole('button', { name: 'Register a new OTP' }));
  expect(
    await within(card).findByText('No more one-time passwords can be registered.'),
  ).toBeDefined();
});

test('a registration never activated is cancelled after a confirm', async () => {
  otps = [{ otp_id: otpId, status: 'registered', regdate: '2026-03-02T00:00:00.000Z' }];
  onWrite(`otp/${otpId}/deactivate`, () => {
    otps = [];
    return HttpResponse.json({
      data: { otp_id: otpId, status: 'deactivated', sessions_ended: false },
      position: '31:0',
    });
  });
  renderApp('/my-page');
  const card = await otpSection();
  expect(await within(card).findByText(/Its setup key is shown only once/)).toBeDefined();
  fireEvent.click(within(card).getByRole('button', { name: 'Cancel registration' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the registration' }));
  expect(await within(card).findByText('No one-time password is registered.')).toBeDefined();
  expect(writes).toEqual([{ path: `otp/${otpId}/deactivate`, body: {} }]);
});

test('deactivating an active OTP asks for a code; a refusal is shown, success ends the session', async () => {
  otps = [{ otp_id: otpId, status: 'active', regdate: '2026-03-02T00:00:00.000Z' }];
  let isCancelAllowed = false;
  onWrite(`otp/${otpId}/deactivate`, () =>
    isCancelAllowed
      ? HttpResponse.json({
          data: { otp_id: otpId, status: 'deactivated', sessions_ended: true },
          position: '32:0',
        })
      : problem(409, 'otp_cancel_not_allowed'),
  );
  const app = renderApp('/my-page');
  const card = await otpSection();
  fireEvent.click(await within(card).findByRole('button', { name: 'Deactivate' }));
  const dialog = await screen.findByRole('dialog', { name: 'Deactivate the one-time password' });
  typeCode(dialog, '112233');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
  expect(
    await within(dialog).findByText('Cancelling the one-time password is not allowed.'),
  ).toBeDefined();
  isCancelAllowed = true;
  fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
  await waitFor(() => expect(app.location().pathname).toBe('/login-me'));
  expect(
    await screen.findByText('The one-time password was deactivated. Please log in again.'),
  ).toBeDefined();
  expect(writes.map((write) => write.body)).toEqual([
    { otp_token: '112233' },
    { otp_token: '112233' },
  ]);
});
