// @vitest-environment happy-dom
// Proves admin config/cs and config/notification against msw: config/cs saves the ticket
// defaults, guest tickets and the managers' addresses as their catalogue keys; config/notification
// saves who hears of an event by which channel and a per-locale template, whose preview fills the
// sample values as it is typed.
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

const settings = [
  { key: 'cs.defaultTicketTypeSeq', value: null },
  { key: 'cs.defaultNotifyMember', value: true },
  { key: 'cs.defaultNotifyManager', value: true },
  { key: 'cs.guestTicketsEnabled', value: false },
  { key: 'cs.notifiedManagerEmails', value: [] },
  { key: 'notification.rules', value: { sign_up: { member: ['mail'], manager: [] } } },
  { key: 'notification.templates', value: {} },
];

beforeEach(() => {
  puts = [];
  server.use(
    ...signedInHandlers({ seq: 1, user_id: 'root', is_admin: true }),
    http.get('/api/v1/admin/setting', () => HttpResponse.json({ data: settings })),
    http.put('/api/v1/admin/setting/:key', async ({ params, request }) => {
      const { value } = (await request.json()) as { value: unknown };
      puts.push({ key: String(params.key), value });
      return HttpResponse.json({ data: { key: params.key }, position: '60:1' });
    }),
  );
});

test('config/cs saves the ticket defaults, guest tickets and the managers told', async () => {
  renderApp('/admin/config/cs');
  const form = await screen.findByRole('form', { name: 'Customer service settings' });
  const guests = within(form).getByLabelText(
    'Visitors may file tickets (where the ticket type allows it)',
  ) as HTMLInputElement;
  await waitFor(() => expect(guests.disabled).toBe(false));
  fireEvent.change(within(form).getByLabelText('Ticket type a new ticket starts with'), {
    target: { value: '3' },
  });
  fireEvent.click(guests);
  fireEvent.click(within(form).getByLabelText('New ticket types notify the managers'));
  fireEvent.change(within(form).getByLabelText('Managers told of new tickets'), {
    target: { value: 'cs@ledger.local, ops@ledger.local' },
  });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(puts).toHaveLength(4));
  expect(puts).toEqual([
    { key: 'cs.defaultTicketTypeSeq', value: 3 },
    { key: 'cs.defaultNotifyManager', value: false },
    { key: 'cs.guestTicketsEnabled', value: true },
    { key: 'cs.notifiedManagerEmails', value: ['cs@ledger.local', 'ops@ledger.local'] },
  ]);
});

test('config/notification saves the rules and a template, previewing it with sample values', async () => {
  renderApp('/admin/config/notification');
  const form = await screen.findByRole('form', { name: 'Notification settings' });
  const signUpMail = within(form).getByLabelText('Sign-up: Member by mail') as HTMLInputElement;
  await waitFor(() => expect(signUpMail.checked).toBe(true));
  fireEvent.click(signUpMail);
  fireEvent.click(within(form).getByLabelText('Deposit credited: Member by SMS'));
  fireEvent.click(within(form).getByLabelText('Deposit credited: Managers by mail'));
  fireEvent.change(within(form).getByLabelText('Event'), { target: { value: 'deposit_credited' } });
  fireEvent.change(within(form).getByLabelText('Language'), { target: { value: 'en-US' } });
  fireEvent.change(within(form).getByLabelText('Subject'), {
    target: { value: '{{asset}} arrived' },
  });
  fireEvent.change(within(form).getByLabelText('Text'), {
    target: { value: 'Hello {{user_id}}, {{amount}} {{asset}} is in your account.' },
  });
  const preview = within(form).getByRole('region', { name: 'Preview' });
  expect(within(preview).getByText('BTC arrived')).toBeTruthy();
  expect(within(preview).getByText('Hello alice, 0.5 BTC is in your account.')).toBeTruthy();
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(puts).toHaveLength(2));
  expect(puts).toEqual([
    {
      key: 'notification.rules',
      value: { deposit_credited: { member: ['sms'], manager: ['mail'] } },
    },
    {
      key: 'notification.templates',
      value: {
        deposit_credited: {
          'en-US': {
            subject: '{{asset}} arrived',
            body: 'Hello {{user_id}}, {{amount}} {{asset}} is in your account.',
          },
        },
      },
    },
  ]);
});
