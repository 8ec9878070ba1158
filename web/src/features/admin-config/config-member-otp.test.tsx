// @vitest-environment happy-dom
// Proves admin config/member and config/otp against msw: each shows its settings read from
// GET /admin/setting and saving sends one PUT /admin/setting/{key} per changed key (recommender
// groups as group numbers, OTP actions in the catalogue's order); a value the server refuses shows
// the server's field-level reason under that field.
import '../../test-support/dom-environment.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import { useApiServer } from '../../test-support/api-server.ts';
import { listAnswer } from '../../test-support/fixtures.ts';
import { renderApp, startI18n } from '../../test-support/render-app.tsx';
import { signedInHandlers } from '../../test-support/signed-in.ts';

const server = useApiServer();
beforeAll(() => startI18n('en-US'));

let puts: { key: string; value: unknown }[] = [];

const settings = [
  { key: 'member.signUpEnabled', value: true },
  { key: 'member.requiredConsents', value: ['terms_of_service'] },
  { key: 'member.loginIdentifier', value: 'user_id' },
  { key: 'member.recommenderAllowedGroups', value: [] },
  { key: 'otp.allowCancel', value: true },
  { key: 'otp.maximumCount', value: 1 },
  { key: 'otp.requiredActions', value: ['login', 'change_password'] },
];

beforeEach(() => {
  puts = [];
  server.use(
    ...signedInHandlers({ seq: 1, user_id: 'root', is_admin: true }),
    http.get('/api/v1/admin/setting', () => HttpResponse.json({ data: settings })),
    http.get('/api/v1/admin/member-group', () =>
      HttpResponse.json(
        listAnswer([
          {
            group_seq: 4,
            name: 'Partners',
            member_count: 2,
            regdate: '2026-01-01T00:00:00.000Z',
            updated_date: '2026-01-01T00:00:00.000Z',
          },
        ]),
      ),
    ),
    http.put('/api/v1/admin/setting/:key', async ({ params, request }) => {
      const { value } = (await request.json()) as { value: unknown };
      if (params.key === 'otp.maximumCount' && value === 0) {
        return HttpResponse.json(
          {
            type: 'urn:ledger:problem:setting_value_invalid',
            title: 'The setting value is not valid.',
            status: 422,
            code: 'setting_value_invalid',
            key: 'otp.maximumCount',
            errors: [{ path: 'value', code: 'too_small', message: 'At least 1.' }],
          },
          { status: 422, headers: { 'content-type': 'application/problem+json' } },
        );
      }
      puts.push({ key: String(params.key), value });
      return HttpResponse.json({ data: { key: params.key }, position: '60:1' });
    }),
  );
});

test('config/member saves sign-up off, the consents and the recommender groups', async () => {
  renderApp('/admin/config/member');
  const form = await screen.findByRole('form', { name: 'Member settings' });
  const signUp = within(form).getByLabelText('Visitors may sign up') as HTMLInputElement;
  await waitFor(() => expect(signUp.checked).toBe(true));
  fireEvent.click(signUp);
  const consents = within(form).getByLabelText('Consents required at sign-up');
  await waitFor(() => expect((consents as HTMLInputElement).value).toBe('terms_of_service'));
  fireEvent.change(consents, { target: { value: 'terms_of_service, privacy_policy,' } });
  fireEvent.click(await within(form).findByLabelText('Partners'));
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(puts).toHaveLength(3));
  expect(puts).toEqual([
    { key: 'member.signUpEnabled', value: false },
    { key: 'member.requiredConsents', value: ['terms_of_service', 'privacy_policy'] },
    { key: 'member.recommenderAllowedGroups', value: [4] },
  ]);
});

test('config/otp saves the actions in order and shows a refused count under its field', async () => {
  renderApp('/admin/config/otp');
  const form = await screen.findByRole('form', { name: 'OTP settings' });
  const count = within(form).getByLabelText('OTPs a member may register') as HTMLInputElement;
  await waitFor(() => expect(count.value).toBe('1'));
  fireEvent.click(within(form).getByLabelText('Withdraw an asset'));
  fireEvent.click(within(form).getByLabelText('Change the password'));
  fireEvent.click(within(form).getByLabelText('Deactivate an OTP'));
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(puts).toHaveLength(1));
  expect(puts).toEqual([
    { key: 'otp.requiredActions', value: ['login', 'deactivate_otp', 'withdraw_asset'] },
  ]);
  fireEvent.change(count, { target: { value: '0' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  expect(await within(form).findByText('At least 1.')).toBeTruthy();
  expect(count.getAttribute('aria-invalid')).toBe('true');
});
