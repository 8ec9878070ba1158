import type { RouteEntry } from '@ledger/contracts';

/**
 * Requests for every route of the table, shared by the tests that call each one: a valid body of
 * each write route (the routes that read no body are listed apart) and a concrete path.
 */

/** A valid body for each write route; the routes that read no body are listed apart. */
export const validBodies: Record<string, unknown> = {
  // The on-demand reconciliation run takes an empty object (and nothing else).
  'POST /api/v1/admin/ledger-reconciliation': {},
  'POST /api/v1/auth/token': { user_id: 'someone', password: 'some passphrase' },
  'POST /api/v1/member': {
    user_id: 'newcomer',
    password: 'a long passphrase',
    email_address: 'newcomer@example.test',
    user_name: 'New',
    consents: ['terms_of_service', 'privacy_policy'],
  },
  'POST /api/v1/member/find': { user_id: 'someone' },
  'POST /api/v1/member/find/reset': {
    user_id: 'someone',
    code: '123456',
    new_password: 'a long passphrase',
  },
  'POST /api/v1/member/me/email-verification': {},
  'POST /api/v1/member/me/email-verification/confirm': { code: '123456' },
  'PUT /api/v1/member/me/password': { current_password: 'x', new_password: 'a long passphrase' },
  'PUT /api/v1/member/me/email': { password: 'x', email_address: 'x@example.test' },
  'POST /api/v1/member/me/withdrawal': { password: 'x' },
  'POST /api/v1/otp': {},
  'POST /api/v1/otp/:otpId/activate': { otp_token: '123456' },
  'POST /api/v1/otp/:otpId/deactivate': {},
  'PUT /api/v1/admin/member/:seq/deny': { is_denied: false },
  'PUT /api/v1/admin/member/:seq/security-level': { security_level: 2 },
  'PUT /api/v1/admin/member/:seq/security-level-lock': { is_security_level_locked: true },
  'PUT /api/v1/admin/member/:seq/statistics-exclusion': { use_statistics_exclude: true },
  'PUT /api/v1/admin/member/:seq/groups': { group_seqs: [] },
  'PUT /api/v1/admin/member/:seq/roles': { role_ids: [] },
  'PUT /api/v1/admin/member/:seq/admin': { is_admin: false },
  'POST /api/v1/admin/member-group': { name: 'VIP' },
  'PUT /api/v1/admin/member-group/:seq': { name: 'VIP' },
  'POST /api/v1/admin/acs/role': { name: 'Support', permissions: [] },
  'PUT /api/v1/admin/acs/role/:roleId': { name: 'Support', permissions: [] },
  'PUT /api/v1/admin/setting/:key': { value: 2 },
  'PUT /api/v1/admin/setting-secret/:key': { value: 'a secret' },
  'POST /api/v1/admin/config/mail/test-send': { to: 'test@example.test' },
  'POST /api/v1/admin/config/phone/test-send': { to: '+821012345678' },
  'POST /api/v1/admin/oauth2-client': {
    member_seq: 1,
    name: 'Kiosk',
    redirect_uris: ['https://kiosk.example/cb'],
    authorities: [],
  },
  'PUT /api/v1/admin/oauth2-client/:clientId': {
    name: 'Kiosk',
    redirect_uris: ['https://kiosk.example/cb'],
    authorities: [],
  },
  'POST /api/v1/admin/oauth2-client/:clientId/secret': {},
  'POST /api/v1/account': { asset: 'KRW', title: 'Main' },
  'PUT /api/v1/account/:seq': { title: 'Main' },
  'POST /api/v1/account-transfer': { source_account_seq: 1, target_account_seq: 2, amount: '1' },
  'PUT /api/v1/admin/account/:seq/status': { status: 'fraud', reason: 'Chargeback' },
  'POST /api/v1/admin/adjustment': {
    account_seq: 1,
    direction: 'credit',
    amount: '1',
    reason: 'Correction',
  },
  'POST /api/v1/admin/adjustment/:adjustmentId/approve': {},
  'POST /api/v1/admin/adjustment/:adjustmentId/reject': { reason: 'No evidence' },
  'POST /api/v1/kyc/certification': {
    kyc_type: 'individual',
    documents: [{ kind: 'id_card', name: 'front.jpg' }],
  },
  'POST /api/v1/kyc/realname': {},
  'POST /api/v1/kyc/realname/complete': { realname_seq: 1, provider_answer: {} },
  'POST /api/v1/kyc/withdraw-address-certification': {
    asset: 'BTC',
    withdraw_address: 'bc1qaddress',
    holder_name: 'Holder',
  },
  'PUT /api/v1/admin/security/level/:seq': { title: 'Level', conditions: null },
  'PUT /api/v1/admin/security/restriction-policy': {
    security_level: 1,
    target: 'CREATE_ACCOUNT',
    asset: null,
    amount: null,
    enabled: true,
  },
  'PUT /api/v1/admin/kyc-certification/:seq/review': { decision: 'approved', is_valid: true },
  'PUT /api/v1/admin/kyc-certification/:seq/validity': { is_valid: true },
  'PUT /api/v1/admin/kyc-asset-withdraw-address-certification/:seq/review': {
    decision: 'denied',
    is_valid: false,
  },
  'PUT /api/v1/admin/kyc-asset-withdraw-address-certification/:seq/validity': { is_valid: true },
  'POST /api/v1/account/:seq/deposit-address': {},
  'POST /api/v1/deposit-request': { account_seq: 1, request_amount: '1' },
  'POST /api/v1/admin/asset': { code: 'XRP', title: 'Ripple' },
  'PUT /api/v1/admin/asset/:code': { title: 'Bitcoin' },
  'PUT /api/v1/admin/asset/:code/freeze': { frozen: true, reason: 'Deep reorg' },
  'POST /api/v1/admin/asset-plugin': {
    plugin_id: 'btc-sim',
    asset: 'BTC',
    plugin: 'simulated',
    title: 'Simulated',
  },
  'PUT /api/v1/admin/asset-plugin/:pluginId': { title: 'Simulated' },
  'POST /api/v1/admin/deposit-request/:requestId/approve': {},
  'POST /api/v1/admin/deposit-request/:requestId/reject': { reason: 'No transfer arrived' },
  'POST /api/v1/admin/deposit-request/approve-all': {},
  'POST /api/v1/admin/deposit/:depositId/attribute': { account_seq: 1 },
  'POST /api/v1/admin/deposit/:depositId/return': { reason: 'Unknown sender' },
  'POST /api/v1/development/chain/mine': { chain: 'btc-sim', blocks: 1 },
  'POST /api/v1/development/chain/send': { chain: 'btc-sim', address: 'sim1address', amount: '1' },
  'POST /api/v1/development/chain/reorg': { chain: 'btc-sim', depth: 1 },
  'POST /api/v1/withdraw': {
    account_seq: 1,
    amount: '1',
    withdraw_address_certification_seq: 1,
    otp_token: '123456',
  },
  'POST /api/v1/withdraw/:withdrawalId/cancel': {},
  'POST /api/v1/admin/withdraw/approve-all': {},
  'POST /api/v1/admin/withdraw/:withdrawalId/approve': {},
  'POST /api/v1/admin/withdraw/:withdrawalId/reject': { reason: 'Suspicious' },
  'POST /api/v1/admin/withdraw/:withdrawalId/complete': { txid: 'f00dfeed' },
  'POST /api/v1/admin/withdraw/:withdrawalId/fail': { reason: 'Bounced' },
  'POST /api/v1/admin/withdraw/:withdrawalId/resend': {},
  'POST /api/v1/admin/withdraw/:withdrawalId/key-in': { txid: 'f00dfeed' },
  'PUT /api/v1/admin/withdraw-policy/:asset': {
    one_time_limit: null,
    daily_limit: null,
    fee_type: 'deducted',
    fee_amount: '0',
    fee_asset: 'BTC',
  },
  'POST /api/v1/admin/c2c-market': {
    source_asset: 'BTC',
    target_asset: 'KRW',
    title: 'BTC/KRW',
    amount_unit: '0.0001',
    amount_min: null,
    amount_max: null,
    fee_rate: '0.001',
    is_active: true,
    seller_form: [],
  },
  'PUT /api/v1/admin/c2c-market/:marketSeq': {
    title: 'BTC/KRW',
    amount_unit: '0.0001',
    amount_min: null,
    amount_max: null,
    fee_rate: '0.001',
    is_active: false,
    seller_form: [],
  },
  'POST /api/v1/c2c/deal': {
    market_seq: 1,
    side: 'sell',
    safety_type: 'sellerFirst',
    total_amount: '1',
    application_min: null,
    application_max: null,
    price_min: '90000000',
    price_max: '100000000',
    close_at: null,
    source_account_seq: 1,
    target_account_seq: 2,
  },
  'POST /api/v1/c2c/deal/:dealId/close': {},
  'POST /api/v1/admin/private-deal/:dealId/close': {},
  'POST /api/v1/c2c/deal/:dealId/application': {
    amount: '0.1',
    price: '95000000',
    source_account_seq: 1,
    target_account_seq: 2,
  },
  'POST /api/v1/c2c/application/:applicationId/accept': {},
  'POST /api/v1/c2c/application/:applicationId/reject': { reason: 'Not today' },
  'POST /api/v1/c2c/application/:applicationId/cancel': {},
  'POST /api/v1/c2c/application/:applicationId/paid': {},
  'POST /api/v1/c2c/application/:applicationId/confirm': {},
  'POST /api/v1/c2c/application/:applicationId/return': { reason: 'Not received' },
  'POST /api/v1/c2c/application/:applicationId/dispute': {},
  'POST /api/v1/c2c/application/:applicationId/retry-hold': {},
  'POST /api/v1/admin/private-application/:applicationId/resolve': {
    verdict: 'return',
    reason: 'The payment never arrived',
  },
  'POST /api/v1/cs/ticket': { type_id: 'account', title: 'Cannot log in', content: 'Help' },
  'POST /api/v1/cs/guest-ticket': {
    type_id: 'account',
    title: 'Cannot log in',
    content: 'Help',
    mail: 'guest@example.test',
  },
  'POST /api/v1/cs/guest-ticket/lookup': {
    ticket_id: '00000000-0000-4000-8000-000000000000',
    lookup_code: 'ABCDEFGHJKMNPQRSTVWX',
  },
  'PUT /api/v1/admin/cs/ticket-type/:typeId': {
    title: 'Account',
    list_order: 1,
    use_content: true,
    allow_guest: false,
    notify_member: true,
    notify_manager: true,
  },
  'PUT /api/v1/admin/cs/ticket/:ticketId/answer': { answer: 'Done' },
  'PUT /api/v1/admin/cs/ticket/:ticketId/complete': {},
  'PUT /api/v1/admin/cs/ticket/:ticketId/close': {},
  'PUT /api/v1/admin/cs/faq-type/:faqTypeId': { title: 'General', list_order: 1 },
  'POST /api/v1/admin/cs/faq': {
    faq_type_id: 'general',
    locale: 'en-US',
    question: 'How do I log in?',
    answer: 'With your user ID.',
    list_order: 1,
  },
  'PUT /api/v1/admin/cs/faq/:faqId': {
    faq_type_id: 'general',
    locale: 'en-US',
    question: 'How do I log in?',
    answer: 'With your user ID.',
    list_order: 1,
  },
  'PUT /api/v1/admin/cs/faq/:faqId/publish': { published: true },
};
export const bodilessRoutes = [
  'POST /api/v1/auth/token/refresh',
  'POST /api/v1/auth/logout',
  'DELETE /api/v1/admin/oauth2-client/:clientId',
];

