// @vitest-environment happy-dom
// Proves the admin loginlog/list and activity-log/list screens against msw: the period, member,
// result, event and actor filters live in the URL and reach the server as the list query; results,
// events and actors are shown in words (unknown ones as sent); each row links to its member.
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

beforeEach(() => {
  reads = [];
  server.use(
    ...signedInHandlers({ user_id: 'root', is_admin: true }),
    http.get('/api/v1/admin/loginlog', ({ request }) => {
      reads.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(
        listAnswer([
          {
            attempt_id: 'a1',
            member_seq: 7,
            user_id: 'dora',
            result: 'rate_limited',
            session_id: null,
            attempted_at: '2026-03-18T01:02:03.000Z',
            request_id: 'r1',
            ip_address: '198.51.100.4',
            user_agent: 'Mozilla/5.0 (X11)',
          },
          {
            attempt_id: 'a2',
            member_seq: null,
            user_id: null,
            result: 'invalid_credentials',
            session_id: null,
            attempted_at: '2026-03-18T01:02:04.000Z',
            request_id: 'r2',
            ip_address: null,
            user_agent: null,
          },
        ]),
      );
    }),
    http.get('/api/v1/admin/activity-log', ({ request }) => {
      reads.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(
        listAnswer([
          {
            event_id: 'e1',
            position: '9:0',
            stream_name: 'member-7',
            event_type: 'SecurityLevelSet',
            actor: 'admin:1',
            request_id: 'r3',
            member_seq: 7,
            data: { memberSeq: 7, securityLevel: 4, securityLevelPrevious: 1 },
            occurred_at: '2026-03-18T02:00:00.000Z',
            ip_address: '192.0.2.1',
            user_agent: 'Mozilla/5.0',
          },
          {
            event_id: 'e2',
            position: '9:1',
            stream_name: 'future',
            event_type: 'SomethingNew',
            actor: null,
            request_id: null,
            member_seq: null,
            data: {},
            occurred_at: '2026-03-18T02:00:01.000Z',
            ip_address: null,
            user_agent: null,
          },
        ]),
      );
    }),
  );
});

test('loginlog/list: filters in the URL, results in words, members linked', async () => {
  const app = renderApp('/admin/loginlog/list?member_seq=7&date_range=today');
  expect(await screen.findByRole('heading', { level: 1, name: 'Login history' })).toBeDefined();
  const table = await screen.findByRole('table');
  expect(await within(table).findByText('Too many attempts')).toBeDefined();
  expect(within(table).getByText('Wrong ID or password')).toBeDefined();
  expect(within(table).getByText('Unknown account')).toBeDefined();
  expect(within(table).getByRole('link', { name: 'dora' }).getAttribute('href')).toBe(
    '/admin/member/7/loginlog',
  );
  expect(reads.at(-1)).toEqual({
    page: '1',
    page_size: '20',
    sort: 'attempted_at',
    order: 'desc',
    member_seq: '7',
    date_range: 'today',
  });
  fireEvent.change(screen.getByLabelText('Result'), { target: { value: '4' } });
  await waitFor(() =>
    expect(app.search()).toEqual({ member_seq: '7', date_range: 'today', result: 'rate_limited' }),
  );
  await waitFor(() => expect(reads.at(-1)).toMatchObject({ result: 'rate_limited' }));
  fireEvent.change(screen.getByLabelText('Member No.'), { target: { value: '12' } });
  fireEvent.keyDown(screen.getByLabelText('Member No.'), { key: 'Enter' });
  await waitFor(() => expect(reads.at(-1)).toMatchObject({ member_seq: '12' }));
});

test('activity-log/list: events and actors in words, unknown events as sent, filters in the URL', async () => {
  const app = renderApp('/admin/activity-log/list?event_type=SecurityLevelSet&actor=admin%3A1');
  expect(await screen.findByRole('heading', { level: 1, name: 'Activity log' })).toBeDefined();
  const table = await screen.findByRole('table');
  expect(await within(table).findByText('Security level set')).toBeDefined();
  expect(within(table).getByText('Administrator (No. 1)')).toBeDefined();
  expect(within(table).getByText('SomethingNew')).toBeDefined();
  expect(within(table).getByText('{"securityLevel":4,"securityLevelPrevious":1}')).toBeDefined();
  expect(within(table).getByRole('link', { name: 'No. 7' }).getAttribute('href')).toBe(
    '/admin/member/7/view',
  );
  expect(reads.at(-1)).toMatchObject({ event_type: 'SecurityLevelSet', actor: 'admin:1' });
  fireEvent.change(screen.getByLabelText('Event'), { target: { value: '15' } });
  await waitFor(() => expect(app.search()).toMatchObject({ event_type: 'OtpActivated' }));
  await waitFor(() => expect(reads.at(-1)).toMatchObject({ event_type: 'OtpActivated' }));
});
