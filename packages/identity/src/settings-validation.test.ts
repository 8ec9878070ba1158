// Proves the validation of the config screens' settings: for each key a valid value passes and each
// kind of invalid value is refused with its own field-level issue (type, bound, format, unknown
// value, duplicate item, the item's index), a change records the value it replaced, and a secret
// setting changes only as set or cleared, never through the plain change; an object in another key
// order is no change.
import { describe, expect, it } from 'vitest';
import { defaultSettings, type SettingKey, settingIssue } from './settings-catalogue.ts';
import { changeSecretSetting, changeSetting } from './settings-decider.ts';

type Case = readonly [value: unknown, issue: Record<string, unknown> | undefined];

const cases: Partial<Record<SettingKey, readonly Case[]>> = {
  'member.signUpEnabled': [
    [false, undefined],
    ['false', { code: 'invalid_type', path: [] }],
  ],
  'member.requiredConsents': [
    [['terms_of_service', 'marketing_2'], undefined],
    [[], undefined],
    ['terms_of_service', { code: 'invalid_type', path: [] }],
    [['terms', 'Terms'], { code: 'invalid_format', path: [1] }],
    [['terms', 7], { code: 'invalid_type', path: [1] }],
    [['terms', 'terms'], { code: 'duplicate_item', path: [1] }],
    [Array.from({ length: 21 }, (_, index) => `c${index}`), { code: 'too_big.array', maximum: 20 }],
  ],
  'member.loginIdentifier': [
    ['email', undefined],
    ['phone', { code: 'invalid_value', path: [] }],
    [1, { code: 'invalid_type' }],
  ],
  'member.recommenderAllowedGroups': [
    [[1, 3], undefined],
    [[1, 0], { code: 'too_small', minimum: 1, path: [1] }],
    [[1.5], { code: 'invalid_type', path: [0] }],
    [[2, 2], { code: 'duplicate_item', path: [1] }],
    [{ 0: 1 }, { code: 'invalid_type', path: [] }],
  ],
  'otp.allowCancel': [
    [false, undefined],
    [null, { code: 'invalid_type' }],
  ],
  'otp.maximumCount': [
    [3, undefined],
    [0, { code: 'too_small', minimum: 1 }],
    [11, { code: 'too_big', maximum: 10 }],
    ['2', { code: 'invalid_type' }],
    [2.5, { code: 'invalid_type' }],
  ],
  'otp.requiredActions': [
    [['login', 'withdraw_asset'], undefined],
    [[], undefined],
    [['login', 'transfer'], { code: 'invalid_value', path: [1] }],
    [['login', 'login'], { code: 'duplicate_item', path: [1] }],
    ['login', { code: 'invalid_type', path: [] }],
  ],
  'mail.provider': [
    ['smtp', undefined],
    ['pigeon', { code: 'invalid_value' }],
  ],
  'mail.defaultSender': [
    ['support@exchange.example', undefined],
    ['support', { code: 'invalid_format' }],
    [7, { code: 'invalid_type' }],
  ],
  'mail.domain': [
    ['exchange.example', undefined],
    ['a'.repeat(254), { code: 'too_big.string', maximum: 253 }],
    ['exchange\nexample', { code: 'invalid_format' }],
  ],
  'mail.smtpHost': [
    ['smtp.exchange.example', undefined],
    [null, { code: 'invalid_type' }],
  ],
  'mail.smtpPort': [
    [465, undefined],
    [0, { code: 'too_small', minimum: 1 }],
    [65_536, { code: 'too_big', maximum: 65_535 }],
  ],
  'mail.smtpSecure': [
    [true, undefined],
    ['yes', { code: 'invalid_type' }],
  ],
  'mail.smtpUser': [
    ['mailer', undefined],
    ['a\rb', { code: 'invalid_format' }],
  ],
  'phone.callerNumber': [
    ['+8215880000', undefined],
    ['', undefined],
    ['02-1234', { code: 'invalid_format' }],
    [1588, { code: 'invalid_type' }],
  ],
  'phone.smsProvider': [
    ['outbox', undefined],
    ['carrier', { code: 'invalid_value' }],
  ],
  'cs.defaultTicketTypeSeq': [
    [null, undefined],
    [3, undefined],
    [0, { code: 'too_small', minimum: 1 }],
    ['3', { code: 'invalid_type' }],
  ],
  'cs.defaultNotifyMember': [
    [false, undefined],
    [0, { code: 'invalid_type' }],
  ],
  'cs.defaultNotifyManager': [
    [true, undefined],
    ['true', { code: 'invalid_type' }],
  ],
  'cs.guestTicketsEnabled': [
    [true, undefined],
    [null, { code: 'invalid_type' }],
  ],
  'cs.notifiedManagerEmails': [
    [['cs@exchange.example'], undefined],
    [['cs@exchange.example', 'cs'], { code: 'invalid_format', path: [1] }],
    [['a@b.c', 'a@b.c'], { code: 'duplicate_item', path: [1] }],
  ],
  'notification.rules': [
    [{ deposit_credited: { member: ['mail', 'sms'], manager: [] } }, undefined],
    [{ birthday: { member: [], manager: [] } }, { code: 'invalid_key', path: ['birthday'] }],
    [
      { sign_up: { member: ['pigeon'], manager: [] } },
      { code: 'invalid_value', path: ['sign_up', 'member', 0] },
    ],
    [{ sign_up: { member: [] } }, { code: 'invalid_type', path: ['sign_up', 'manager'] }],
    [
      { sign_up: { member: [], manager: [], admin: [] } },
      { code: 'invalid_key', path: ['sign_up', 'admin'] },
    ],
    [{ sign_up: { member: ['mail', 'mail'], manager: [] } }, { code: 'duplicate_item' }],
  ],
  'notification.templates': [
    [
      { sign_up: { 'ko-KR': { subject: '환영합니다', body: '안녕하세요 {{user_id}}\n' } } },
      undefined,
    ],
    [
      { sign_up: { 'fr-FR': { subject: 'x', body: 'y' } } },
      { code: 'invalid_key', path: ['sign_up', 'fr-FR'] },
    ],
    [
      { sign_up: { 'en-US': { subject: 'a\nb', body: 'y' } } },
      { code: 'invalid_format', path: ['sign_up', 'en-US', 'subject'] },
    ],
    [
      { sign_up: { 'en-US': { subject: 'x', body: 'y'.repeat(4_001) } } },
      { code: 'too_big.string', maximum: 4_000, path: ['sign_up', 'en-US', 'body'] },
    ],
  ],
  'mail.apiKey': [
    [{ isSet: true, changedAt: '2025-01-15T03:00:00.000Z' }, undefined],
    ['the key itself', { code: 'invalid_type' }],
    [{ isSet: true, changedAt: null, key: 'x' }, { code: 'invalid_type' }],
  ],
};

