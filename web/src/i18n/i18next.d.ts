import 'i18next';
import type admin from '../locales/ko-KR/admin.json';
import type adminAccess from '../locales/ko-KR/admin-access.json';
import type adminAssets from '../locales/ko-KR/admin-assets.json';
import type adminConfig from '../locales/ko-KR/admin-config.json';
import type adminKyc from '../locales/ko-KR/admin-kyc.json';
import type adminLedger from '../locales/ko-KR/admin-ledger.json';
import type adminMembers from '../locales/ko-KR/admin-members.json';
import type adminOAuth2Clients from '../locales/ko-KR/admin-oauth2-clients.json';
import type adminWithdrawals from '../locales/ko-KR/admin-withdrawals.json';
import type auth from '../locales/ko-KR/auth.json';
import type brokerage from '../locales/ko-KR/brokerage.json';
import type common from '../locales/ko-KR/common.json';
import type cs from '../locales/ko-KR/cs.json';
import type deposit from '../locales/ko-KR/deposit.json';
import type errors from '../locales/ko-KR/errors.json';
import type home from '../locales/ko-KR/home.json';
import type kit from '../locales/ko-KR/kit.json';
import type kyc from '../locales/ko-KR/kyc.json';
import type myPage from '../locales/ko-KR/my-page.json';
import type securityLevel from '../locales/ko-KR/security-level.json';
import type wallet from '../locales/ko-KR/wallet.json';
import type withdraw from '../locales/ko-KR/withdraw.json';

// Typed keys: t('notFound.title') is checked against the default locale's resources.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      auth: typeof auth;
      kit: typeof kit;
      errors: typeof errors;
      admin: typeof admin;
      brokerage: typeof brokerage;
      home: typeof home;
      'my-page': typeof myPage;
      'admin-members': typeof adminMembers;
      'admin-access': typeof adminAccess;
      wallet: typeof wallet;
      'admin-ledger': typeof adminLedger;
      'admin-oauth2-clients': typeof adminOAuth2Clients;
      withdraw: typeof withdraw;
      'admin-withdrawals': typeof adminWithdrawals;
      kyc: typeof kyc;
      'security-level': typeof securityLevel;
      'admin-kyc': typeof adminKyc;
      deposit: typeof deposit;
      'admin-assets': typeof adminAssets;
      cs: typeof cs;
      'admin-config': typeof adminConfig;
    };
  }
}
