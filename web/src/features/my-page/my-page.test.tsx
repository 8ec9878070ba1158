// @vitest-environment happy-dom
// Proves my page against msw: it shows the member (UID, join date, recent login, security level),
// verifies the email with a code entered within the 5-minute countdown (re-reading the member after
// the write), changes the password and ends the session, re-verifies a changed email, asks for the
// OTP where needed, withdraws only after the typed phrase, and shows each failure's code localized.
import '../../test-support/dom-environment.ts';
import type { MemberInfo } from '@ledger/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { accessTokenCookie } from '../../lib/access-token.ts';
import { problem, useApiServer } from '../../test-support/api-server.ts';
import { memberInfo, tokenAnswer } from '../../test-support/fixtures.ts';
import { fakeToken, renderApp, startI18n } from '../../test-support/render-app.tsx';

const server = useApiServer();
beforeAll(() => startI18n('en-US'));

type Call = { method: string; path: string; body: unknown; search: string };
let calls: Call[] = [];
let member: MemberInfo;

/** A logged-in member whose /member/me answers the current `member`; every call is recorded. */
beforeEach(() => {
  calls = [];
  member = memberInfo({
    seq: 42,
    uid: 'M00000042',
    user_id: 'carol',
    user_name: 'Carol Lee',
    email_address: 'carol@example.test',
    is_email_verified: false,
    regdate: '2026-03-01T01:00:00.000Z',
    last_login: '2026-03-18T06:30:00.000Z',
    security_level: 2,
  });
  const token = fakeToken();
  server.use(
    http.post('/api/v1/auth/token/refresh', () => HttpResponse.json(tokenAnswer(token))),
    http.get('/api/v1/member/me', ({ request }) => {
      calls.push({
        method: 'GET',
        path: 'member/me',
        body: null,
        search: new URL(request.url).search,
      });
      return HttpResponse.json({ member_info: member });
    }),
    http.get('/api/v1/otp', () => HttpResponse.json({ data: [] })),
    http.post('/api/v1/auth/logout', () => {
      calls.push({ method: 'POST', path: 'auth/logout', body: null, search: '' });
      return new HttpResponse(null, { status: 204 });
    }),
  );
});
afterEach(() => vi.useRealTimers());

/** Records a write to `path` and answers it with `answer` (a Response), else a written position. */
function onWrite(method: 'post' | 'put', path: string, answer?: (body: unknown) => Response) {
  server.use(
    http[method](`/api/v1/${path}`, async ({ request }) => {
      const body = await request.json();
      calls.push({ method: method.toUpperCase(), path, body, search: '' });
      return answer?.(body) ?? HttpResponse.json({ data: {}, position: '17:3' });
    }),
  );
}

const written = (path: string) => calls.filter((call) => call.path === path);

function section(name: string) {
  return screen.getByRole('region', { name });
}

function typeCode(label: string, code: string, container: HTMLElement = document.body) {
  const inputs = within(container).getAllByLabelText(label);
  code.split('').forEach((digit, index) => {
    fireEvent.change(inputs[index] as HTMLElement, { target: { value: digit } });
  });
}

test('my page shows the member: UID, join date, recent login and security level', async () => {
  renderApp('/my-page');
  expect(await screen.findByRole('heading', { level: 1, name: 'My page' })).toBeDefined();
  const profile = section('Member information');
  expect(within(profile).getByText('M00000042')).toBeDefined();
  expect(within(profile).getByText('carol')).toBeDefined();
  expect(within(profile).getByText('Not verified')).toBeDefined();
  // Join date and recent login in the service time zone (Asia/Seoul).
  expect(within(profile).getByText(/03\/01\/2026/)).toBeDefined();
  expect(within(profile).getByText(/03\/18\/2026, 15:30:00/)).toBeDefined();
  const security = section('Security level');
  expect(within(security).getByText('Level 2 of 10')).toBeDefined();
  expect(within(security).getByText('Email verification: not yet')).toBeDefined();
  expect(document.title).toBe('My page | Ledger Exchange');
});

