// @vitest-environment happy-dom
// Proves admin oauth2-client/list against msw: filters are in the URL and the API's query, a client
// is registered after the form's own checks (the secret is shown once, then gone), a refusal is
// localized, and a secret rotation and a revocation each ask for confirmation first.
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

type Client = { client_id: string; name: string; member_seq: number; revoked_at: string | null };
let clients: Client[] = [];
let reads: Record<string, string>[] = [];
let writes: { method: string; path: string; body: unknown }[] = [];

const row = (client: Client) => ({
  ...client,
  redirect_uris: ['https://kiosk.example/cb'],
  redirect_uri: 'https://kiosk.example/cb',
  authorities: ['wallet:read'],
  regdate: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
});

beforeEach(() => {
  clients = [
    { client_id: 'oc_first0000000000000', name: 'Kiosk', member_seq: 3, revoked_at: null },
  ];
  reads = [];
  writes = [];
  server.use(
    ...signedInHandlers({ user_id: 'root', is_admin: true }),
    http.get('/api/v1/admin/oauth2-client', ({ request }) => {
      reads.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(listAnswer(clients.map(row)));
    }),
    http.post('/api/v1/admin/oauth2-client', async ({ request }) => {
      const body = (await request.json()) as { member_seq: number; name: string };
      writes.push({ method: 'POST', path: 'oauth2-client', body });
      if (body.member_seq === 404) return problem(404, 'member_not_found');
      clients = [
        ...clients,
        {
          client_id: 'oc_second000000000000',
          name: body.name,
          member_seq: body.member_seq,
          revoked_at: null,
        },
      ];
      return HttpResponse.json(
        {
          data: { client_id: 'oc_second000000000000', client_secret: 'ocs_shown_once' },
          position: '60:0',
        },
        { status: 201 },
      );
    }),
    http.post('/api/v1/admin/oauth2-client/:clientId/secret', ({ params }) => {
      writes.push({ method: 'POST', path: `oauth2-client/${params.clientId}/secret`, body: {} });
      return HttpResponse.json({
        data: { client_id: params.clientId, client_secret: 'ocs_rotated' },
        position: '61:0',
      });
    }),
    http.delete('/api/v1/admin/oauth2-client/:clientId', ({ params }) => {
      writes.push({ method: 'DELETE', path: `oauth2-client/${params.clientId}`, body: null });
      clients = clients.map((client) =>
        client.client_id === params.clientId
          ? { ...client, revoked_at: '2026-01-03T00:00:00.000Z' }
          : client,
      );
      return HttpResponse.json({ data: { revoked: true }, position: '62:0' });
    }),
  );
});

test('the filters are in the URL and in the query', async () => {
  const app = renderApp('/admin/oauth2-client/list?member_seq=3&is_revoked=false&sort=name');
  expect(await screen.findByRole('heading', { level: 1, name: 'OAuth2 clients' })).toBeDefined();
  await screen.findByText('Kiosk');
  expect(reads.at(-1)).toMatchObject({ member_seq: '3', is_revoked: 'false', sort: 'name' });
  expect(app.search()).toMatchObject({ sort: 'name' });
});

test('a client is registered after the form checks, and its secret is shown once', async () => {
  renderApp('/admin/oauth2-client/list');
  await screen.findByText('Kiosk');
  fireEvent.click(screen.getByRole('button', { name: 'Register a client' }));
  const dialog = await screen.findByRole('dialog', { name: 'Register an OAuth2 client' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
  expect(within(dialog).getByText("Enter the owner's member number.")).toBeDefined();
  expect(within(dialog).getByText('Enter a name.')).toBeDefined();
  expect(writes).toEqual([]);

  fireEvent.change(within(dialog).getByLabelText(/^Member no\. \(owner\)/), {
    target: { value: '404' },
  });
  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Till' } });
  fireEvent.change(within(dialog).getByLabelText(/^Redirect URIs/), {
    target: { value: 'http://evil.example/cb' },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
  expect(within(dialog).getByText(/Enter 1 to 10 redirect URIs/)).toBeDefined();
  fireEvent.change(within(dialog).getByLabelText(/^Redirect URIs/), {
    target: { value: 'https://till.example/cb\n' },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
  expect(await within(dialog).findByRole('alert')).toBeDefined();

  fireEvent.change(within(dialog).getByLabelText(/^Member no\. \(owner\)/), {
    target: { value: '3' },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
  const secret = await screen.findByRole('dialog', { name: 'Client secret' });
  expect(within(secret).getByTestId('client-secret').textContent).toBe('ocs_shown_once');
  fireEvent.click(within(secret).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByText('ocs_shown_once')).toBeNull());
  expect(await screen.findByText('Till')).toBeDefined();
  expect(writes.at(-1)).toEqual({
    method: 'POST',
    path: 'oauth2-client',
    body: {
      member_seq: 3,
      name: 'Till',
      redirect_uris: ['https://till.example/cb'],
      authorities: [],
    },
  });
});

test('rotation and revocation ask for confirmation first', async () => {
  renderApp('/admin/oauth2-client/list');
  await screen.findByText('Kiosk');
  fireEvent.click(screen.getByRole('button', { name: 'Issue a new secret for Kiosk' }));
  let confirm = await screen.findByRole('dialog', { name: 'Issue a new secret?' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(writes).toEqual([]);

  fireEvent.click(screen.getByRole('button', { name: 'Issue a new secret for Kiosk' }));
  confirm = await screen.findByRole('dialog', { name: 'Issue a new secret?' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Issue' }));
  const secret = await screen.findByRole('dialog', { name: 'Client secret' });
  expect(within(secret).getByTestId('client-secret').textContent).toBe('ocs_rotated');
  fireEvent.click(within(secret).getByRole('button', { name: 'Done' }));

  fireEvent.click(screen.getByRole('button', { name: 'Revoke Kiosk' }));
  confirm = await screen.findByRole('dialog', { name: 'Revoke the client?' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
  expect(await screen.findByText('Revoked')).toBeDefined();
  expect(writes.map((write) => `${write.method} ${write.path}`)).toEqual([
    'POST oauth2-client/oc_first0000000000000/secret',
    'DELETE oauth2-client/oc_first0000000000000',
  ]);
});
