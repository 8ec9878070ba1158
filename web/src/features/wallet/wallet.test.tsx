// @vitest-environment happy-dom
// Proves the member wallet against msw: assets and accounts are listed with amounts in the
// locale's format, each account linking its deposit screen; opening an account checks the asset
// and title before sending, sends one Idempotency-Key per submission (the same key on a retry of
// that submission) and shows the server's refusal localized; the transfer form refuses more than
// the available balance and a malformed account number, sends exact decimal strings, shows the
// policy refusal localized, and follows the policy GET /constant publishes (scope, fee).
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

const account = (seq: number, title: string, asset: string, balance: string, decimalPoint = 0) => ({
  seq,
  member_seq: 5,
  title,
  account_number: `1000-0000-00${String(seq).padStart(2, '0')}`,
  asset,
  decimal_point: decimalPoint,
  balance,
  holding_balance: decimalPoint === 0 ? '0' : `0.${'0'.repeat(decimalPoint)}`,
  available_balance: balance,
  status: 'normal',
  regdate: '2026-03-01T00:00:00.000Z',
});

let posts: { path: string; key: string | null; body: unknown }[] = [];
let openAnswers: (() => Response)[] = [];
let transferAnswer: () => Response;

beforeEach(() => {
  posts = [];
  openAnswers = [];
  transferAnswer = () =>
    HttpResponse.json(
      {
        data: {
          transfer_id: 'transfer:1',
          source_account_seq: 11,
          target_account_number: '1000-0000-0013',
          asset: 'KRW',
          amount: '1234',
          fee: '0',
          posted_at: '2026-03-02T00:00:00.000Z',
        },
        position: '9:1',
      },
      { status: 201 },
    );
  const accounts = [
    account(11, 'KRW wallet', 'KRW', '1000000'),
    account(12, 'BTC wallet', 'BTC', '12345678901.12345678', 8),
    account(13, 'Savings', 'KRW', '0'),
  ];
  server.use(
    ...signedInHandlers({ seq: 5, user_id: 'alice' }),
    http.get('/api/v1/account-asset', () =>
      HttpResponse.json({
        data: [
          {
            asset: 'BTC',
            decimal_point: 8,
            accounts: 1,
            balance: '12345678901.12345678',
            holding_balance: '0.00000000',
            available_balance: '12345678901.12345678',
          },
          {
            asset: 'KRW',
            decimal_point: 0,
            accounts: 2,
            balance: '1000000',
            holding_balance: '0',
            available_balance: '1000000',
          },
        ],
      }),
    ),
    http.get('/api/v1/account', () => HttpResponse.json(listAnswer(accounts))),
    http.post('/api/v1/account', async ({ request }) => {
      posts.push({
        path: 'account',
        key: request.headers.get('idempotency-key'),
        body: await request.json(),
      });
      return (openAnswers.shift() ?? (() => problem(500, 'internal_error')))();
    }),
    http.post('/api/v1/account-transfer', async ({ request }) => {
      posts.push({
        path: 'account-transfer',
        key: request.headers.get('idempotency-key'),
        body: await request.json(),
      });
      return transferAnswer();
    }),
  );
});

test('lists assets and accounts with every digit, in the locale format', async () => {
  renderApp('/wallet');
  expect(await screen.findByRole('heading', { level: 1, name: 'Wallet' })).toBeDefined();
  const assets = await screen.findByRole('table', { name: 'Assets' });
  // 12,345,678,901.12345678 is beyond a float's 15–17 digits: shown exactly.
  expect(await within(assets).findAllByText('12,345,678,901.12345678')).toHaveLength(2);
  expect(await screen.findByText('KRW wallet')).toBeDefined();
  expect(screen.getByText('1000-0000-0013')).toBeDefined();
  // Each account links the deposit screen (its own feature) with the account chosen.
  const deposit = screen.getByRole('link', { name: 'Deposit to KRW wallet' });
  expect(deposit.getAttribute('href')).toBe('/wallet/deposit?asset=KRW&account_seq=11');
});

