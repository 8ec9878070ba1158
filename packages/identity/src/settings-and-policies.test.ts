// Proves the settings catalogue (every default is valid, invalid values and unknown keys are
// refused, a change is an event that folds back), the password policy, and the group and role
// deciders' refusals.

import type { Permission } from '@ledger/contracts';
import { describe, expect, it } from 'vitest';
import { decideMemberGroup, initialMemberGroupState } from './member-group-decider.ts';
import { passwordProblem } from './password-policy.ts';
import { decideRole, evolveRole, initialRoleState } from './role-decider.ts';
import { defaultSettings, isValidSetting, settingKeys } from './settings-catalogue.ts';
import { changeSetting, settingsFrom } from './settings-decider.ts';

const now = '2025-01-15T03:00:00.000Z';

describe('settings', () => {
  it('has a valid default for every key', () => {
    const defaults = defaultSettings();
    for (const key of settingKeys) expect(isValidSetting(key, defaults[key]), key).toBe(true);
  });

  it('changes a setting by event, and refuses unknown keys, bad values and no-ops', () => {
    const decision = changeSetting(
      { type: 'ChangeSetting', key: 'otp.maximumCount', value: 3, now },
      defaultSettings(),
    );
    expect(decision.kind).toBe('accepted');
    if (decision.kind !== 'accepted') return;
    expect(settingsFrom(decision.events)['otp.maximumCount']).toBe(3);
    const refuse = (key: string, value: unknown) =>
      changeSetting({ type: 'ChangeSetting', key, value, now }, defaultSettings());
    expect(refuse('nope', 1)).toMatchObject({ rejection: { type: 'UnknownSetting' } });
    expect(refuse('otp.maximumCount', 0)).toMatchObject({
      rejection: { type: 'InvalidSettingValue' },
    });
    expect(refuse('otp.maximumCount', '2')).toMatchObject({
      rejection: { type: 'InvalidSettingValue' },
    });
    expect(refuse('otp.requiredActions', ['login', 'login'])).toMatchObject({
      rejection: { type: 'InvalidSettingValue' },
    });
    expect(refuse('otp.maximumCount', 1)).toMatchObject({
      rejection: { type: 'SettingUnchanged' },
    });
  });
});

