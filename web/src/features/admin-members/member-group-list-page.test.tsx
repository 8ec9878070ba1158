// @vitest-environment happy-dom
// Proves admin member/group/list against msw: groups are searched and sorted through the URL,
// member counts open the member list filtered by the group, and a group is created and renamed
// through dialogs that send the name once, show refusals localized, and reload the list after.
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

type Group = { group_seq: number; name: string; member_count: number };
let groups: Group[] = [];
let reads: Record<string, string>[] = [];
let writes: { method: string; path: string; body: unknown }[] = [];

const row = (group: Group) => ({
  ...group,
  regdate: '2026-01-01T00:00:00.000Z',
  updated_date: '2026-01-02T00:00:00.000Z',
});

beforeEach(() => {
  groups = [{ group_seq: 1, name: 'Traders', member_count: 4 }];
  reads = [];
  writes = [];
  server.use(
    ...signedInHandlers({ user_id: 'root', is_admin: true }),
    http.get('/api/v1/admin/member-group', ({ request }) => {
      reads.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(listAnswer(groups.map(row)));
    }),
    http.post('/api/v1/admin/member-group', async ({ request }) => {
      const body = (await request.json()) as { name: string };
      writes.push({ method: 'POST', path: 'member-group', body });
      if (body.name === 'Traders') return problem(422, 'member_group_name_invalid');
      groups = [...groups, { group_seq: 2, name: body.name, member_count: 0 }];
      return HttpResponse.json({ data: { group_seq: 2 }, position: '50:0' }, { status: 201 });
    }),
    http.put('/api/v1/admin/member-group/:seq', async ({ params, request }) => {
      const body = (await request.json()) as { name: string };
      writes.push({ method: 'PUT', path: `member-group/${params.seq}`, body });
      groups = groups.map((group) =>
        String(group.group_seq) === params.seq ? { ...group, name: body.name } : group,
      );
      return HttpResponse.json({ data: { group_seq: Number(params.seq) }, position: '51:0' });
    }),
  );
});

test('the search and sort are in the URL; counts link to the members of the group', async () => {
  const app = renderApp('/admin/member/group/list?sort=name&search=trad');
  expect(await screen.findByRole('heading', { level: 1, name: 'Member groups' })).toBeDefined();
  await screen.findByText('Traders');
  expect(reads.at(-1)).toEqual({
    page: '1',
    page_size: '20',
    sort: 'name',
    order: 'asc',
    search: 'trad',
  });
  expect(screen.getByRole('link', { name: '4' }).getAttribute('href')).toBe(
    '/admin/member/list?group_seq=1',
  );
  expect(app.search()).toEqual({ sort: 'name', search: 'trad' });
});

test('a group is created (a refusal is shown first) and renamed, and the list reloads', async () => {
  renderApp('/admin/member/group/list');
  await screen.findByText('Traders');
  fireEvent.click(screen.getByRole('button', { name: 'New group' }));
  let dialog = await screen.findByRole('dialog', { name: 'New member group' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'New group' }));
  expect(within(dialog).getByText('Enter a group name.')).toBeDefined();
  fireEvent.change(within(dialog).getByLabelText(/^Group name/), { target: { value: 'Traders' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'New group' }));
  expect(await within(dialog).findByText('The group name is not valid.')).toBeDefined();
  fireEvent.change(within(dialog).getByLabelText(/^Group name/), { target: { value: ' VIP ' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'New group' }));
  expect(await screen.findByText('VIP')).toBeDefined();
  expect(reads.at(-1)).toMatchObject({ after: '50:0' });

  fireEvent.click(screen.getByRole('button', { name: 'Rename VIP' }));
  dialog = await screen.findByRole('dialog', { name: 'Rename VIP' });
  const name = within(dialog).getByLabelText(/^Group name/);
  expect(name).toHaveProperty('value', 'VIP');
  fireEvent.change(name, { target: { value: 'Gold' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
  expect(await screen.findByText('Gold')).toBeDefined();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(writes).toEqual([
    { method: 'POST', path: 'member-group', body: { name: 'Traders' } },
    { method: 'POST', path: 'member-group', body: { name: 'VIP' } },
    { method: 'PUT', path: 'member-group/2', body: { name: 'Gold' } },
  ]);
});
