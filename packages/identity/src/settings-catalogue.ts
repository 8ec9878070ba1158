/**
 * The product settings identity needs (DESIGN.md §4): one typed catalogue of keys, each with its
 * default and its validation. Settings are events on the `settings` stream; nothing reads them
 * from the environment. The config/* screens edit this catalogue.
 */

import {
  exactlyOneOf,
  integerBetween,
  isBoolean,
  listOf,
  matching,
  multilineText,
  nullable,
  oneOf,
  recordOf,
  type SettingCheck,
  type SettingIssue,
  shape,
  text,
} from './setting-checks.ts';

/** Actions that can demand a one-time password when the member has an active OTP. */
export const otpRequiredActionValues = [
  'login',
  'change_password',
  'change_email',
  'withdraw_account',
  'deactivate_otp',
  'withdraw_asset',
] as const;
export type OtpRequiredAction = (typeof otpRequiredActionValues)[number];

export const loginIdentifierValues = ['user_id', 'email'] as const;
export type LoginIdentifier = (typeof loginIdentifierValues)[number];

export const mailProviderValues = ['outbox', 'smtp'] as const;
export type MailProvider = (typeof mailProviderValues)[number];

/** Who a member may send money to inside the exchange (SPEC internal transfer; docs/adr/0011). */
export const memberTransferScopeValues = ['own_accounts', 'any_member'] as const;
export type MemberTransferScope = (typeof memberTransferScopeValues)[number];

/** An amount per asset code: decimal text (never a JS number), as on the wire (docs/adr/0005). */
export type AmountPerAsset = Readonly<Record<string, string>>;

/** Where SMS go: `outbox` keeps them in the SMS outbox (the embedded default of the SMS port). */
export const smsProviderValues = ['outbox'] as const;
export type SmsProvider = (typeof smsProviderValues)[number];

/**
 * What the settings know of a secret (an API key, a password): only whether it is set and when it
 * last changed. The secret itself is sealed outside the event log (setting_secrets) and is
 * write-only: no answer and no event ever carries it.
 */
export type SecretState = { isSet: boolean; changedAt: string | null };

/** The keys whose value is a SecretState, changed only by writing or clearing the secret. */
export const secretSettingKeys = ['mail.apiKey', 'mail.smtpPassword', 'phone.smsApiKey'] as const;
export type SecretSettingKey = (typeof secretSettingKeys)[number];

/** The events a notification may follow (config/notification), a closed list. */
export const notificationEventValues = [
  'sign_up',
  'password_changed',
  'email_changed',
  'otp_changed',
  'deposit_credited',
  'withdrawal_sent',
  'withdrawal_refused',
  'kyc_reviewed',
  'cs_ticket_created',
  'cs_ticket_answered',
] as const;
export type NotificationEvent = (typeof notificationEventValues)[number];

export const notificationChannelValues = ['mail', 'sms'] as const;
export type NotificationChannel = (typeof notificationChannelValues)[number];

/** Who hears of an event, and how: the member it concerns, and the managers (config/cs). */
export type NotificationRule = { member: NotificationChannel[]; manager: NotificationChannel[] };

/** One locale's text of a notification; `{{name}}` placeholders are filled when it is sent. */
export type NotificationTemplate = { subject: string; body: string };

export const localeValues = ['en-US', 'ja-JP', 'ko-KR', 'vi-VN', 'zh-TW'] as const;
export type Locale = (typeof localeValues)[number];