describe('ledger policy settings', () => {
  const valid = (key: Parameters<typeof isValidSetting>[0], value: unknown) =>
    isValidSetting(key, value);

  it('defaults to the strict policy: own accounts only, no fee, every adjustment checked', () => {
    const defaults = defaultSettings();
    expect(defaults['ledger.accountsPerAssetMax']).toBe(20);
    expect(defaults['ledger.memberTransferScope']).toBe('own_accounts');
    expect(defaults['ledger.memberTransferFee']).toEqual({});
    expect(defaults['ledger.adjustmentSingleApprovalMax']).toEqual({});
    expect(defaults['ledger.depositRequestMax']).toEqual({});
    // Each call is a fresh copy: changing one never changes the catalogue's default.
    expect(defaultSettings()['ledger.memberTransferFee']).not.toBe(
      defaults['ledger.memberTransferFee'],
    );
  });

  it('accepts a deposit request bound per asset as decimal text only', () => {
    expect(valid('ledger.depositRequestMax', { KRW: '100000000', BTC: '10.5' })).toBe(true);
    expect(valid('ledger.depositRequestMax', { KRW: 100_000_000 })).toBe(false);
    expect(valid('ledger.depositRequestMax', { KRW: '-1' })).toBe(false);
    expect(valid('ledger.depositRequestMax', { krw: '1' })).toBe(false);
  });

  it('accepts integers in range and the two scopes only', () => {
    expect(valid('ledger.accountsPerAssetMax', 1)).toBe(true);
    expect(valid('ledger.accountsPerAssetMax', 0)).toBe(false);
    expect(valid('ledger.accountsPerAssetMax', 2.5)).toBe(false);
    expect(valid('ledger.accountsPerAssetMax', '5')).toBe(false);
    expect(valid('ledger.memberTransferScope', 'any_member')).toBe(true);
    expect(valid('ledger.memberTransferScope', 'everyone')).toBe(false);
  });

  it('takes amounts per asset as decimal strings under asset codes, never numbers', () => {
    for (const key of ['ledger.memberTransferFee', 'ledger.adjustmentSingleApprovalMax'] as const) {
      expect(valid(key, { KRW: '1000', BTC: '0.00010000', USDT2: '0' }), key).toBe(true);
      expect(valid(key, { BTC: '0.000000000000000001' }), key).toBe(true);
      expect(valid(key, { KRW: 1000 }), key).toBe(false);
      expect(valid(key, { KRW: '-1' }), key).toBe(false);
      expect(valid(key, { KRW: '1e3' }), key).toBe(false);
      expect(valid(key, { KRW: '01' }), key).toBe(false);
      expect(valid(key, { KRW: '1.' }), key).toBe(false);
      expect(valid(key, { BTC: '0.0000000000000000001' }), key).toBe(false);
      expect(valid(key, { krw: '1' }), key).toBe(false);
      expect(valid(key, { '1KRW': '1' }), key).toBe(false);
      expect(valid(key, JSON.parse('{"__proto__":"1"}')), key).toBe(false);
      expect(valid(key, ['1']), key).toBe(false);
      expect(valid(key, null), key).toBe(false);
      expect(valid(key, '1000'), key).toBe(false);
    }
  });

  it('changes the transfer scope and a fee by event, folded back', () => {
    const scope = changeSetting(
      { type: 'ChangeSetting', key: 'ledger.memberTransferScope', value: 'any_member', now },
      defaultSettings(),
    );
    const fee = changeSetting(
      { type: 'ChangeSetting', key: 'ledger.memberTransferFee', value: { KRW: '500' }, now },
      defaultSettings(),
    );
    if (scope.kind !== 'accepted' || fee.kind !== 'accepted') throw new Error('refused');
    const settings = settingsFrom([...scope.events, ...fee.events]);
    expect(settings['ledger.memberTransferScope']).toBe('any_member');
    expect(settings['ledger.memberTransferFee']).toEqual({ KRW: '500' });
  });
});

describe('password policy', () => {
  it('checks length in code points, common passwords and the identifier', () => {
    expect(passwordProblem('short')).toBe('too_short');
    expect(passwordProblem('x'.repeat(129))).toBe('too_long');
    expect(passwordProblem('Password1')).toBe('too_common');
    expect(passwordProblem('alice-rocks-2025', 'alice')).toBe('contains_identifier');
    expect(passwordProblem('비밀번호여덟글자')).toBeUndefined();
    expect(passwordProblem('correct horse battery staple')).toBeUndefined();
  });
});

describe('member groups and roles', () => {
  it('creates a group once and refuses empty names', () => {
    const create = { type: 'CreateMemberGroup', groupSeq: 1, name: 'VIP', now } as const;
    expect(decideMemberGroup(create, initialMemberGroupState()).kind).toBe('accepted');
    expect(decideMemberGroup({ ...create, name: ' ' }, initialMemberGroupState())).toMatchObject({
      rejection: { type: 'InvalidMemberGroupName' },
    });
    expect(decideMemberGroup(create, { groupSeq: 1, name: 'VIP' })).toMatchObject({
      rejection: { type: 'MemberGroupAlreadyExists' },
    });
  });

  it('defines roles from admin permissions only, and changes them idempotently', () => {
    const permissions: Permission[] = [{ method: 'GET', path: '/api/v1/admin/member' }];
    const define = {
      type: 'DefineRole',
      roleId: 'r1',
      name: 'Support',
      permissions: [...permissions],
      now,
    } as const;
    const decision = decideRole(define, initialRoleState());
    expect(decision.kind).toBe('accepted');
    const refused = decideRole(
      { ...define, permissions: [{ method: 'PUT', path: '/api/v1/admin/setting/:key' }] },
      initialRoleState(),
    );
    expect(refused).toMatchObject({ rejection: { type: 'PermissionNotGrantable' } });
    if (decision.kind !== 'accepted') return;
    const state = decision.events.reduce(evolveRole, initialRoleState());
    const again = decideRole(
      { type: 'ChangeRole', name: 'Support', permissions: [...permissions], now },
      state,
    );
    expect(again).toEqual({ kind: 'accepted', events: [] });
  });
});
