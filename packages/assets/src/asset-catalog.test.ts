// Proves the asset catalog decider: registration fixes code and decimal point, settings change, retries are no-ops, and invalid settings are refused by name.
import { deciderSpecification } from '@ledger/decider/testing';
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

const { given } = deciderSpecification({
  initialState: initialAssetState,
  evolve: evolveAsset,
  decide: decideAsset,
});

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
    given([]).when(register()).then([registered]);
    expect(btc.confirmationsRequired).toBe(350);
    expect(defaultAssetSettings('X', 8).minimumDeposit).toBe('0.00000000');
  });

  it('answers a retry of the same registration with nothing new, another one with a refusal', () => {
    given([registered]).when(register()).then([]);
    given([registered])
      .when(register({ settings: { ...btc, title: 'Other' } }))
      .thenRejects('AssetAlreadyRegistered');
  });

  it('refuses codes that are not letters and digits starting with a letter', () => {
    for (const code of ['1BTC', 'BT-C', '', 'btc']) {
      given([]).when(register({ code })).thenRejects('AssetCodeInvalid');
    }
  });

  it('refuses a decimal point outside 0..18 and never changes it after registration', () => {
    given([])
      .when(register({ decimalPoint: 19 }))
      .thenRejects('DecimalPointInvalid');
    const change: AssetCommand = {
      type: 'ChangeAsset',
      code: 'BTC',
      decimalPoint: 6,
      settings: btc,
      otherAssets: {},
      now,
    };
    given([registered]).when(change).thenRejects('DecimalPointFrozen', { decimalPoint: 8 });
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
    const changed: AssetEvent = {
      type: 'AssetChanged',
      data: { code: 'BTC', changedAt: now, ...settings },
    };
    given([registered]).when(change).then([changed]);
    given([registered, changed]).when(change).then([]);
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
      given([])
        .when(register({ settings: { ...btc, ...settings } }))
        .thenRejects('SettingInvalid', { field });
    }
  });

  it('accepts a fee paid from a separate account in another catalog asset', () => {
    const settings = { ...btc, withdrawFees: [{ order: 1, fee: '1000', feeAsset: 'KRW' }] };
    expect(
      given([])
        .when(register({ settings, otherAssets: { KRW: 0 } }))
        .decision(),
    ).toMatchObject({ kind: 'accepted' });
  });

  it('freezes deposits and withdrawals with a reason until lifted; twice is once', () => {
    const freeze: AssetCommand = { type: 'FreezeAsset', code: 'BTC', reason: 'reorg', now };
    const frozen: AssetEvent = {
      type: 'AssetFrozen',
      data: { code: 'BTC', reason: 'reorg', frozenAt: now },
    };
    given([registered]).when(freeze).then([frozen]);
    given([registered, frozen]).when(freeze).then([]);
    const lift: AssetCommand = { type: 'UnfreezeAsset', code: 'BTC', reason: 'checked', now };
    given([registered, frozen])
      .when(lift)
      .then([{ type: 'AssetUnfrozen', data: { code: 'BTC', reason: 'checked', unfrozenAt: now } }]);
    given([registered])
      .when({ ...freeze, reason: ' ' })
      .thenRejects('ReasonInvalid');
  });
});