test('a mailed code verifies the email within the 5-minute countdown', async () => {
  onWrite('post', 'member/me/email-verification', () =>
    HttpResponse.json({ data: { sent: true }, position: '17:1' }, { status: 202 }),
  );
  onWrite('post', 'member/me/email-verification/confirm', (body) => {
    if ((body as { code: string }).code !== '123456')
      return problem(422, 'verification_code_invalid');
    member = { ...member, is_email_verified: true };
    return HttpResponse.json({ data: { verified: true }, position: '17:2' });
  });
  renderApp('/my-page');
  const card = await screen.findByRole('region', { name: 'Email verification' });
  fireEvent.click(within(card).getByRole('button', { name: 'Send a code' }));
  expect(
    await within(card).findByText(/We sent a 6-digit code to carol@example.test/),
  ).toBeDefined();
  expect(within(card).getByRole('timer').textContent).toMatch(/^Time left: (5:00|4:5\d)$/);

  typeCode('Verification code', '654321', card);
  expect(
    await within(card).findByText('The verification code is wrong or has expired.'),
  ).toBeDefined();
  typeCode('Verification code', '123456', card);
  expect(await screen.findByText('Your email address is verified.')).toBeDefined();
  await waitFor(() =>
    expect(screen.queryByRole('region', { name: 'Email verification' })).toBeNull(),
  );
  expect(within(section('Member information')).getByText('Verified')).toBeDefined();
  expect(written('member/me/email-verification/confirm').map((call) => call.body)).toEqual([
    { code: '654321' },
    { code: '123456' },
  ]);
  // The member is read again once the read models have the confirmation (read-your-writes).
  expect(written('member/me').at(-1)?.search).toBe('?after=17%3A2');
});

test('after 5 minutes the code has expired and cannot be entered', async () => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
  onWrite('post', 'member/me/email-verification');
  renderApp('/my-page');
  const card = await screen.findByRole('region', { name: 'Email verification' });
  fireEvent.click(within(card).getByRole('button', { name: 'Send a code' }));
  await within(card).findByRole('timer');
  vi.advanceTimersByTime(2 * 60_000);
  await waitFor(() =>
    expect(within(card).getByRole('timer').textContent).toMatch(/Time left: [23]:\d\d/),
  );
  vi.advanceTimersByTime(3 * 60_000);
  expect(await within(card).findByText('The code has expired. Send a new one.')).toBeDefined();
  for (const input of within(card).getAllByLabelText('Verification code')) {
    expect(input).toHaveProperty('disabled', true);
  }
});

test('a password change checks the form, maps the server code, then ends the session', async () => {
  accessTokenCookie.write(fakeToken());
  let attempts = 0;
  onWrite('put', 'member/me/password', () => {
    attempts += 1;
    return attempts === 1
      ? problem(403, 'current_password_incorrect')
      : HttpResponse.json({ data: { sessions_ended: true }, position: '18:0' });
  });
  const app = renderApp('/my-page');
  const form = await screen.findByRole('form', { name: 'Password change form' });
  fireEvent.change(within(form).getByLabelText(/^Current password/), {
    target: { value: 'old one' },
  });
  fireEvent.change(within(form).getByLabelText(/^New password/), {
    target: { value: 'new long one' },
  });
  fireEvent.change(within(form).getByLabelText(/^Confirm the new password/), {
    target: { value: 'typo' },
  });
  fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
  expect(within(form).getByText('The passwords do not match.')).toBeDefined();
  expect(written('member/me/password')).toEqual([]);

  fireEvent.change(within(form).getByLabelText(/^Confirm the new password/), {
    target: { value: 'new long one' },
  });
  fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
  expect(await within(form).findByText('The current password is incorrect.')).toBeDefined();
  fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));

  await waitFor(() => expect(app.location().pathname).toBe('/login-me'));
  expect(app.search()).toEqual({ redirectFrom: '/my-page' });
  expect(await screen.findByText('Your password was changed. Please log in again.')).toBeDefined();
  expect(written('member/me/password').map((call) => call.body)).toEqual([
    { current_password: 'old one', new_password: 'new long one' },
    { current_password: 'old one', new_password: 'new long one' },
  ]);
  expect(written('auth/logout')).toHaveLength(1);
  expect(accessTokenCookie.read()).toBeUndefined();
});