/** The route's path with a value for each parameter; a wallet account's routes get `accountSeq`. */
export function concretePath(
  route: RouteEntry,
  ids: { memberSeq: number; accountSeq: number },
): string {
  return route.path
    .replace(':seq', String(route.id?.kind === 'account' ? ids.accountSeq : ids.memberSeq))
    .replace(':otpId', '00000000-0000-4000-8000-000000000000')
    .replace(':roleId', '00000000-0000-4000-8000-000000000000')
    .replace(':adjustmentId', '00000000-0000-4000-8000-000000000000')
    .replace(':key', 'otp.maximumCount')
    .replace(':clientId', 'oc_AAAAAAAAAAAAAAAAAAAAAA')
    .replace(':code', 'BTC')
    .replace(':pluginId', 'btc-sim')
    .replace(':requestId', '00000000-0000-4000-8000-000000000000')
    .replace(':depositId', 'btc-sim:f00dfeed:0')
    .replace(':withdrawalId', '00000000-0000-4000-8000-000000000000')
    .replace(':asset', 'BTC')
    .replace(':marketSeq', '1')
    .replace(':dealId', '00000000-0000-4000-8000-000000000000')
    .replace(':applicationId', '00000000-0000-4000-8000-000000000000')
    .replace(':ticketId', '00000000-0000-4000-8000-000000000000')
    .replace(':typeId', 'account')
    .replace(':faqTypeId', 'general')
    .replace(':faqId', '00000000-0000-4000-8000-000000000000');
}

/** `METHOD path`, the table's key of a route. */
export function keyOf(route: { method: string; path: string }): string {
  return `${route.method} ${route.path}`;
}
