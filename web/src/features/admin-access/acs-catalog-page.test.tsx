// @vitest-environment happy-dom
// Proves admin acs/catalog against msw: roles are listed (searched and sorted in the URL) beside the
// permission catalogue; a role is defined with permissions chosen from the catalogue and changed
// later; a refusal (the chief administrator only) shows its localized message.
import '../../test-support/dom-environment.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import { problem, useApiServer } from '../../test-support/api-server.ts';
import { listAnswer } from '../../test-support/fixtures.ts';
import { renderApp, startI18n } from '../../test-support/render-app.tsx';
import { signedInHandlers } from '../../test-support/signed-in.ts';

const server = useApiServer();
beforeAll(() => startI18n('en-US'));

const roleId = '6c1d2e3f-4051-4263-9475-8697a8b9c0d1';
type Role = { role_id: string; name: string; permissions: { method: string; path: string }[] };
let roles: Role[] = [];
let reads: Record<string, string>[] = [];
let writes: { method: string; body: unknown }[] = [];
let isChief = true;

beforeEach(() => {
  roles = [];
  reads = [];
  writes = [];
  isChief = true;
  server.use(
    ...signedInHandlers({ user_id: 'root', is_admin: true }),
    http.get('/api/v1/admin/acs/permission', () =>
      HttpResponse.json({
        data: [
          { method: 'GET', path: '/api/v1/admin/member', summary: 'Member list' },
          { method: 'GET', path: '/api/v1/admin/loginlog', summary: 'Login log' },
        ],
      }),
    ),
    http.get('/api/v1/admin/acs/role', ({ request }) => {
      reads.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(
        listAnswer(
          roles.map((role) => ({
            ...role,
            regdate: '2026-01-01T00:00:00.000Z',
            updated_date: '2026-01-02T00:00:00.000Z',
          })),
        ),
      );
    }),
    http.post('/api/v1/admin/acs/role', async ({ request }) => {
      const body = (await request.json()) as Omit<Role, 'role_id'>;
      writes.push({ method: 'POST', body });
      if (!isChief) return problem(403, 'forbidden');
      roles = [...roles, { role_id: roleId, ...body }];
      return HttpResponse.json({ data: { role_id: roleId }, position: '60:0' }, { status: 201 });
    }),
    http.put(`/api/v1/admin/acs/role/${roleId}`, async ({ request }) => {
      const body = (await request.json()) as Omit<Role, 'role_id'>;
      writes.push({ method: 'PUT', body });
      roles = roles.map((role) => (role.role_id === roleId ? { ...role, ...body } : role));
      return HttpResponse.json({ data: { role_id: roleId }, position: '61:0' });
    }),
  );
});

test('the catalogue is shown and the role list query is the URL', async () => {
  renderApp('/admin/acs/catalog?search=desk&sort=changed_at');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Roles and permissions' }),
  ).toBeDefined();
  const catalogue = await screen.findByRole('table', { name: 'Permission catalogue' });
  expect(within(catalogue).getByText('/api/v1/admin/loginlog')).toBeDefined();
  expect(await screen.findByText('No role is defined yet.')).toBeDefined();
  expect(reads.at(-1)).toEqual({
    page: '1',
    page_size: '20',
    sort: 'changed_at',
    order: 'asc',
    search: 'desk',
  });
});

test('a role is defined with chosen permissions, then changed; a refusal is localized', async () => {
  renderApp('/admin/acs/catalog');
  await screen.findByRole('table', { name: 'Permission catalogue' });
  fireEvent.click(await screen.findByRole('button', { name: 'New role' }));
  let dialog = await screen.findByRole('dialog', { name: 'New role' });
  fireEvent.change(within(dialog).getByLabelText(/^Role name/), {
    target: { value: 'Support desk' },
  });
  fireEvent.click(within(dialog).getByRole('checkbox', { name: /\/api\/v1\/admin\/member$/ }));
  isChief = false;
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('You are not allowed to do this.')).toBeDefined();
  isChief = true;
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Support desk')).toBeDefined();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

  fireEvent.click(screen.getByRole('button', { name: 'Edit Support desk' }));
  dialog = await screen.findByRole('dialog', { name: 'Change Support desk' });
  expect(
    within(dialog).getByRole('checkbox', { name: /\/api\/v1\/admin\/member$/ }),
  ).toHaveProperty('checked', true);
  fireEvent.click(within(dialog).getByRole('checkbox', { name: /\/api\/v1\/admin\/loginlog$/ }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(writes).toEqual([
    {
      method: 'POST',
      body: {
        name: 'Support desk',
        permissions: [{ method: 'GET', path: '/api/v1/admin/member' }],
      },
    },
    {
      method: 'POST',
      body: {
        name: 'Support desk',
        permissions: [{ method: 'GET', path: '/api/v1/admin/member' }],
      },
    },
    {
      method: 'PUT',
      body: {
        name: 'Support desk',
        permissions: [
          { method: 'GET', path: '/api/v1/admin/member' },
          { method: 'GET', path: '/api/v1/admin/loginlog' },
        ],
      },
    },
  ]);
});