test('a changed email is re-verified: the code goes to the new address', async () => {
  member = { ...member, is_email_verified: true };
  onWrite('put', 'member/me/email', () =>
    HttpResponse.json({ data: { sent: true }, position: '19:0' }, { status: 202 }),
  );
  renderApp('/my-page');
  const form = await screen.findByRole('form', { name: 'Email change form' });
  expect(screen.queryByRole('region', { name: 'Email verification' })).toBeNull();
  fireEvent.change(within(form).getByLabelText(/^New email address/), {
    target: { value: 'not-an-email' },
  });
  fireEvent.click(within(form).getByRole('button', { name: 'Send a code to the new address' }));
  expect(within(form).getByText('Enter a valid email address.')).toBeDefined();
  expect(within(form).getByText('This field is required.')).toBeDefined();
  fireEvent.change(within(form).getByLabelText(/^New email address/), {
    target: { value: 'carol.new@example.test' },
  });
  fireEvent.change(within(form).getByLabelText(/^Current password/), { target: { value: 'pw' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Send a code to the new address' }));
  const card = await screen.findByRole('region', { name: 'Confirm your new email address' });
  expect(within(card).getByText(/We sent a 6-digit code to carol.new@example.test/)).toBeDefined();
  expect(within(card).getByRole('timer')).toBeDefined();
  // A fresh registration code would replace the pending change, so it is not offered here.
  expect(within(card).queryByRole('button', { name: /Send/ })).toBeNull();
  expect(written('member/me/email').map((call) => call.body)).toEqual([
    { email_address: 'carol.new@example.test', password: 'pw' },
  ]);
});

test('when the server asks for the OTP, the form shows the field and sends the code', async () => {
  member = { ...member, is_email_verified: true };
  onWrite('put', 'member/me/email', (body) =>
    (body as { otp_token?: string }).otp_token === undefined
      ? problem(403, 'otp_token_required')
      : HttpResponse.json({ data: { sent: true }, position: '19:1' }, { status: 202 }),
  );
  renderApp('/my-page');
  const form = await screen.findByRole('form', { name: 'Email change form' });
  expect(within(form).queryAllByLabelText('One-time password')).toHaveLength(0);
  fireEvent.change(within(form).getByLabelText(/^New email address/), {
    target: { value: 'carol.new@example.test' },
  });
  fireEvent.change(within(form).getByLabelText(/^Current password/), { target: { value: 'pw' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Send a code to the new address' }));
  expect(await within(form).findByText('This action needs your one-time password.')).toBeDefined();
  fireEvent.click(within(form).getByRole('button', { name: 'Send a code to the new address' }));
  expect(within(form).getByText('Enter all 6 digits.')).toBeDefined();
  typeCode('One-time password', '246810', form);
  fireEvent.click(within(form).getByRole('button', { name: 'Send a code to the new address' }));
  await screen.findByRole('region', { name: 'Confirm your new email address' });
  expect(written('member/me/email').at(-1)?.body).toEqual({
    email_address: 'carol.new@example.test',
    password: 'pw',
    otp_token: '246810',
  });
});

test('withdrawal needs the password, the typed phrase and (with an active OTP) the code', async () => {
  member = { ...member, is_email_verified: true, otp_count: 1 };
  onWrite('post', 'member/me/withdrawal', () =>
    HttpResponse.json({ data: { withdrawn: true }, position: '20:0' }),
  );
  const app = renderApp('/my-page');
  const form = await screen.findByRole('form', { name: 'Account withdrawal form' });
  fireEvent.click(within(form).getByRole('button', { name: 'Withdraw my account' }));
  expect(within(form).getByText('This field is required.')).toBeDefined();
  expect(within(form).getByText('Enter all 6 digits.')).toBeDefined();
  fireEvent.change(within(form).getByLabelText(/^Password/), { target: { value: 'my password' } });
  typeCode('One-time password', '135790', form);

  fireEvent.click(within(form).getByRole('button', { name: 'Withdraw my account' }));
  let dialog = await screen.findByRole('dialog', { name: 'Withdraw your account?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(written('member/me/withdrawal')).toEqual([]);

  fireEvent.click(within(form).getByRole('button', { name: 'Withdraw my account' }));
  dialog = await screen.findByRole('dialog', { name: 'Withdraw your account?' });
  const phrase = within(dialog).getByLabelText('Verification phrase').textContent ?? '';
  fireEvent.change(within(dialog).getByLabelText('Type the verification phrase'), {
    target: { value: phrase },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
  await waitFor(() => expect(app.location().pathname).toBe('/home'));
  expect(await screen.findByText(/Your account was closed/)).toBeDefined();
  expect(written('member/me/withdrawal').map((call) => call.body)).toEqual([
    { password: 'my password', otp_token: '135790' },
  ]);
});

test('an administrator cannot withdraw: the localized code says so', async () => {
  member = { ...member, is_email_verified: true, is_admin: true };
  onWrite('post', 'member/me/withdrawal', () => problem(409, 'administrator_cannot_withdraw'));
  renderApp('/my-page');
  const form = await screen.findByRole('form', { name: 'Account withdrawal form' });
  fireEvent.change(within(form).getByLabelText(/^Password/), { target: { value: 'pw' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Withdraw my account' }));
  const dialog = await screen.findByRole('dialog');
  const phrase = within(dialog).getByLabelText('Verification phrase').textContent ?? '';
  fireEvent.change(within(dialog).getByLabelText('Type the verification phrase'), {
    target: { value: phrase },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
  expect(await within(form).findByText('An administrator cannot withdraw.')).toBeDefined();
});

test('a visitor is sent to login-me and comes back to my page', async () => {
  server.use(http.post('/api/v1/auth/token/refresh', () => problem(401, 'unauthorized')));
  const app = renderApp('/my-page');
  await waitFor(() => expect(app.location().pathname).toBe('/login-me'));
  expect(app.search()).toEqual({ redirectFrom: '/my-page' });
});
