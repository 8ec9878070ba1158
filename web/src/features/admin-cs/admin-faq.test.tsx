// @vitest-environment happy-dom
// Proves the administrator's cs/faq/list against msw: it sends its locale and published filters,
// shows each entry with its type and whether it is published, hides a published entry with PUT
// .../publish, and writes a new entry from its dialog with POST /admin/cs/faq.
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
let writes: { method: string; path: string; body: unknown }[] = [];
const entry = {
  faq_id: '00000000-0000-4000-8000-00000000c501',
  faq_type_id: 'general',
  locale: 'en-US',
  question: 'How do I log in?',
  answer: 'With your user ID.',
  list_order: 1,
  published: true,
  updated_at: '2026-03-01T01:00:00.000Z',
};

beforeEach(() => {
  reads = [];
  writes = [];
  const write = async ({ request }: { request: Request }) => {
    const path = new URL(request.url).pathname;
    writes.push({ method: request.method, path, body: await request.json() });
    return HttpResponse.json({ data: {}, position: '12:1' });
  };
  server.use(
    ...signedInHandlers({ seq: 9, user_id: 'root', is_admin: true }),
    http.get('/api/v1/admin/cs/faq', ({ request }) => {
      reads.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(listAnswer([entry]));
    }),
    http.get('/api/v1/cs/faq-type', () =>
      HttpResponse.json({ data: [{ faq_type_id: 'general', title: 'General', list_order: 1 }] }),
    ),
    http.put('/api/v1/admin/cs/*', write),
    http.post('/api/v1/admin/cs/faq', write),
  );
});

test('cs/faq/list filters and hides a published entry', async () => {
  renderApp('/admin/cs/faq/list?locale=en-US&published=true');
  const row = (await screen.findByText('How do I log in?')).closest('tr') as HTMLElement;
  expect(within(row).getByText('General')).toBeDefined();
  expect(within(row).getByText('Published')).toBeDefined();
  expect(reads[0]).toMatchObject({ locale: 'en-US', published: 'true' });
  fireEvent.click(within(row).getByRole('button', { name: 'Hide' }));
  await waitFor(() =>
    expect(writes).toEqual([
      {
        method: 'PUT',
        path: `/api/v1/admin/cs/faq/${entry.faq_id}/publish`,
        body: { published: false },
      },
    ]),
  );
});

test('a new entry is written from its dialog', async () => {
  renderApp('/admin/cs/faq/list');
  await screen.findByText('How do I log in?');
  fireEvent.click(screen.getByRole('button', { name: 'New entry' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Question'), { target: { value: 'Fees?' } });
  fireEvent.change(within(dialog).getByLabelText('Answer'), {
    target: { value: 'See the fee page.' },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(writes).toEqual([
      {
        method: 'POST',
        path: '/api/v1/admin/cs/faq',
        body: {
          faq_type_id: 'general',
          locale: 'ko-KR',
          question: 'Fees?',
          answer: 'See the fee page.',
          list_order: 1,
        },
      },
    ]),
  );
});
