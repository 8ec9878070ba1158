import { type RouteEntry, route, v1 } from './route-entry.ts';

const dealId = { parameter: 'dealId', kind: 'c2c_deal' } as const;
const applicationId = { parameter: 'applicationId', kind: 'c2c_application' } as const;
const marketSeq = { parameter: 'marketSeq', kind: 'c2c_market' } as const;

/** The member's application actions: each the caller's only as the party the action is for. */
const applicationActions: [string, string][] = [
  ['accept', 'Accept an application to one’s deal'],
  ['reject', 'Reject it, with a reason'],
  ['cancel', 'Cancel it (or agree to cancel after payment)'],
  ['paid', 'Say the payment was made'],
  ['confirm', 'Confirm receipt: the escrow is released'],
  ['return', 'Return it, with a reason'],
  ['dispute', 'Open a dispute'],
  ['retry-hold', 'Ask for a refused hold again'],
];

/**
 * C2C escrow trading: the market catalog (admin market/catalog, C2C tab), deals and applications
 * (the member's C2C screens; the administrator's private-deal/list and private-application/list).
 * Member routes scope every deal and application to the caller (another member's: 404).
 */
export const c2cRoutes: RouteEntry[] = [
  route('GET', `${v1}/c2c/market`, 'query', 'member', 'The active C2C markets'),
  route('GET', `${v1}/c2c/deal`, 'query', 'member', 'The open deals, filtered'),
  // Any member reads an open deal and applies to it: the deal id names no object of the caller's.
  route('GET', `${v1}/c2c/deal/:dealId`, 'query', 'member', 'One deal'),
  route('GET', `${v1}/c2c/my-deal`, 'query', 'member', 'The caller’s deals'),
  route('GET', `${v1}/c2c/sale`, 'query', 'member', 'The caller’s sales'),
  route('GET', `${v1}/c2c/purchase`, 'query', 'member', 'The caller’s purchases'),
  route('GET', `${v1}/c2c/application/:applicationId`, 'query', 'member', 'One of them', {
    id: applicationId,
  }),
  route('POST', `${v1}/c2c/deal`, 'write', 'member', 'Publish a deal'),
  route('POST', `${v1}/c2c/deal/:dealId/close`, 'write', 'member', 'Close one’s deal', {
    id: dealId,
  }),
  route('POST', `${v1}/c2c/deal/:dealId/application`, 'write', 'member', 'Apply to a deal'),
  ...applicationActions.map(([action, summary]) =>
    route('POST', `${v1}/c2c/application/:applicationId/${action}`, 'write', 'member', summary, {
      id: applicationId,
    }),
  ),
  route('GET', `${v1}/admin/c2c-market`, 'query', 'admin', 'The C2C market catalog'),
  route('POST', `${v1}/admin/c2c-market`, 'write', 'admin', 'Register a C2C market'),
  route('PUT', `${v1}/admin/c2c-market/:marketSeq`, 'write', 'admin', 'Change a C2C market', {
    id: marketSeq,
  }),
  route('GET', `${v1}/admin/private-deal`, 'query', 'admin', 'Every deal, filtered'),
  route('GET', `${v1}/admin/private-deal/:dealId`, 'query', 'admin', 'One deal', { id: dealId }),
  route('POST', `${v1}/admin/private-deal/:dealId/close`, 'write', 'admin', 'Close a deal', {
    id: dealId,
  }),
  route('GET', `${v1}/admin/private-application`, 'query', 'admin', 'Every application'),
  route(
    'GET',
    `${v1}/admin/private-application/:applicationId`,
    'query',
    'admin',
    'One application',
    { id: applicationId },
  ),
  route(
    'POST',
    `${v1}/admin/private-application/:applicationId/resolve`,
    'write',
    'admin',
    'Change its status: confirm or return, with a reason',
    { id: applicationId },
  ),
];
