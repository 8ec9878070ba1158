// @vitest-environment happy-dom
// Proves the list-screen kit on a real router and msw: page, page size, sort, order, period and
// filters live in the URL (bad values fall back to defaults) and reach the server as the one
// query-string shape; paging, sorting and the SPEC §9 date shortcuts rewrite the URL; empty lists
// say so; CSV export holds exactly the cells shown; Excel export first shows the overload warning.
import '../../test-support/dom-environment.ts';
import {
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  queryOptions,
  useQuery,
} from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useRouter,
} from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { useApiServer } from '../../test-support/api-server.ts';
import { startI18n } from '../../test-support/render-app.tsx';
import { UiProviders } from '../../ui-providers.tsx';
import { formatAmount } from '../amount/amount-format.ts';
import { type ListColumn, ListScreen } from './list-screen.tsx';
import { listPageSchema, listQueryParams, listSearchSchema } from './list-search.ts';

const server = useApiServer();
beforeAll(() => startI18n('en-US'));

const DepositSchema = z.object({ seq: z.number(), amount: z.string(), status: z.string() });
type Deposit = z.infer<typeof DepositSchema>;

const DepositSearchSchema = listSearchSchema({
  sortKeys: ['regdate', 'amount'],
  filters: { status: z.enum(['open', 'closed']).optional().catch(undefined) },
});
type DepositSearch = z.infer<typeof DepositSearchSchema>;

const depositListQuery = (search: DepositSearch) =>
  queryOptions({
    queryKey: ['test', 'deposits', search],
    queryFn: async () =>
      listPageSchema(DepositSchema).parse(
        await api.get('test/deposits', { searchParams: listQueryParams(search) }),
      ),
  });

const columns: ListColumn<Deposit>[] = [
  { accessor: 'seq', title: 'No.', text: (row) => String(row.seq) },
  {
    accessor: 'amount',
    title: 'Amount',
    isSortable: true,
    textAlign: 'right',
    text: (row) => formatAmount(row.amount, 'en-US'),
  },
  { accessor: 'status', title: 'Status', text: (row) => row.status },
];

function DepositsScreen() {
  const search = depositsRoute.useSearch();
  const router = useRouter();
  const query = useQuery({ ...depositListQuery(search), placeholderData: keepPreviousData });
  return (
    <ListScreen
      title="Deposits"
      search={search}
      onSearchChange={(update) => void router.navigate({ to: '.', search: update as never })}
      columns={columns}
      rows={query.data?.data}
      total={query.data?.paging.total}
      isFetching={query.isFetching}
      error={query.error}
      rowKey={(row) => String(row.seq)}
      exportFileName="deposits"
      today="2026-03-18"
    />
  );
}

const rootRoute = createRootRoute({ component: Outlet });
const depositsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/deposits',
  validateSearch: DepositSearchSchema,
  component: DepositsScreen,
});

/** What the server was asked, and what it answers: 45 deposits, 20 per page. */
let requests: URLSearchParams[] = [];
let total = 45;
beforeEach(() => {
  requests = [];
  total = 45;
  server.use(
    http.get('/api/v1/test/deposits', ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      const size = Number(params.get('page_size'));
      const first = (Number(params.get('page')) - 1) * size;
      const count = Math.max(0, Math.min(size, total - first));
      const data = Array.from({ length: count }, (_, index) => ({
        seq: first + index + 1,
        amount: `${first + index + 1}234.5`,
        status: index % 2 === 0 ? 'open' : 'closed, "held"',
      }));
      const paging = {
        page: Number(params.get('page')),
        page_size: size,
        total_pages: Math.ceil(total / size),
      };
      return HttpResponse.json({ data, variables: { paging: { ...paging, total } } });
    }),
  );
});

function renderList(path: string) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createRouter({ routeTree: rootRoute.addChildren([depositsRoute]), history });
  render(
    <JotaiProvider store={createStore()}>
      <UiProviders>
        <QueryClientProvider
          client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
        >
          <RouterProvider router={router} />
        </QueryClientProvider>
      </UiProviders>
    </JotaiProvider>,
  );
  return {
    url: () => Object.fromEntries(new URLSearchParams(history.location.search)),
    lastRequest: () => Object.fromEntries(requests.at(-1) ?? []),
  };
}

test('the URL state is validated and sent to the server as the list query string', async () => {
  const list = renderList(
    '/deposits?page=2&sort=amount&order=asc&status=open&date_from=2026-03-01&date_to=2026-03-18',
  );
  await screen.findByText('21,234.5');
  expect(list.lastRequest()).toEqual({
    page: '2',
    page_size: '20',
    sort: 'amount',
    order: 'asc',
    status: 'open',
    date_from: '2026-03-01',
    date_to: '2026-03-18',
  });
  expect(screen.getByRole('radio', { name: 'Ascending' })).toHaveProperty('checked', true);
});

test('hand-edited nonsense in the URL falls back to the defaults', async () => {
  const list = renderList(
    '/deposits?page=-3&page_size=7&sort=password&order=sideways&status=lost&date_from=yesterday&date_range=forever',
  );
  await screen.findByText('1,234.5');
  expect(list.lastRequest()).toEqual({
    page: '1',
    page_size: '20',
    sort: 'regdate',
    order: 'desc',
  });
});

