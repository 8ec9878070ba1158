import { type RouteEntry, route, v1 } from './route-entry.ts';

const withdrawalId = { parameter: 'withdrawalId', kind: 'withdrawal' } as const;

/** Withdrawals, withdraw transfers, account transfers and the withdraw policy. */
export const withdrawalRoutes: RouteEntry[] = [
  route('GET', `${v1}/withdraw`, 'query', 'member', 'The caller’s withdrawals'),
  route('GET', `${v1}/withdraw/:withdrawalId`, 'query', 'member', 'One of them', {
    id: withdrawalId,
  }),
  route('POST', `${v1}/withdraw`, 'write', 'member', 'Request a withdrawal (OTP)'),
  route('POST', `${v1}/withdraw/:withdrawalId/cancel`, 'write', 'member', 'Cancel it', {
    id: withdrawalId,
  }),
  route('GET', `${v1}/admin/withdraw`, 'query', 'admin', 'Withdrawals'),
  route('GET', `${v1}/admin/withdraw/:withdrawalId`, 'query', 'admin', 'One withdrawal', {
    id: withdrawalId,
  }),
  route('GET', `${v1}/admin/withdraw-transfer`, 'query', 'admin', 'Withdraw transfers'),
  route('GET', `${v1}/admin/account-transfer`, 'query', 'admin', 'Transfers between accounts'),
  route('GET', `${v1}/admin/withdraw-policy`, 'query', 'admin', 'Withdraw policy per asset'),
  route('POST', `${v1}/admin/withdraw/approve-all`, 'write', 'admin', 'Approve every request'),
  route('POST', `${v1}/admin/withdraw/:withdrawalId/approve`, 'write', 'admin', 'Approve it', {
    id: withdrawalId,
  }),
  route('POST', `${v1}/admin/withdraw/:withdrawalId/reject`, 'write', 'admin', 'Reject it', {
    id: withdrawalId,
  }),
  route('POST', `${v1}/admin/withdraw/:withdrawalId/complete`, 'write', 'admin', 'Complete it', {
    id: withdrawalId,
  }),
  route(
    'POST',
    `${v1}/admin/withdraw/:withdrawalId/fail`,
    'write',
    'admin',
    'Fail it (after sent)',
    {
      id: withdrawalId,
    },
  ),
  route(
    'POST',
    `${v1}/admin/withdraw/:withdrawalId/resend`,
    'write',
    'admin',
    'Re-send a transfer',
    {
      id: withdrawalId,
    },
  ),
  route('POST', `${v1}/admin/withdraw/:withdrawalId/key-in`, 'write', 'admin', 'Key in a txid', {
    id: withdrawalId,
  }),
  route('PUT', `${v1}/admin/withdraw-policy/:asset`, 'write', 'admin', 'Set an asset’s policy'),
];
