import { accountId } from './ledger-routes.ts';
import { type RouteEntry, route, v1 } from './route-entry.ts';

const assetCode = { parameter: 'code', kind: 'asset' } as const;
const assetPluginId = { parameter: 'pluginId', kind: 'asset_plugin' } as const;
const depositId = { parameter: 'depositId', kind: 'deposit' } as const;
const depositRequestId = { parameter: 'requestId', kind: 'deposit_request' } as const;

/** Assets, asset plug-ins and deposits. */
export const assetAndDepositRoutes: RouteEntry[] = [
  route('GET', `${v1}/asset`, 'query', 'member', 'Active assets'),
  route('GET', `${v1}/deposit`, 'query', 'member', 'The caller’s chain deposits'),
  route('GET', `${v1}/account/:seq/deposit-address`, 'query', 'member', 'Its deposit address', {
    id: accountId,
  }),
  route('POST', `${v1}/account/:seq/deposit-address`, 'write', 'member', 'Create it (memo ID)', {
    id: accountId,
  }),
  route('POST', `${v1}/deposit-request`, 'write', 'member', 'Request a manual deposit'),
  route('GET', `${v1}/deposit-request`, 'query', 'member', 'The caller’s deposit requests'),
  route('GET', `${v1}/admin/asset`, 'query', 'admin', 'Asset catalog'),
  route('GET', `${v1}/admin/asset/:code`, 'query', 'admin', 'One asset', { id: assetCode }),
  route('POST', `${v1}/admin/asset`, 'write', 'admin', 'Register an asset'),
  route('PUT', `${v1}/admin/asset/:code`, 'write', 'admin', 'Change an asset', { id: assetCode }),
  route('PUT', `${v1}/admin/asset/:code/freeze`, 'write', 'admin', 'Freeze or lift', {
    id: assetCode,
  }),
  route('GET', `${v1}/admin/asset-plugin`, 'query', 'admin', 'Asset plug-ins'),
  route('POST', `${v1}/admin/asset-plugin`, 'write', 'admin', 'Register a plug-in'),
  route('PUT', `${v1}/admin/asset-plugin/:pluginId`, 'write', 'admin', 'Change a plug-in', {
    id: assetPluginId,
  }),
  route('GET', `${v1}/admin/deposit`, 'query', 'admin', 'Chain deposits'),
  route('GET', `${v1}/admin/deposit-request`, 'query', 'admin', 'Deposit requests'),
  route('POST', `${v1}/admin/deposit-request/:requestId/approve`, 'write', 'admin', 'Approve', {
    id: depositRequestId,
  }),
  route('POST', `${v1}/admin/deposit-request/:requestId/reject`, 'write', 'admin', 'Reject', {
    id: depositRequestId,
  }),
  route('POST', `${v1}/admin/deposit-request/approve-all`, 'write', 'admin', 'Approve all'),
  route('POST', `${v1}/admin/deposit/:depositId/attribute`, 'write', 'admin', 'Attribute', {
    id: depositId,
  }),
  route('POST', `${v1}/admin/deposit/:depositId/return`, 'write', 'admin', 'Return', {
    id: depositId,
  }),
  route('POST', `${v1}/development/chain/mine`, 'write', 'admin', 'Mine simulated blocks', {
    developmentOnly: true,
  }),
  route('POST', `${v1}/development/chain/send`, 'write', 'admin', 'Send a simulated deposit', {
    developmentOnly: true,
  }),
  route('POST', `${v1}/development/chain/reorg`, 'write', 'admin', 'Cause a simulated reorg', {
    developmentOnly: true,
  }),
];
