// @vitest-environment happy-dom
// Proves account recovery against msw: the identifier asks for a mailed code, then the 6-digit
// code and a confirmed new password reset it and lead to /login; a wrong code shows its message.
import '../../test-support/dom-environment.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, expect, test } from 'vitest';
import { problem, useApiServer } from '../../test-support/api-server.ts';
import { renderApp, startI18n } from '../../test-support/render-app.tsx';

const server = useApiServer();
beforeAll(() => startI18n('en-US'));

async function requestCode() {
  fireEvent.change(await screen.findByLabelText(/User ID or email/), {
    target: { value: 'alice' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Send me a reset code' }));
  const digits = await screen.findAllByLabelText('Reset code');
  '482913'.split('').forEach((digit, index) => {
    fireEvent.change(digits[index] as HTMLElement, { target: { value: digit } });
  });
  fireEvent.change(screen.getByLabelText(/^New password/), {
    target: { value: 'a fresh passphrase' },
  });
  fireEvent.change(screen.getByLabelText(/^Confirm the new password/), {
    target: { value: 'a fresh passphrase' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Reset the password' }));
}

test('a mailed code and a new password reset the account', async () => {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/v1/member/find', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ data: { accepted: true }, position: null }, { status: 202 });
    }),
    http.post('/api/v1/member/find/reset', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ data: {}, position: '1:0' });
    }),
  );
  const app = renderApp('/find');
  await requestCode();
  await waitFor(() => expect(app.location().pathname).toBe('/login'));
  expect(bodies).toEqual([
    { user_id: 'alice' },
    { user_id: 'alice', code: '482913', new_password: 'a fresh passphrase' },
  ]);
});

test('a wrong code says so', async () => {
  server.use(
    http.post('/api/v1/member/find', () =>
      HttpResponse.json({ data: { accepted: true } }, { status: 202 }),
    ),
    http.post('/api/v1/member/find/reset', () => problem(422, 'verification_code_invalid')),
  );
  renderApp('/find');
  await requestCode();
  expect(await screen.findByText('The verification code is wrong or has expired.')).toBeDefined();
});
