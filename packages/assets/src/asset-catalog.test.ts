// Proves the asset catalog decider: registration fixes code and decimal point, settings change, retries are no-ops, and invalid settings are refused by name.
import { describe, expect, it } from 'vitest';
import {
  type AssetCommand,
  type AssetEvent,
  type AssetSettings,
  decideAsset,
  defaultAssetSettings,
  evolveAsset,
  initialAssetState,
} from './asset-catalog.ts';

const now = '2026-01-01T00:00:00.000Z';
const btc: AssetSettings = { ...defaultAssetSettings('BTC', 8), title: 'Bitcoin' };
const registered: AssetEvent = {
  type: 'AssetRegistered',
  data: { code: 'BTC', decimalPoint: 8, registeredAt: now, ...btc },
};

function given(events: AssetEvent[]) {
  const state = events.reduce(evolveAsset, initialAssetState());
  return { when: (command: AssetCommand) => decideAsset(command, state) };
}

const register = (overrides: Partial<AssetCommand & { type: 'RegisterAsset' }> = {}) =>
  ({
    type: 'RegisterAsset',
    code: 'BTC',
    decimalPoint: 8,
    settings: btc,
    otherAssets: {},
    now,
    ...overrides,
  }) as AssetCommand;

describe('asset catalog', () => {
  it('registers a new asset with its settings and the 350-confirmation default', () => {
    const decision = given([]).when(register());
    expect(decision).toEqual({ kind: 'accepted', events: [registered] });
    expect(btc.confirmationsRequired).toBe(350);
    expect(defaultAssetSettings('X', 8).minimumDeposit).toBe('0.00000000');
  });

  it('answers a retry of the same registration with nothing new, another one with a refusal', () => {
    expect(given([registered]).when(register())).toEqual({ kind: 'accepted', events: [] });
    expect(given([registered]).when(register({ settings: { ...btc, title: 'Other' } }))).toEqual({
      kind: 'rejected',
      rejection: { type: 'AssetAlreadyRegistered' },
    });
  });

  it('refuses codes that are not letters and digits starting with a letter', () => {
    for (const code of ['1BTC', 'BT-C', '', 'btc']) {
      expect(given([]).when(register({ code }))).toEqual({
        kind: 'rejected',
        rejection: { type: 'AssetCodeInvalid' },
      });
    }
  });

  it('refuses a decimal point outside 0..18 and never changes it after registration', () => {
    expect(given([]).when(register({ decimalPoint: 19 }))).toMatchObject({
      rejection: { type: 'DecimalPointInvalid' },
    });
    const change: AssetCommand = {
      type: 'ChangeAsset',
      code: 'BTC',
      decimalPoint: 6,
      settings: btc,
      otherAssets: {},
      now,
    };
    expect(given([registered]).when(change)).toEqual({
      kind: 'rejected',
      rejection: { type: 'DecimalPointFrozen', decimalPoint: 8 },
    });
  });

  it('changes settings, and the same settings again change nothing', () => {
    const settings = { ...btc, allowWithdraw: false, minimumDeposit: '0.00100000' };
    const change: AssetCommand = {
      type: 'ChangeAsset',
      code: 'BTC',
      settings,
      otherAssets: {},
      now,
    };
    const decision = given([registered]).when(change);
    expect(decision).toEqual({
      kind: 'accepted',
      events: [{ type: 'AssetChanged', data: { code: 'BTC', changedAt: now, ...settings } }],
    });
    const events = decision.kind === 'accepted' ? decision.events : [];
    expect(given([registered, ...events]).when(change)).toEqual({ kind: 'accepted', events: [] });
  });

  it('names the invalid setting: amount digits, fee asset, confirmations, extra form', () => {
    const cases: [Partial<AssetSettings>, string][] = [
      [{ minimumDeposit: '0.001' }, 'minimum_deposit'],
      [{ withdrawFees: [{ order: 1, fee: '0.0005', feeAsset: 'BTC' }] }, 'withdraw_fees'],
      [{ withdrawFees: [{ order: 1, fee: '1000', feeAsset: 'KRW' }] }, 'withdraw_fees'],
      [{ confirmationsRequired: 0 }, 'confirmations_required'],
      [
        { depositExtraForm: [{ name: 'Tag', label: 'Tag', type: 'text', required: true }] },
        'deposit_extra_form',
      ],
      [{ title: ' ' }, 'title'],
    ];
    for (const [settings, field] of cases) {
      expect(given([]).when(register({ settings: { ...btc, ...settings } }))).toEqual({
        kind: 'rejected',
        rejection: { type: 'SettingInvalid', field },
      });
    }
  });

  it('accepts a fee paid from a separate account in another catalog asset', () => {
    const settings = { ...btc, withdrawFees: [{ order: 1, fee: '1000', feeAsset: 'KRW' }] };
    expect(given([]).when(register({ settings, otherAssets: { KRW: 0 } }))).toMatchObject({
      kind: 'accepted',
    });
  });

  it('freezes deposits and withdrawals with a reason until lifted; twice is once', () => {
    const freeze: AssetCommand = { type: 'FreezeAsset', code: 'BTC', reason: 'reorg', now };
    const frozen: AssetEvent = {
      type: 'AssetFrozen',
      data: { code: 'BTC', reason: 'reorg', frozenAt: now },
    };
    expect(given([registered]).when(freeze)).toEqual({ kind: 'accepted', events: [frozen] });
    expect(given([registered, frozen]).when(freeze)).toEqual({ kind: 'accepted', events: [] });
    const lift: AssetCommand = { type: 'UnfreezeAsset', code: 'BTC', reason: 'checked', now };
    expect(given([registered, frozen]).when(lift)).toEqual({
      kind: 'accepted',
      events: [
        { type: 'AssetUnfrozen', data: { code: 'BTC', reason: 'checked', unfrozenAt: now } },
      ],
    });
    expect(given([registered]).when({ ...freeze, reason: ' ' })).toMatchObject({
      rejection: { type: 'ReasonInvalid' },
    });
  });
});
