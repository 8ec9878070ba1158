import type { ConsoleScreen } from '../../ui-kit/shell/console-screens.ts';

/**
 * A screen, and the admin route it reads (`GET`, as a role's permission names it) when it is
 * built: the menu offers it only to those who may call that route (admin-shell.tsx).
 */
type AdminReadRoute = `/api/v1/admin/${string}`;
const screen = <const Key extends string, const Group extends string>(
  key: Key,
  path: string,
  group: Group,
  reads?: AdminReadRoute,
) =>
  ({ key, path, group, reads }) satisfies ConsoleScreen<Key, Group> & {
    reads: AdminReadRoute | undefined;
  };

/** Every admin console screen of SPEC §2, under /admin, in menu order. */
export const adminScreens = [
  screen('index', '', 'home'),
  screen('memberList', 'member/list', 'members', '/api/v1/admin/member'),
  screen('memberGroupList', 'member/group/list', 'members', '/api/v1/admin/member-group'),
  screen('accountList', 'account/list', 'members', '/api/v1/admin/account'),
  screen('accountUpdateBalanceBulk', 'account/update-balance-bulk', 'members'),
  screen('depositList', 'deposit/list', 'money', '/api/v1/admin/deposit'),
  screen('withdrawList', 'withdraw/list', 'money', '/api/v1/admin/withdraw'),
  screen('accountTransferList', 'account-transfer/list', 'money', '/api/v1/admin/account-transfer'),
  screen(
    'withdrawTransferList',
    'withdraw-transfer/list',
    'money',
    '/api/v1/admin/withdraw-transfer',
  ),
  screen('withdrawPolicy', 'withdraw/policy', 'money', '/api/v1/admin/withdraw-policy'),
  screen(
    'kycCertificationList',
    'kyc-certification/list',
    'kyc',
    '/api/v1/admin/kyc-certification',
  ),
  screen('kycRealnameList', 'kyc-realname/list', 'kyc', '/api/v1/admin/kyc-realname'),
  screen(
    'kycWithdrawAddressList',
    'kyc-asset-withdraw-address-certification/list',
    'kyc',
    '/api/v1/admin/kyc-asset-withdraw-address-certification',
  ),
  screen('directTransferList', 'direct-transfer/list', 'trading'),
  screen('privateApplicationList', 'private-application/list', 'trading'),
  screen('privateDealList', 'private-deal/list', 'trading'),
  screen('loginlogList', 'loginlog/list', 'audit', '/api/v1/admin/loginlog'),
  screen('oauth2ClientList', 'oauth2-client/list', 'audit', '/api/v1/admin/oauth2-client'),
  screen('activityLogList', 'activity-log/list', 'audit', '/api/v1/admin/activity-log'),
  screen('marketCatalog', 'market/catalog', 'catalogs'),
  screen('assetList', 'asset/list', 'catalogs', '/api/v1/admin/asset'),
  screen('assetPluginList', 'asset-plugin/list', 'catalogs', '/api/v1/admin/asset-plugin'),
  screen('securityCatalog', 'security/catalog', 'catalogs', '/api/v1/admin/security/catalog'),
  screen('lang', 'lang', 'catalogs'),
  screen('acsCatalog', 'acs/catalog', 'catalogs', '/api/v1/admin/acs/role'),
  screen('financeCatalog', 'finance/catalog', 'catalogs'),
  screen('contractCatalog', 'contract/catalog', 'catalogs'),
  screen('csTicketList', 'cs/ticket/list', 'catalogs', '/api/v1/admin/cs/ticket'),
  screen('csFaqList', 'cs/faq/list', 'catalogs', '/api/v1/admin/cs/faq'),
  screen('financeFundList', 'finance/fund-list', 'finance'),
  screen('financeReturnList', 'finance/return-list', 'finance'),
  screen('financeDividendList', 'finance/dividend-list', 'finance'),
  screen('contractAgreementList', 'contract/agreement-list', 'finance'),
  screen('affiliatePolicy', 'affiliate/policy', 'affiliate'),
  screen('affiliateLogList', 'affiliate/log-list', 'affiliate'),
  screen('affiliateBalanceList', 'affiliate/balance-list', 'affiliate'),
  screen('affiliateAdjustList', 'affiliate/adjust-list', 'affiliate'),
  screen('pgMerchantList', 'pg/merchant-list', 'pg'),
  screen('pgFeeset', 'pg/feeset', 'pg'),
  screen('pgTransactionList', 'pg/transaction-list', 'pg'),
  screen('brokerageList', 'brokerage/list', 'brokerage'),
  screen('brokerageBalanceList', 'brokerage/balance-list', 'brokerage'),
  screen('brokerageShareList', 'brokerage/share-list', 'brokerage'),
  screen('brokerageAdjustList', 'brokerage/adjust-list', 'brokerage'),
  screen('publicOrderList', 'public/order-list', 'publicMarket'),
  screen('publicTradeList', 'public/trade-list', 'publicMarket'),
  screen('publicBalanceTransferList', 'public/balance-transfer-list', 'publicMarket'),
  screen('statistic', 'statistic', 'other'),
  screen('configMember', 'config/member', 'config', '/api/v1/admin/setting'),
  screen('configService', 'config/service', 'config', '/api/v1/admin/setting'),
  screen('configKyc', 'config/kyc', 'config', '/api/v1/admin/setting'),
  screen('configMail', 'config/mail', 'config', '/api/v1/admin/setting'),
  screen('configPhone', 'config/phone', 'config', '/api/v1/admin/setting'),
  screen('configOtp', 'config/otp', 'config', '/api/v1/admin/setting'),
  screen('configNotification', 'config/notification', 'config', '/api/v1/admin/setting'),
  screen('configCs', 'config/cs', 'config', '/api/v1/admin/setting'),
  screen('memberView', 'member/$member_seq/view', 'details', '/api/v1/admin/member/:seq'),
  screen(
    'memberAccount',
    'member/$member_seq/account',
    'details',
    '/api/v1/admin/member/:seq/account',
  ),
  screen(
    'memberLoginlog',
    'member/$member_seq/loginlog',
    'details',
    '/api/v1/admin/member/:seq/loginlog',
  ),
  screen(
    'memberOauth2Client',
    'member/$member_seq/oauth2-client',
    'details',
    '/api/v1/admin/member/:seq/oauth2-client',
  ),
  screen(
    'memberInviteRelation',
    'member/$member_seq/invite-relation',
    'details',
    '/api/v1/admin/member/:seq/invite-relation',
  ),
  screen('accountView', 'account/$account_seq/view', 'details', '/api/v1/admin/account/:seq'),
  screen(
    'accountBalanceLog',
    'account/$account_seq/balance-log',
    'details',
    '/api/v1/admin/account/:seq/balance-log',
  ),
  screen('brokerageView', 'brokerage/$brokerage_seq/view', 'details'),
  screen('brokerageRelationListDetail', 'brokerage/$brokerage_seq/relation-list', 'details'),
  screen('brokerageBalanceListDetail', 'brokerage/$brokerage_seq/balance-list', 'details'),
  screen('brokerageShareListDetail', 'brokerage/$brokerage_seq/share-list', 'details'),
  screen('brokerageAdjustListDetail', 'brokerage/$brokerage_seq/adjust-list', 'details'),
  screen('pgMerchantView', 'pg/merchant/$merchant_seq/view', 'details'),
] as const;

export type AdminScreen = (typeof adminScreens)[number];
export type AdminScreenKey = AdminScreen['key'];
export type AdminScreenGroup = AdminScreen['group'];