export type IdentitySettings = {
  /** Access-token lifetime in seconds (SPEC §3 "token lifetime"); kept short. */
  'auth.accessTokenLifetimeSeconds': number;
  /** Absolute lifetime of a refresh-token family (a session), in seconds. */
  'auth.refreshTokenLifetimeSeconds': number;
  /** Seconds in which a just-rotated refresh token still returns the current one (two tabs). */
  'auth.refreshGraceSeconds': number;
  /** Administrator routes need a session opened with a one-time password (admin behind MFA). */
  'auth.administratorOtpRequired': boolean;
  'member.signUpEnabled': boolean;
  'member.requiredConsents': string[];
  'member.loginIdentifier': LoginIdentifier;
  /** Groups whose members may be named as recommender; empty means every member may. */
  'member.recommenderAllowedGroups': number[];
  'otp.allowCancel': boolean;
  'otp.maximumCount': number;
  'otp.requiredActions': OtpRequiredAction[];
  'locale.default': Locale;
  'locale.supported': Locale[];
  'mail.provider': MailProvider;
  'mail.defaultSender': string;
  'mail.domain': string;
  'mail.smtpHost': string;
  'mail.smtpPort': number;
  'mail.smtpSecure': boolean;
  'mail.smtpUser': string;
  'mail.apiKey': SecretState;
  'mail.smtpPassword': SecretState;
  /** The number SMS are sent from (digits, an optional leading +); empty: none yet. */
  'phone.callerNumber': string;
  'phone.smsProvider': SmsProvider;
  'phone.smsApiKey': SecretState;
  /** The ticket type a new ticket starts with (none: the member chooses). */
  'cs.defaultTicketTypeSeq': number | null;
  /** What a new ticket type starts with: notify the member of answers, notify the managers. */
  'cs.defaultNotifyMember': boolean;
  'cs.defaultNotifyManager': boolean;
  /** Whether visitors may file tickets at all (each ticket type also says whether it allows them). */
  'cs.guestTicketsEnabled': boolean;
  /** The managers' addresses told of new tickets. */
  'cs.notifiedManagerEmails': string[];
  /** Per event, which channels notify the member and the managers; an event not listed notifies no one. */
  'notification.rules': Partial<Record<NotificationEvent, NotificationRule>>;
  /** Per event and locale, the text sent. */
  'notification.templates': Partial<
    Record<NotificationEvent, Partial<Record<Locale, NotificationTemplate>>>
  >;
  /** How long an approved KYC certification stays valid, in seconds (SPEC §9). */
  'kyc.validitySeconds': number;
  /** How long a real-name authentication stays valid, in seconds. */
  'kyc.realnameValiditySeconds': number;
  /** The real-name authority (identity provider) in use; `simulated` in development and tests. */
  'kyc.realnameAuthority': string;
  /** The site code the real-name authority issued (its site password is a secret: environment). */
  'kyc.realnameSiteCode': string;
  /** The real-name authority's execution path (the popup's entry URL). */
  'kyc.realnameExecutionPath': string;
  /** Wallet accounts a member may open per asset. */
  'ledger.accountsPerAssetMax': number;
  /** own_accounts: only between a member's own accounts; any_member: also to another member's account. */
  'ledger.memberTransferScope': MemberTransferScope;
  /** Fee per asset on a transfer to another member (paid to the asset's fee revenue account). */
  'ledger.memberTransferFee': AmountPerAsset;
  /**
   * Forced adjustments up to this amount (per asset) execute on one administrator's proposal;
   * above it, and for every asset not listed, a second administrator must approve.
   */
  'ledger.adjustmentSingleApprovalMax': AmountPerAsset;
  /**
   * The largest deposit request a member may file, per asset (in the asset's units); an asset not
   * listed takes `depositRequestMaxDefault`.
   */
  'ledger.depositRequestMax': AmountPerAsset;
};

/** The largest deposit request of an asset `ledger.depositRequestMax` does not list. */
export const depositRequestMaxDefault = '1000000000';

export type SettingKey = keyof IdentitySettings;

type SettingRule<Value> = { defaultValue: Value; check: SettingCheck<Value> };

const consentPattern = /^[a-z][a-z0-9_]{0,63}$/;
const emailPattern = /^[^\s@]{1,64}@[^\s@]{1,253}$/;
/** As the asset catalog's codes (packages/assets assetCodePattern). */
const assetCodePattern = /^[A-Z][A-Z0-9]{0,15}$/;
/** A non-negative decimal, at most 30 integer digits and 18 decimals (asset decimal_point 0..18). */
const decimalPattern = /^(0|[1-9][0-9]{0,29})(\.[0-9]{1,18})?$/;

const unsetSecret: SecretState = { isSet: false, changedAt: null };
const isSecretState: SettingCheck<SecretState> = (value) => {
  const state = value as Partial<SecretState> | null;
  const valid =
    typeof state === 'object' &&
    state !== null &&
    Object.keys(state).length === 2 &&
    typeof state.isSet === 'boolean' &&
    (state.changedAt === null || typeof state.changedAt === 'string');
  return valid ? undefined : { code: 'invalid_type', path: [] };
};
const channels = listOf(oneOf(notificationChannelValues), notificationChannelValues.length);
const notificationRule = shape<NotificationRule>({ member: channels, manager: channels });
const notificationTemplate = shape<NotificationTemplate>({
  subject: text(200),
  body: multilineText(4_000),
});
const perEvent = exactlyOneOf(notificationEventValues);
const perLocale = exactlyOneOf(localeValues);
const callerNumberPattern = /^(\+?[0-9]{4,15})?$/;

const amountPerAsset = (assetsMax: number) =>
  recordOf(assetCodePattern, matching(decimalPattern), assetsMax);