test('opening an account checks its fields, keeps its key on a retry and localizes refusals', async () => {
  renderApp('/wallet');
  fireEvent.click(await screen.findByRole('button', { name: 'Open a KRW account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Open a new account' });
  const submit = within(dialog).getByRole('button', { name: 'Open' });
  fireEvent.click(submit);
  expect(await within(dialog).findByText('This is required.')).toBeDefined();
  fireEvent.change(within(dialog).getByLabelText(/^Account title/), {
    target: { value: 'x'.repeat(51) },
  });
  fireEvent.click(submit);
  expect(await within(dialog).findByText('Use at most 50 characters.')).toBeDefined();
  expect(posts).toEqual([]);

  fireEvent.change(within(dialog).getByLabelText(/^Account title/), {
    target: { value: ' Savings 2 ' },
  });
  openAnswers.push(() => problem(503, 'ledger_unavailable'));
  fireEvent.click(submit);
  expect(
    await within(dialog).findByText(
      'The ledger is busy. Try again in a moment; the request will not be applied twice.',
    ),
  ).toBeDefined();
  openAnswers.push(() => problem(409, 'account_limit_reached'));
  fireEvent.click(submit);
  expect(
    await within(dialog).findByText('You already have the most accounts allowed for this asset.'),
  ).toBeDefined();
  expect(posts).toHaveLength(2);
  expect(posts[0]?.body).toEqual({ asset: 'KRW', title: 'Savings 2' });
  // The same submission retried: the same Idempotency-Key, so the ledger opens at most one.
  expect(posts[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
  expect(posts[1]?.key).toBe(posts[0]?.key);

  // Changing the form makes it another submission, with a new key.
  fireEvent.change(within(dialog).getByLabelText(/^Account title/), {
    target: { value: 'Savings 3' },
  });
  openAnswers.push(() =>
    HttpResponse.json(
      {
        data: { ...account(14, 'Savings 3', 'KRW', '0'), account_number: '1000-0000-0148' },
        position: '9:2',
      },
      { status: 201 },
    ),
  );
  fireEvent.click(submit);
  expect(await screen.findByText('Account 1000-0000-0148 is open.')).toBeDefined();
  expect(posts[2]?.key).not.toBe(posts[0]?.key);
});

test('the transfer form checks the amount and target, and shows the policy refusal', async () => {
  renderApp('/wallet');
  fireEvent.click(await screen.findByRole('button', { name: 'Transfer from KRW wallet' }));
  const dialog = await screen.findByRole('dialog', { name: 'Transfer' });
  expect(await within(dialog).findByText('Available: 1,000,000 KRW')).toBeDefined();
  const amount = within(dialog).getByLabelText(/^Amount/);
  const submit = within(dialog).getByRole('button', { name: 'Transfer' });
  fireEvent.change(amount, { target: { value: '1000001' } });
  fireEvent.click(submit);
  expect(await within(dialog).findByText('This is more than the available balance.')).toBeDefined();
  // KRW has no decimals: the field itself refuses them.
  fireEvent.change(amount, { target: { value: '1.5' } });
  expect(await within(dialog).findByText('Whole numbers only.')).toBeDefined();
  fireEvent.change(amount, { target: { value: '1,234' } });
  await waitFor(() =>
    expect(within(dialog).getByRole('combobox', { name: /^To account/ })).toBeDefined(),
  );
  fireEvent.click(submit);
  await waitFor(() => expect(posts).toHaveLength(1));
  expect(posts[0]?.body).toEqual({
    source_account_seq: 11,
    target_account_seq: 13,
    amount: '1234',
  });
  expect(await screen.findByText('1,234 KRW sent to 1000-0000-0013.')).toBeDefined();

  fireEvent.click(await screen.findByRole('button', { name: 'Transfer from KRW wallet' }));
  const again = await screen.findByRole('dialog', { name: 'Transfer' });
  fireEvent.click(within(again).getByRole('radio', { name: 'By account number' }));
  const number = await within(again).findByLabelText(/^Account number/);
  fireEvent.change(number, { target: { value: '2000-1' } });
  fireEvent.change(within(again).getByLabelText(/^Amount/), { target: { value: '10' } });
  fireEvent.click(within(again).getByRole('button', { name: 'Transfer' }));
  expect(await within(again).findByText(/An account number has 12 digits/)).toBeDefined();
  fireEvent.change(number, { target: { value: '100000000099' } });
  transferAnswer = () => problem(403, 'member_transfer_not_allowed');
  fireEvent.click(within(again).getByRole('button', { name: 'Transfer' }));
  expect(
    await within(again).findByText("Transfers to another member's account are not allowed."),
  ).toBeDefined();
  expect(posts[1]?.body).toEqual({
    source_account_seq: 11,
    target_account_number: '1000-0000-0099',
    amount: '10',
  });
});

const constantWith = (ledger: Record<string, unknown>) =>
  http.get('/api/v1/constant', () =>
    HttpResponse.json({
      data: {
        locales: { default: 'en-US', supported: ['ko-KR', 'en-US', 'ja-JP', 'vi-VN', 'zh-TW'] },
        assets: [],
        ledger,
        enumerations: {},
      },
    }),
  );

test('the published policy: own accounts only disables "by account number"; otherwise the fee is shown', async () => {
  server.use(
    constantWith({
      accounts_per_asset_max: 20,
      member_transfer_scope: 'own_accounts',
      member_transfer_fee: {},
    }),
  );
  const first = renderApp('/wallet');
  fireEvent.click(await screen.findByRole('button', { name: 'Transfer from KRW wallet' }));
  const dialog = await screen.findByRole('dialog', { name: 'Transfer' });
  expect(
    await within(dialog).findByText('Only transfers between your own accounts are allowed.'),
  ).toBeDefined();
  expect(within(dialog).getByRole('radio', { name: 'By account number' })).toHaveProperty(
    'disabled',
    true,
  );
  first.unmount();

  server.use(
    constantWith({
      accounts_per_asset_max: 20,
      member_transfer_scope: 'any_member',
      member_transfer_fee: { KRW: '1500' },
    }),
  );
  renderApp('/wallet');
  fireEvent.click(await screen.findByRole('button', { name: 'Transfer from KRW wallet' }));
  const open = await screen.findByRole('dialog', { name: 'Transfer' });
  fireEvent.click(within(open).getByRole('radio', { name: 'By account number' }));
  expect(
    await within(open).findByText(
      "A transfer to another member's account costs a fee of 1,500 KRW.",
    ),
  ).toBeDefined();
});
