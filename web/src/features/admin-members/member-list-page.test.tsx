// @vitest-environment happy-dom
// Proves admin member/list against msw: the URL's filters, period and sort reach GET /admin/member
// as the list query (defaults left out of the URL), each filter control rewrites the URL from page
// 1, rows show standing and link to the member view, and empty lists and refusals say so.
import '../../test-support/dom-environment.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import { problem, useApiServer } from '../../test-support/api-server.ts';
import { listAnswer, memberInfo } from '../../test-support/fixtures.ts';
import { renderApp, startI18n } from '../../test-support/render-app.tsx';
import { signedInHandlers } from '../../test-support/signed-in.ts';

const server = useApiServer();
beforeAll(() => startI18n('en-US'));

let requests: Record<string, string>[] = [];
let answer: () => Response;

const members = [
  memberInfo({
    seq: 7,
    uid: 'M00000007',
    user_id: 'dora',
    user_name: 'Dora Park',
    is_denied: true,
  }),
  memberInfo({ seq: 8, uid: 'M00000008', user_id: null, user_name: null, is_alive: false }),
  memberInfo({ seq: 9, uid: 'M00000009', user_id: 'root', is_admin: true, security_level: 5 }),
];

beforeEach(() => {
  requests = [];
  answer = () => HttpResponse.json(listAnswer(members));
  server.use(
    ...signedInHandlers({ seq: 9, user_id: 'root', is_admin: true }),
    http.get('/api/v1/admin/member-group', () =>
      HttpResponse.json(
        listAnswer([
          {
            group_seq: 3,
            name: 'VIP',
            member_count: 1,
            regdate: '2026-01-01T00:00:00.000Z',
            updated_date: '2026-01-01T00:00:00.000Z',
          },
        ]),
      ),
    ),
    http.get('/api/v1/admin/member', ({ request }) => {
      requests.push(Object.fromEntries(new URL(request.url).searchParams));
      return answer();
    }),
  );
});

const lastRequest = () => requests.at(-1) ?? {};

test('the URL filters, period and sort are the request; rows show standing and link to the view', async () => {
  renderApp(
    '/admin/member/list?is_denied=true&security_level=3&group_seq=3&search=kim&date_range=last_7_days&sort=last_login&order=asc',
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeDefined();
  await screen.findByText('Dora Park');
  expect(lastRequest()).toEqual({
    page: '1',
    page_size: '20',
    sort: 'last_login',
    order: 'asc',
    is_denied: 'true',
    security_level: '3',
    group_seq: '3',
    search: 'kim',
    date_range: 'last_7_days',
  });
  expect(within(screen.getByRole('table')).getByText('Denied')).toBeDefined();
  expect(within(screen.getByRole('table')).getByText('Withdrawn')).toBeDefined();
  expect(within(screen.getByRole('table')).getByText('(erased)')).toBeDefined();
  expect(within(screen.getByRole('table')).getByText('Administrator')).toBeDefined();
  expect(screen.getByRole('link', { name: 'dora' }).getAttribute('href')).toBe(
    '/admin/member/7/view',
  );
});

test('each filter rewrites the URL from page 1 and the defaults stay out of it', async () => {
  const app = renderApp('/admin/member/list?page=3');
  await screen.findByText('Dora Park');
  expect(app.search()).toEqual({ page: '3' });

  fireEvent.change(screen.getByLabelText('Denied'), { target: { value: '0' } });
  await waitFor(() => expect(app.search()).toEqual({ is_denied: 'true' }));
  await waitFor(() => expect(lastRequest()).toMatchObject({ is_denied: 'true', page: '1' }));

  fireEvent.change(screen.getByLabelText('Account'), { target: { value: '1' } });
  await waitFor(() => expect(app.search()).toEqual({ is_denied: 'true', is_alive: 'false' }));

  fireEvent.change(screen.getByLabelText('Group'), { target: { value: '0' } });
  await waitFor(() => expect(app.search()).toMatchObject({ group_seq: '3' }));

  fireEvent.change(screen.getByRole('searchbox', { name: 'User ID, email or name' }), {
    target: { value: ' dora ' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(lastRequest()).toMatchObject({ search: 'dora', group_seq: '3' }));

  fireEvent.change(screen.getByLabelText('Denied'), { target: { value: '' } });
  await waitFor(() => expect(lastRequest()).not.toHaveProperty('is_denied'));
});

test('an empty result has the screen’s own message', async () => {
  answer = () => HttpResponse.json(listAnswer([]));
  renderApp('/admin/member/list');
  expect(await screen.findByText('No members match these filters.')).toBeDefined();
});

test('a refusal shows the localized message of its code', async () => {
  answer = () => problem(403, 'otp_session_required');
  renderApp('/admin/member/list');
  expect(
    await screen.findByText('Administrator screens need a login with a one-time password.'),
  ).toBeDefined();
});