export const settingsCatalogue: { [Key in SettingKey]: SettingRule<IdentitySettings[Key]> } = {
  'auth.accessTokenLifetimeSeconds': { defaultValue: 600, check: integerBetween(60, 3_600) },
  'auth.refreshTokenLifetimeSeconds': {
    defaultValue: 14 * 24 * 3_600,
    check: integerBetween(3_600, 90 * 24 * 3_600),
  },
  'auth.refreshGraceSeconds': { defaultValue: 5, check: integerBetween(0, 30) },
  'auth.administratorOtpRequired': { defaultValue: true, check: isBoolean },
  'member.signUpEnabled': { defaultValue: true, check: isBoolean },
  'member.requiredConsents': {
    defaultValue: ['terms_of_service', 'privacy_policy'],
    check: listOf(matching(consentPattern), 20),
  },
  'member.loginIdentifier': { defaultValue: 'user_id', check: oneOf(loginIdentifierValues) },
  'member.recommenderAllowedGroups': {
    defaultValue: [],
    check: listOf(integerBetween(1, Number.MAX_SAFE_INTEGER), 100),
  },
  'otp.allowCancel': { defaultValue: true, check: isBoolean },
  'otp.maximumCount': { defaultValue: 1, check: integerBetween(1, 10) },
  'otp.requiredActions': {
    defaultValue: [
      'login',
      'change_password',
      'change_email',
      'withdraw_account',
      'deactivate_otp',
    ],
    check: listOf(oneOf(otpRequiredActionValues), otpRequiredActionValues.length),
  },
  'locale.default': { defaultValue: 'ko-KR', check: oneOf(localeValues) },
  'locale.supported': { defaultValue: [...localeValues], check: listOf(oneOf(localeValues), 5) },
  'mail.provider': { defaultValue: 'outbox', check: oneOf(mailProviderValues) },
  'mail.defaultSender': { defaultValue: 'no-reply@ledger.local', check: matching(emailPattern) },
  'mail.domain': { defaultValue: 'ledger.local', check: text(253) },
  'mail.smtpHost': { defaultValue: '', check: text(253) },
  'mail.smtpPort': { defaultValue: 587, check: integerBetween(1, 65_535) },
  'mail.smtpSecure': { defaultValue: false, check: isBoolean },
  'mail.smtpUser': { defaultValue: '', check: text(253) },
  'mail.apiKey': { defaultValue: unsetSecret, check: isSecretState },
  'mail.smtpPassword': { defaultValue: unsetSecret, check: isSecretState },
  'phone.callerNumber': { defaultValue: '', check: matching(callerNumberPattern) },
  'phone.smsProvider': { defaultValue: 'outbox', check: oneOf(smsProviderValues) },
  'phone.smsApiKey': { defaultValue: unsetSecret, check: isSecretState },
  'cs.defaultTicketTypeSeq': {
    defaultValue: null,
    check: nullable(integerBetween(1, Number.MAX_SAFE_INTEGER)),
  },
  'cs.defaultNotifyMember': { defaultValue: true, check: isBoolean },
  'cs.defaultNotifyManager': { defaultValue: true, check: isBoolean },
  'cs.guestTicketsEnabled': { defaultValue: false, check: isBoolean },
  'cs.notifiedManagerEmails': { defaultValue: [], check: listOf(matching(emailPattern), 20) },
  'notification.rules': {
    defaultValue: {},
    check: recordOf(perEvent, notificationRule, notificationEventValues.length),
  },
  'notification.templates': {
    defaultValue: {},
    check: recordOf(
      perEvent,
      recordOf(perLocale, notificationTemplate, localeValues.length),
      notificationEventValues.length,
    ),
  },
  'kyc.validitySeconds': {
    defaultValue: 365 * 24 * 3_600,
    check: integerBetween(60, 10 * 366 * 24 * 3_600),
  },
  'kyc.realnameValiditySeconds': {
    defaultValue: 365 * 24 * 3_600,
    check: integerBetween(60, 10 * 366 * 24 * 3_600),
  },
  'kyc.realnameAuthority': { defaultValue: 'simulated', check: oneOf(['simulated'] as const) },
  'kyc.realnameSiteCode': { defaultValue: '', check: text(64) },
  'kyc.realnameExecutionPath': { defaultValue: '', check: text(253) },
  'ledger.accountsPerAssetMax': { defaultValue: 20, check: integerBetween(1, 1_000) },
  'ledger.memberTransferScope': {
    defaultValue: 'own_accounts',
    check: oneOf(memberTransferScopeValues),
  },
  'ledger.memberTransferFee': { defaultValue: {}, check: amountPerAsset(1_000) },
  'ledger.adjustmentSingleApprovalMax': { defaultValue: {}, check: amountPerAsset(1_000) },
  'ledger.depositRequestMax': { defaultValue: {}, check: amountPerAsset(1_000) },
};

export const settingKeys = Object.keys(settingsCatalogue) as SettingKey[];

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(settingsCatalogue, key);
}

export function isSecretSettingKey(key: string): key is SecretSettingKey {
  return (secretSettingKeys as readonly string[]).includes(key);
}

/** Every setting at its default. */
export function defaultSettings(): IdentitySettings {
  const settings: Record<string, unknown> = {};
  for (const key of settingKeys) {
    const value: unknown = settingsCatalogue[key].defaultValue;
    settings[key] = Array.isArray(value)
      ? [...value]
      : typeof value === 'object' && value !== null
        ? { ...value }
        : value;
  }
  return settings as IdentitySettings;
}

/** Why `value` is refused for `key`, or undefined when it is acceptable. */
export function settingIssue(key: SettingKey, value: unknown): SettingIssue | undefined {
  return settingsCatalogue[key].check(value);
}

/** Whether `value` is acceptable for `key`. */
export function isValidSetting(key: SettingKey, value: unknown): boolean {
  return settingIssue(key, value) === undefined;
}
