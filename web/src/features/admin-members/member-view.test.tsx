// @vitest-environment happy-dom
// Proves admin member/{seq}/view against msw: the profile and its tabs (each its own route; tabs the
// server has nothing for yet show their empty-list message), and the administrator's actions:
// each asks for confirmation, sends one PUT, then shows the member as read again after the write;
// refusals show their localized code; an unknown member goes to /404; nobody denies themself.
import '../../test-support/dom-environment.ts';
import type { MemberInfo } from '@ledger/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import { problem, useApiServer } from '../../test-support/api-server.ts';
import { listAnswer, memberInfo } from '../../test-support/fixtures.ts';
import { renderApp, startI18n } from '../../test-support/render-app.tsx';
import { signedInHandlers } from '../../test-support/signed-in.ts';

const server = useApiServer();
beforeAll(() => startI18n('en-US'));

const roleId = '5b0c1d2e-3f40-4152-8364-75869708a9b0';
let member: MemberInfo & { role_ids: string[] };
let writes: { path: string; body: unknown }[] = [];
let detailReads: string[] = [];

beforeEach(() => {
  writes = [];
  detailReads = [];
  member = {
    ...memberInfo({
      seq: 7,
      uid: 'M00000007',
      user_id: 'dora',
      user_name: 'Dora Park',
      email_address: 'dora@example.test',
      security_level: 2,
      inviter_seq: 3,
      inviter_user_id: 'carol',
      group_seqs: [1],
    }),
    role_ids: [],
  };
  server.use(
    ...signedInHandlers({ seq: 1, user_id: 'root', is_admin: true }),
    http.get('/api/v1/admin/member/:seq', ({ params, request }) => {
      if (params.seq !== '7') return problem(404, 'member_not_found');
      detailReads.push(new URL(request.url).search);
      return HttpResponse.json({ data: member });
    }),
    http.get('/api/v1/admin/member-group', () =>
      HttpResponse.json(
        listAnswer(
          [
            [1, 'Traders'],
            [2, 'VIP'],
          ].map(([group_seq, name]) => ({
            group_seq,
            name,
            member_count: 0,
            regdate: '2026-01-01T00:00:00.000Z',
            updated_date: '2026-01-01T00:00:00.000Z',
          })),
        ),
      ),
    ),
    http.get('/api/v1/admin/acs/role', () =>
      HttpResponse.json(
        listAnswer([
          {
            role_id: roleId,
            name: 'Support desk',
            permissions: [],
            regdate: '2026-01-01T00:00:00.000Z',
            updated_date: '2026-01-01T00:00:00.000Z',
          },
        ]),
      ),
    ),
    // The account tab lists the member's wallet accounts from the ledger (admin-ledger feature).
    http.get('/api/v1/admin/member/7/account', () => HttpResponse.json(listAnswer([]))),
    http.get('/api/v1/admin/member/7/oauth2-client', () => HttpResponse.json(listAnswer([]))),
    http.get('/api/v1/admin/member/7/invite-relation', () =>
      HttpResponse.json({
        inviter: { seq: 3, user_id: 'carol' },
        ...listAnswer([memberInfo({ seq: 12, user_id: 'erin', inviter_seq: 7 })]),
      }),
    ),
    http.get('/api/v1/admin/member/7/loginlog', () =>
      HttpResponse.json(
        listAnswer([
          {
            attempt_id: 'a1',
            member_seq: 7,
            user_id: 'dora',
            result: 'otp_invalid',
            session_id: null,
            attempted_at: '2026-03-18T01:02:03.000Z',
            request_id: 'r1',
            ip_address: '203.0.113.9',
            user_agent: 'Mozilla/5.0',
          },
        ]),
      ),
    ),
    http.put('/api/v1/admin/member/7/:kind', async ({ params, request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      writes.push({ path: String(params.kind), body });
      if (params.kind === 'roles') return problem(403, 'forbidden');
      if (params.kind === 'deny') member = { ...member, is_denied: body.is_denied as boolean };
      if (params.kind === 'security-level')
        member = { ...member, security_level: body.security_level as number };
      if (params.kind === 'groups') member = { ...member, group_seqs: body.group_seqs as number[] };
      return HttpResponse.json({
        data: { seq: 7, changed: true },
        position: `40:${writes.length}`,
      });
    }),
  );
});

async function confirm(button: string) {
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

test('the profile, and tabs the server has nothing for yet show their empty-list message', async () => {
  const app = renderApp('/admin/member/7/view');
  expect(await screen.findByRole('heading', { level: 1, name: 'Member details' })).toBeDefined();
  expect(await screen.findByText('dora (M00000007)')).toBeDefined();
  expect(screen.getByText('dora@example.test')).toBeDefined();
  // Its group in the profile, and checked among the groups it can be given.
  expect(await screen.findAllByText('Traders')).toHaveLength(2);
  expect(screen.getByRole('link', { name: 'carol' }).getAttribute('href')).toBe(
    '/admin/member/3/view',
  );

  fireEvent.click(screen.getByRole('tab', { name: 'Accounts' }));
  await waitFor(() => expect(app.location().pathname).toBe('/admin/member/7/account'));
  expect(await screen.findByText('This member has no accounts.')).toBeDefined();
  expect(screen.getByRole('heading', { level: 1, name: 'Member accounts' })).toBeDefined();

  fireEvent.click(screen.getByRole('tab', { name: 'OAuth2 clients' }));
  expect(await screen.findByText('This member has no OAuth2 clients.')).toBeDefined();
});

test('the invitation and login-history tabs list their rows', async () => {
  renderApp('/admin/member/7/invite-relation');
  expect(await screen.findByRole('link', { name: 'erin' })).toBeDefined();
  expect(screen.getByRole('link', { name: 'carol' })).toBeDefined();

  fireEvent.click(screen.getByRole('tab', { name: 'Login history' }));
  expect(await screen.findByText('Wrong OTP')).toBeDefined();
  expect(screen.getByText('203.0.113.9')).toBeDefined();
  expect(
    screen
      .getByRole('link', { name: 'Open in the login history with more filters' })
      .getAttribute('href'),
  ).toBe('/admin/loginlog/list?member_seq=7');
});

test('deny asks first, sends one PUT and shows the member as read again after it', async () => {
  renderApp('/admin/member/7/view');
  const actions = await screen.findByRole('region', { name: 'Administration' });
  fireEvent.click(within(actions).getByRole('button', { name: 'Deny' }));
  await confirm('Cancel');
  expect(writes).toEqual([]);

  fireEvent.click(within(actions).getByRole('button', { name: 'Deny' }));
  expect(await screen.findByText(/dora will be logged out everywhere/)).toBeDefined();
  await confirm('Confirm');
  expect(await within(actions).findByRole('button', { name: 'Allow' })).toBeDefined();
  expect(writes).toEqual([{ path: 'deny', body: { is_denied: true } }]);
  expect(detailReads.at(-1)).toBe('?after=40%3A1');
  expect(screen.getByText('The change was saved.')).toBeDefined();
});

test('security level, groups and a refused role grant', async () => {
  renderApp('/admin/member/7/view');
  const actions = await screen.findByRole('region', { name: 'Administration' });
  fireEvent.change(within(actions).getByLabelText('Level'), { target: { value: '6' } });
  fireEvent.click(within(actions).getByRole('button', { name: 'Apply' }));
  expect(await screen.findByText('The security level of dora changes from 2 to 6.')).toBeDefined();
  await confirm('Confirm');
  await waitFor(() => expect(screen.getAllByText('6').length).toBeGreaterThan(0));

  fireEvent.click(await within(actions).findByLabelText('VIP'));
  fireEvent.click(within(actions).getByRole('button', { name: 'Save groups' }));
  await confirm('Confirm');
  await waitFor(() =>
    expect(writes.at(-1)).toEqual({ path: 'groups', body: { group_seqs: [1, 2] } }),
  );

  fireEvent.click(await within(actions).findByLabelText('Support desk'));
  fireEvent.click(within(actions).getByRole('button', { name: 'Save roles' }));
  await confirm('Confirm');
  expect(await within(actions).findByText('You are not allowed to do this.')).toBeDefined();
  expect(writes.map((write) => write.path)).toEqual(['security-level', 'groups', 'roles']);
  expect(writes.at(-1)?.body).toEqual({ role_ids: [roleId] });
});

test('the lock and statistics switches change only after the server accepted', async () => {
  renderApp('/admin/member/7/view');
  const actions = await screen.findByRole('region', { name: 'Administration' });
  const lock = within(actions).getByRole('switch', { name: /Lock the level/ });
  fireEvent.click(lock);
  await confirm('Cancel');
  expect(lock).toHaveProperty('checked', false);
  fireEvent.click(within(actions).getByRole('switch', { name: 'Exclude from statistics' }));
  await confirm('Confirm');
  await waitFor(() =>
    expect(writes).toEqual([
      { path: 'statistics-exclusion', body: { use_statistics_exclude: true } },
    ]),
  );
});

test('an administrator cannot deny their own account', async () => {
  server.use(
    http.get('/api/v1/member/me', () =>
      HttpResponse.json({ member_info: memberInfo({ seq: 7, user_id: 'dora', is_admin: true }) }),
    ),
  );
  renderApp('/admin/member/7/view');
  const actions = await screen.findByRole('region', { name: 'Administration' });
  expect(within(actions).getByText('You cannot deny your own account.')).toBeDefined();
  expect(within(actions).getByRole('button', { name: 'Deny' })).toHaveProperty('disabled', true);
});

test('an unknown member goes to /404 naming the member', async () => {
  const app = renderApp('/admin/member/99/view');
  await waitFor(() => expect(app.location().pathname).toBe('/404'));
  expect(app.search()).toEqual({ resource: 'member' });
});