test('a shortcut in the URL wins over explicit dates (they exclude each other on the server)', async () => {
  const list = renderList('/deposits?date_range=this_week&date_from=2026-01-01&date_to=2026-01-02');
  await screen.findByText('1,234.5');
  expect(list.lastRequest()).toMatchObject({ date_range: 'this_week' });
  expect(list.lastRequest()).not.toHaveProperty('date_from');
});

test('paging rewrites the URL', async () => {
  const list = renderList('/deposits');
  await screen.findByText('20,234.5');
  fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
  await waitFor(() => expect(list.url()).toMatchObject({ page: '3' }));
  await screen.findByText('41,234.5');
  expect(list.lastRequest()).toMatchObject({ page: '3' });
  expect(screen.getByText('41–45 of 45')).toBeDefined();
});

test('sorting by a column and switching the order go back to page 1', async () => {
  const list = renderList('/deposits?page=2');
  await screen.findByText('21,234.5');
  fireEvent.click(screen.getByText('Amount'));
  await waitFor(() => expect(list.url()).toMatchObject({ sort: 'amount', page: '1' }));
  fireEvent.click(screen.getByRole('radio', { name: 'Ascending' }));
  await waitFor(() => expect(list.url()).toMatchObject({ order: 'asc', page: '1' }));
  await waitFor(() =>
    expect(list.lastRequest()).toMatchObject({ sort: 'amount', order: 'asc', page: '1' }),
  );
});

test('each SPEC §9 date shortcut goes to the URL and shows its dates (today = Wed 2026-03-18)', async () => {
  const list = renderList('/deposits?page=2&date_from=2026-01-01&date_to=2026-01-31');
  await screen.findByText('21,234.5');
  const shortcuts = screen.getByRole('group', { name: 'Period shortcuts' });
  const expected = {
    Today: ['today', '2026-03-18', '2026-03-18'],
    Yesterday: ['yesterday', '2026-03-17', '2026-03-17'],
    'This week': ['this_week', '2026-03-15', '2026-03-18'],
    'Last week': ['last_week', '2026-03-08', '2026-03-14'],
    'This month': ['this_month', '2026-03-01', '2026-03-18'],
    'Last month': ['last_month', '2026-02-01', '2026-02-28'],
    'Last 7 days': ['last_7_days', '2026-03-12', '2026-03-18'],
    'Last 30 days': ['last_30_days', '2026-02-17', '2026-03-18'],
  };
  for (const [label, [shortcut, from, to]] of Object.entries(expected)) {
    fireEvent.click(within(shortcuts).getByRole('button', { name: label }));
    await waitFor(() =>
      expect(list.url()).toEqual({
        date_range: shortcut,
        page: '1',
        page_size: '20',
        sort: 'regdate',
        order: 'desc',
      }),
    );
    expect(
      within(shortcuts).getByRole('button', { name: label }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.getByText(`${from} – ${to}`)).toBeDefined();
  }
  await waitFor(() => expect(list.lastRequest()).toMatchObject({ date_range: 'last_30_days' }));
});

test('an empty list says so, and says which period when one is set', async () => {
  total = 0;
  renderList('/deposits');
  expect(await screen.findByText('No records found.')).toBeDefined();
  fireEvent.click(screen.getByRole('button', { name: 'Today' }));
  expect(await screen.findByText('No records for this period. Try a wider period.')).toBeDefined();
  expect(screen.getByRole('button', { name: 'Download CSV' })).toHaveProperty('disabled', true);
});

describe_export();

function describe_export() {
  let downloads: Blob[] = [];
  let fileNames: string[] = [];
  beforeEach(() => {
    downloads = [];
    fileNames = [];
    // happy-dom would follow the download link and leave the page.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      fileNames.push(this.download);
    });
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      downloads.push(blob as Blob);
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  test('CSV export holds exactly the header and the cells shown on the page', async () => {
    renderList('/deposits?page_size=20&page=3');
    await screen.findByText('41,234.5');
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(fileNames).toEqual(['deposits.csv']);
    const csv = await (downloads[0] as Blob).text();
    const lines = csv.replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(lines).toEqual([
      'No.,Amount,Status',
      '41,"41,234.5",open',
      '42,"42,234.5","closed, ""held"""',
      '43,"43,234.5",open',
      '44,"44,234.5","closed, ""held"""',
      '45,"45,234.5",open',
    ]);
    expect(screen.getByText('41,234.5')).toBeDefined();
  });

  test('Excel export first warns about the load, and cancelling downloads nothing', async () => {
    renderList('/deposits');
    await screen.findByText('20,234.5');
    fireEvent.click(screen.getByRole('button', { name: 'Download Excel' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Excel bulk download may overload server and browser'),
    ).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(downloads).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Download Excel' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Download' }),
    );
    await waitFor(() => expect(fileNames).toEqual(['deposits.xlsx']));
    const bytes = new Uint8Array(await (downloads[0] as Blob).arrayBuffer());
    expect(String.fromCharCode(bytes[0] ?? 0, bytes[1] ?? 0)).toBe('PK');
  });
}
