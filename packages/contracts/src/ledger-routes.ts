import { type RouteEntry, route, v1 } from './route-entry.ts';

export const accountId = { parameter: 'seq', kind: 'account' } as const;
const adjustmentId = { parameter: 'adjustmentId', kind: 'adjustment' } as const;

/** The ledger: wallet accounts, balances, transfers, books, forced adjustments. */
export const ledgerRoutes: RouteEntry[] = [
  route('POST', `${v1}/account`, 'write', 'member', 'Open a wallet account'),
  route('PUT', `${v1}/account/:seq`, 'write', 'member', 'Change an account title', {
    id: accountId,
  }),
  route('POST', `${v1}/account-transfer`, 'write', 'member', 'Move money between accounts'),
  route('GET', `${v1}/account`, 'query', 'member', 'The caller’s wallet accounts'),
  route('GET', `${v1}/account-asset`, 'query', 'member', 'The caller’s wallet per asset'),
  route('GET', `${v1}/account/:seq`, 'query', 'member', 'One of the caller’s accounts', {
    id: accountId,
  }),
  route('GET', `${v1}/account/:seq/balance-log`, 'query', 'member', 'Its balance changes', {
    id: accountId,
  }),
  route('GET', `${v1}/account/:seq/balance`, 'query', 'member', 'Its balance at an instant', {
    id: accountId,
  }),
  route('GET', `${v1}/admin/account`, 'query', 'admin', 'Account list'),
  route('GET', `${v1}/admin/account/:seq`, 'query', 'admin', 'Account view', { id: accountId }),
  route('GET', `${v1}/admin/account/:seq/balance-log`, 'query', 'admin', 'Balance log', {
    id: accountId,
  }),
  route('GET', `${v1}/admin/account/:seq/balance`, 'query', 'admin', 'Balance at an instant', {
    id: accountId,
  }),
  route('GET', `${v1}/admin/book`, 'query', 'admin', 'Per-asset books (sum = 0)'),
  route('GET', `${v1}/admin/adjustment`, 'query', 'admin', 'Forced adjustments'),
  route('GET', `${v1}/admin/adjustment/:adjustmentId`, 'query', 'admin', 'One adjustment', {
    id: adjustmentId,
  }),
  route('GET', `${v1}/admin/ledger-activity`, 'query', 'admin', 'Administrators’ ledger actions'),
  route(
    'GET',
    `${v1}/admin/ledger-reconciliation`,
    'query',
    'admin',
    'Newest continuous reconciliation run (T25)',
  ),
  route(
    'POST',
    `${v1}/admin/ledger-reconciliation`,
    'write',
    'admin',
    'Run the continuous reconciliation now (T25)',
  ),
  route('PUT', `${v1}/admin/account/:seq/status`, 'write', 'admin', 'Normal or fraud', {
    id: accountId,
  }),
  route('POST', `${v1}/admin/adjustment`, 'write', 'admin', 'Propose a forced adjustment'),
  route('POST', `${v1}/admin/adjustment/:adjustmentId/approve`, 'write', 'admin', 'Approve it', {
    id: adjustmentId,
  }),
  route('POST', `${v1}/admin/adjustment/:adjustmentId/reject`, 'write', 'admin', 'Reject it', {
    id: adjustmentId,
  }),
];
