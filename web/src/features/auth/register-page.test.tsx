// @vitest-environment happy-dom
// Proves sign-up against msw: missing fields, a bad email, different passwords and missing
// consents are caught before sending; a valid form posts the contracts' registration body with
// an Idempotency-Key kept for a retry of the same submission; server failures show their message.
import '../../test-support/dom-environment.ts';
import { RegisterMemberRequestSchema } from '@ledger/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, expect, test } from 'vitest';
import { problem, useApiServer } from '../../test-support/api-server.ts';
import { renderApp, startI18n } from '../../test-support/render-app.tsx';

const server = useApiServer();
beforeAll(() => startI18n('en-US'));

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

test('the form is checked before anything is sent', async () => {
  renderApp('/register');
  await screen.findByRole('button', { name: 'Sign up' });
  fill(/^Email/, 'not-an-email');
  fill(/^Password/, 'one');
  fill(/^Confirm password/, 'two');
  fireEvent.click(await screen.findByRole('button', { name: 'Sign up' }));
  expect(screen.getAllByText('This field is required.')).toHaveLength(2);
  expect(screen.getByText('Enter a valid email address.')).toBeDefined();
  expect(screen.getByText('The passwords do not match.')).toBeDefined();
  expect(screen.getByText('Please accept all required agreements.')).toBeDefined();
});

test('a valid form posts the registration, retried with the same key, then goes to /login', async () => {
  const bodies: unknown[] = [];
  const keys: (string | null)[] = [];
  server.use(
    http.post('/api/v1/member', async ({ request }) => {
      bodies.push(await request.json());
      keys.push(request.headers.get('idempotency-key'));
      return bodies.length === 1
        ? problem(503, 'service_unavailable')
        : HttpResponse.json({ data: { member_seq: 9 }, position: '1:0' });
    }),
  );
  const app = renderApp('/register');
  await screen.findByRole('button', { name: 'Sign up' });
  fill(/^User ID/, 'carol');
  fill(/^Name/, 'Carol Lee');
  fill(/^Email/, 'carol@example.test');
  fill(/^Password/, 'a long passphrase');
  fill(/^Confirm password/, 'a long passphrase');
  fireEvent.click(await screen.findByLabelText(/terms of service/));
  fireEvent.click(screen.getByLabelText(/privacy policy/));
  fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
  expect(await screen.findByText('The service is unavailable. Try again later.')).toBeDefined();
  fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
  await waitFor(() => expect(app.location().pathname).toBe('/login'));
  expect(RegisterMemberRequestSchema.parse(bodies[0])).toEqual({
    user_id: 'carol',
    password: 'a long passphrase',
    email_address: 'carol@example.test',
    user_name: 'Carol Lee',
    consents: ['terms_of_service', 'privacy_policy'],
  });
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
});

test('a taken user id shows the localized message', async () => {
  server.use(http.post('/api/v1/member', () => problem(409, 'user_id_taken')));
  renderApp('/register');
  await screen.findByRole('button', { name: 'Sign up' });
  fill(/^User ID/, 'alice');
  fill(/^Name/, 'Alice');
  fill(/^Email/, 'alice@example.test');
  fill(/^Password/, 'a long passphrase');
  fill(/^Confirm password/, 'a long passphrase');
  fireEvent.click(await screen.findByLabelText(/terms of service/));
  fireEvent.click(screen.getByLabelText(/privacy policy/));
  fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
  expect(await screen.findByText('This user ID is already taken.')).toBeDefined();
});