describe('the settings of the config screens', () => {
  for (const [key, keyCases] of Object.entries(cases)) {
    it(`${key}: accepts valid values and names why each invalid one is refused`, () => {
      for (const [value, expected] of keyCases ?? []) {
        const found = settingIssue(key as SettingKey, value);
        if (expected === undefined) expect(found, JSON.stringify(value)).toBeUndefined();
        else expect(found, JSON.stringify(value)).toMatchObject(expected);
      }
    });
  }

  it('refuses with the issue, and a change carries the value it replaced', () => {
    const now = '2025-01-15T03:00:00.000Z';
    const refused = changeSetting(
      { type: 'ChangeSetting', key: 'otp.maximumCount', value: 0, now },
      defaultSettings(),
    );
    expect(refused).toMatchObject({
      rejection: { type: 'InvalidSettingValue', issue: { code: 'too_small', minimum: 1 } },
    });
    const changed = changeSetting(
      { type: 'ChangeSetting', key: 'member.signUpEnabled', value: false, now },
      defaultSettings(),
    );
    expect(changed).toMatchObject({
      events: [{ data: { key: 'member.signUpEnabled', value: false, previousValue: true } }],
    });
  });
});

describe('no-op changes', () => {
  it('refuses an object equal to the current one in another key order as unchanged', () => {
    const now = '2025-01-15T03:00:00.000Z';
    const state = {
      ...defaultSettings(),
      'notification.templates': { sign_up: { 'ko-KR': { body: 'b', subject: 's' } } },
    };
    const value = { sign_up: { 'ko-KR': { subject: 's', body: 'b' } } };
    expect(
      changeSetting({ type: 'ChangeSetting', key: 'notification.templates', value, now }, state),
    ).toMatchObject({ rejection: { type: 'SettingUnchanged' } });
  });
});

describe('secret settings', () => {
  const now = '2025-01-15T03:00:00.000Z';

  it('are written only as set or cleared, never as a plain change', () => {
    expect(
      changeSetting(
        { type: 'ChangeSetting', key: 'mail.apiKey', value: { isSet: true, changedAt: now }, now },
        defaultSettings(),
      ),
    ).toMatchObject({ rejection: { type: 'SecretSettingWriteOnly' } });
    const set = changeSecretSetting(
      { type: 'ChangeSecretSetting', key: 'mail.apiKey', isSet: true, now },
      defaultSettings(),
    );
    expect(set).toMatchObject({
      events: [
        {
          data: {
            key: 'mail.apiKey',
            value: { isSet: true, changedAt: now },
            previousValue: { isSet: false, changedAt: null },
          },
        },
      ],
    });
    expect(
      changeSecretSetting(
        { type: 'ChangeSecretSetting', key: 'mail.apiKey', isSet: false, now },
        defaultSettings(),
      ),
    ).toMatchObject({ rejection: { type: 'SettingUnchanged' } });
    expect(
      changeSecretSetting(
        { type: 'ChangeSecretSetting', key: 'mail.domain', isSet: true, now },
        defaultSettings(),
      ),
    ).toMatchObject({ rejection: { type: 'UnknownSetting' } });
  });
});
