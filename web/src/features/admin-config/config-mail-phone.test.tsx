// @vitest-environment happy-dom
// Proves admin config/mail and config/phone against msw: secrets show only as set or not set, a
// typed secret is written through PUT /admin/setting-secret/{key} (and the field empties), "Clear"
// clears one, plain fields go through PUT /admin/setting/{key}, and the test send posts the
// address or number to its test-send route.
import '../../test-support/dom-environment.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import { useApiServer } from '../../test-support/api-server.ts';
import { renderApp, startI18n } from '../../test-support/render-app.tsx';
import { signedInHandlers } from '../../test-support/signed-in.ts';

const server = useApiServer();
beforeAll(() => startI18n('en-US'));

let calls: string[] = [];

const settings = [
  { key: 'mail.provider', value: 'outbox' },
  { key: 'mail.domain', value: 'ledger.local' },
  { key: 'mail.defaultSender', value: 'no-reply@ledger.local' },
  { key: 'mail.smtpHost', value: '' },
  { key: 'mail.smtpPort', value: 587 },
  { key: 'mail.smtpSecure', value: false },
  { key: 'mail.smtpUser', value: '' },
  { key: 'mail.apiKey', value: { isSet: false, changedAt: null } },
  { key: 'mail.smtpPassword', value: { isSet: true, changedAt: '2026-01-01T00:00:00.000Z' } },
  { key: 'phone.callerNumber', value: '' },
  { key: 'phone.smsProvider', value: 'outbox' },
  { key: 'phone.smsApiKey', value: { isSet: false, changedAt: null } },
];

beforeEach(() => {
  calls = [];
  const record = async (request: Request, path: string) => {
    calls.push(`${request.method} ${path} ${JSON.stringify(await request.json())}`);
  };
  server.use(
    ...signedInHandlers({ seq: 1, user_id: 'root', is_admin: true }),
    http.get('/api/v1/admin/setting', () => HttpResponse.json({ data: settings })),
    http.put('/api/v1/admin/setting/:key', async ({ params, request }) => {
      await record(request, `setting/${params.key}`);
      return HttpResponse.json({ data: { key: params.key }, position: '60:1' });
    }),
    http.put('/api/v1/admin/setting-secret/:key', async ({ params, request }) => {
      await record(request, `secret/${params.key}`);
      return HttpResponse.json({ data: { key: params.key, is_set: true }, position: '60:2' });
    }),
    http.post('/api/v1/admin/config/:channel/test-send', async ({ params, request }) => {
      await record(request, `test/${params.channel}`);
      return HttpResponse.json({ data: {} });
    }),
  );
});

test('config/mail writes a typed secret, clears one, saves a plain field and sends a test mail', async () => {
  renderApp('/admin/config/mail');
  const form = await screen.findByRole('form', { name: 'Mail settings' });
  const sender = within(form).getByLabelText('Default sender address') as HTMLInputElement;
  await waitFor(() => expect(sender.value).toBe('no-reply@ledger.local'));
  expect(within(form).getByText('Not set')).toBeTruthy();
  expect(within(form).getByText('Set')).toBeTruthy();
  fireEvent.change(sender, { target: { value: 'support@ledger.local' } });
  const apiKey = within(form).getByLabelText('Mail provider API key') as HTMLInputElement;
  fireEvent.change(apiKey, { target: { value: 'key-123' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(calls).toHaveLength(2));
  expect(calls).toEqual([
    'PUT setting/mail.defaultSender {"value":"support@ledger.local"}',
    'PUT secret/mail.apiKey {"value":"key-123"}',
  ]);
  await waitFor(() => expect(apiKey.value).toBe(''));
  fireEvent.click(within(form).getByRole('button', { name: 'Clear SMTP password' }));
  await waitFor(() => expect(calls).toHaveLength(3));
  expect(calls[2]).toBe('PUT secret/mail.smtpPassword {"value":null}');
  fireEvent.change(within(form).getByLabelText('Send a test mail to'), {
    target: { value: 'ops@example.test' },
  });
  fireEvent.click(within(form).getByRole('button', { name: 'Send a test mail' }));
  await waitFor(() => expect(calls).toHaveLength(4));
  expect(calls[3]).toBe('POST test/mail {"to":"ops@example.test"}');
});

test('config/phone saves the caller number and sends a test SMS', async () => {
  renderApp('/admin/config/phone');
  const form = await screen.findByRole('form', { name: 'Phone settings' });
  const caller = within(form).getByLabelText('Caller number');
  await waitFor(() => expect(within(form).getByText('Not set')).toBeTruthy());
  fireEvent.change(caller, { target: { value: '+8215880000' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(calls).toEqual(['PUT setting/phone.callerNumber {"value":"+8215880000"}']),
  );
  fireEvent.change(within(form).getByLabelText('Send a test SMS to'), {
    target: { value: '+821012345678' },
  });
  fireEvent.click(within(form).getByRole('button', { name: 'Send a test SMS' }));
  await waitFor(() => expect(calls).toHaveLength(2));
  expect(calls[1]).toBe('POST test/phone {"to":"+821012345678"}');
});
