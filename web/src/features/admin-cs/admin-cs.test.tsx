// @vitest-environment happy-dom
// Proves the administrator's cs/ticket/list against msw: it sends its state, type and date filters,
// shows members' and guests' tickets with their state, answers a ticket from its row's dialog
// (which shows the question) with PUT .../answer, and completes an answered one through the
// confirm dialog.
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

let reads: Record<string, string>[] = [];
let writes: { path: string; body: unknown }[] = [];

const ticket = (ticketId: string, status: string, memberSeq: number | null, title: string) => ({
  ticket_id: ticketId,
  type_id: 'account',
  member_seq: memberSeq,
  is_guest: memberSeq === null,
  status,
  title,
  filed_at: '2026-03-01T01:00:00.000Z',
  answered_at: status === 'answered' ? '2026-03-01T02:00:00.000Z' : null,
  finished_at: null,
});
const open = ticket('00000000-0000-4000-8000-000000000001', 'open', 7, 'Cannot log in');
const answered = ticket('00000000-0000-4000-8000-000000000002', 'answered', null, 'Deposit late');

beforeEach(() => {
  reads = [];
  writes = [];
  server.use(
    ...signedInHandlers({ seq: 9, user_id: 'root', is_admin: true }),
    http.get('/api/v1/admin/cs/ticket', ({ request }) => {
      reads.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(listAnswer([open, answered]));
    }),
    http.get('/api/v1/admin/cs/ticket-type', () =>
      HttpResponse.json({
        data: [
          {
            type_id: 'account',
            title: 'Account',
            list_order: 1,
            use_content: true,
            allow_guest: false,
            notify_member: true,
            notify_manager: true,
          },
        ],
      }),
    ),
    http.get('/api/v1/admin/cs/ticket/:ticketId', () =>
      HttpResponse.json({
        data: { ...open, content: 'My password stopped working.', answer: null, guest_mail: null },
      }),
    ),
    http.put('/api/v1/admin/cs/*', async ({ request }) => {
      writes.push({ path: new URL(request.url).pathname, body: await request.json() });
      return HttpResponse.json({ data: {}, position: '12:1' });
    }),
  );
});

test('cs/ticket/list filters, and answers a ticket from its row', async () => {
  renderApp('/admin/cs/ticket/list?status=open&type_id=account&date_range=today');
  const row = (await screen.findByText('Cannot log in')).closest('tr') as HTMLElement;
  expect(within(row).getByText('Waiting')).toBeDefined();
  expect(within(row).getByText('Member 7')).toBeDefined();
  const guestRow = screen.getByText('Deposit late').closest('tr') as HTMLElement;
  expect(within(guestRow).getByText('Guest')).toBeDefined();
  expect(reads[0]).toMatchObject({ status: 'open', type_id: 'account', date_range: 'today' });
  fireEvent.click(within(row).getByRole('button', { name: 'Answer' }));
  const dialog = await screen.findByRole('dialog');
  expect(await within(dialog).findByText('My password stopped working.')).toBeDefined();
  fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Reset it here.' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
  await waitFor(() =>
    expect(writes).toEqual([
      {
        path: `/api/v1/admin/cs/ticket/${open.ticket_id}/answer`,
        body: { answer: 'Reset it here.' },
      },
    ]),
  );
});

test('an answered ticket is completed after the confirm dialog', async () => {
  renderApp('/admin/cs/ticket/list');
  const row = (await screen.findByText('Deposit late')).closest('tr') as HTMLElement;
  expect(within(row).getByText('Answered')).toBeDefined();
  fireEvent.click(within(row).getByRole('button', { name: 'Complete' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  await waitFor(() =>
    expect(writes).toEqual([
      { path: `/api/v1/admin/cs/ticket/${answered.ticket_id}/complete`, body: {} },
    ]),
  );
});
