import { accepted, type Decision, rejected } from '@ledger/decider';
import { decimalPointDefault, isDecimalPoint, tryParseAmount } from '@ledger/ledger';

/**
 * The asset catalog (SPEC §3 Asset): one stream per asset, `asset-<code>`. Registering
 * fixes the code and the decimal point; the decimal point can never change afterwards, because
 * registration also opens the asset's system accounts in the ledger (an event that uses it). The
 * rest are settings an administrator changes. Deposits and withdrawals of an asset can be frozen
 * with a reason (by an administrator, or by the chain scanner after a deep reorg) until an
 * administrator lifts it. Pure: time and the actor arrive in the command.
 */

/** SPEC §5: letters and digits, the first a letter. Upper case, like every code in the ledger. */
export const assetCodePattern = /^[A-Z][A-Z0-9]{0,15}$/;
export const confirmationsRequiredDefault = 350;
export const confirmationsRequiredMax = 100_000;
export const assetTitleLengthMax = 100;
export const withdrawFeesMax = 10;
export const extraFieldsMax = 20;
/** SPEC §5: the input types a form field may have. */
export const extraFieldTypes = [
  'email',
  'number',
  'password',
  'search',
  'tel',
  'text',
  'url',
] as const;
export type ExtraFieldType = (typeof extraFieldTypes)[number];

/** One field of an asset's deposit or withdraw extra form (e.g. a destination tag, a bank branch). */
export type ExtraField = { name: string; label: string; type: ExtraFieldType; required: boolean };

/**
 * One withdrawal fee option, offered in `order`: `fee` in `feeAsset`. When `feeAsset` is another
 * asset, the fee is paid from a separate account of the member in that asset.
 */
export type WithdrawFee = { order: number; fee: string; feeAsset: string };

export type AssetSettings = {
  title: string;
  allowDeposit: boolean;
  allowWithdraw: boolean;
  isActive: boolean;
  outputOrder: number;
  withdrawFees: WithdrawFee[];
  depositExtraForm: ExtraField[];
  withdrawExtraForm: ExtraField[];
  /** The smallest deposit credited to a member; smaller ones go to the suspense account. */
  minimumDeposit: string;
  /** Deposits need the member's memo ID (one shared address); without it they go to suspense. */
  memoRequired: boolean;
  /** Chain confirmations before a deposit is credited (SPEC §9: 350). */
  confirmationsRequired: number;
};

export type AssetRegistered = {
  type: 'AssetRegistered';
  data: { code: string; decimalPoint: number; registeredAt: string } & AssetSettings;
};
export type AssetChanged = {
  type: 'AssetChanged';
  data: { code: string; changedAt: string } & AssetSettings;
};
/** Deposits and withdrawals of the asset stop until an administrator lifts the freeze. */
export type AssetFrozen = {
  type: 'AssetFrozen';
  data: { code: string; reason: string; frozenAt: string };
};
export type AssetUnfrozen = {
  type: 'AssetUnfrozen';
  data: { code: string; reason: string; unfrozenAt: string };
};
export type AssetEvent = AssetRegistered | AssetChanged | AssetFrozen | AssetUnfrozen;

export type AssetState =
  | { status: 'none' }
  | {
      status: 'registered';
      code: string;
      decimalPoint: number;
      settings: AssetSettings;
      frozen: { reason: string; at: string } | null;
    };

export type AssetRejection =
  | { type: 'AssetCodeInvalid' }
  | { type: 'AssetAlreadyRegistered' }
  | { type: 'AssetNotFound' }
  | { type: 'DecimalPointInvalid' }
  | { type: 'DecimalPointFrozen'; decimalPoint: number }
  | { type: 'SettingInvalid'; field: string }
  | { type: 'ReasonInvalid' };

export type AssetCommand =
  | {
      type: 'RegisterAsset';
      code: string;
      decimalPoint: number;
      settings: AssetSettings;
      /** Decimal points of the other catalog assets, for fees paid in another asset. */
      otherAssets: Readonly<Record<string, number>>;
      now: string;
    }
  | {
      type: 'ChangeAsset';
      code: string;
      /** When given, it must equal the registered one (it is frozen). */
      decimalPoint?: number | undefined;
      settings: AssetSettings;
      otherAssets: Readonly<Record<string, number>>;
      now: string;
    }
  | { type: 'FreezeAsset'; code: string; reason: string; now: string }
  | { type: 'UnfreezeAsset'; code: string; reason: string; now: string };

export type AssetDecision = Decision<AssetEvent, AssetRejection>;

export function assetStream(code: string): string {
  return `asset-${code}`;
}

export const initialAssetState = (): AssetState => ({ status: 'none' });

export function evolveAsset(state: AssetState, event: AssetEvent): AssetState {
  switch (event.type) {
    case 'AssetRegistered': {
      const { code, decimalPoint, registeredAt: _at, ...settings } = event.data;
      return { status: 'registered', code, decimalPoint, settings, frozen: null };
    }
    case 'AssetChanged': {
      if (state.status === 'none') throw new Error('AssetChanged before AssetRegistered');
      const { code: _code, changedAt: _at, ...settings } = event.data;
      return { ...state, settings };
    }
    case 'AssetFrozen':
      if (state.status === 'none') throw new Error('AssetFrozen before AssetRegistered');
      return { ...state, frozen: { reason: event.data.reason, at: event.data.frozenAt } };
    case 'AssetUnfrozen':
      if (state.status === 'none') throw new Error('AssetUnfrozen before AssetRegistered');
      return { ...state, frozen: null };
  }
}

/** Settings a new asset gets for every field the administrator leaves out. */
export function defaultAssetSettings(code: string, decimalPoint: number): AssetSettings {
  return {
    title: code,
    allowDeposit: true,
    allowWithdraw: true,
    isActive: true,
    outputOrder: 0,
    withdrawFees: [],
    depositExtraForm: [],
    withdrawExtraForm: [],
    minimumDeposit: decimalPoint === 0 ? '0' : `0.${'0'.repeat(decimalPoint)}`,
    memoRequired: false,
    confirmationsRequired: confirmationsRequiredDefault,
  };
}

export function decideAsset(command: AssetCommand, state: AssetState): AssetDecision {
  if (!assetCodePattern.test(command.code)) return rejected({ type: 'AssetCodeInvalid' });
  switch (command.type) {
    case 'RegisterAsset': {
      if (!isDecimalPoint(command.decimalPoint)) return rejected({ type: 'DecimalPointInvalid' });
      const invalid = invalidSetting(command.settings, command.decimalPoint, {
        ...command.otherAssets,
        [command.code]: command.decimalPoint,
      });
      if (invalid !== undefined) return rejected({ type: 'SettingInvalid', field: invalid });
      if (state.status === 'registered') {
        // A retry of the same registration is answered with what exists.
        return state.decimalPoint === command.decimalPoint &&
          sameSettings(state.settings, command.settings)
          ? accepted([])
          : rejected({ type: 'AssetAlreadyRegistered' });
      }
      return accepted([
        {
          type: 'AssetRegistered',
          data: {
            code: command.code,
            decimalPoint: command.decimalPoint,
            registeredAt: command.now,
            ...command.settings,
          },
        },
      ]);
    }
    case 'ChangeAsset': {
      if (state.status === 'none') return rejected({ type: 'AssetNotFound' });
      if (command.decimalPoint !== undefined && command.decimalPoint !== state.decimalPoint) {
        return rejected({ type: 'DecimalPointFrozen', decimalPoint: state.decimalPoint });
      }
      const invalid = invalidSetting(command.settings, state.decimalPoint, {
        ...command.otherAssets,
        [command.code]: state.decimalPoint,
      });
      if (invalid !== undefined) return rejected({ type: 'SettingInvalid', field: invalid });
      if (sameSettings(state.settings, command.settings)) return accepted([]);
      return accepted([
        {
          type: 'AssetChanged',
          data: { code: command.code, changedAt: command.now, ...command.settings },
        },
      ]);
    }
    case 'FreezeAsset':
      if (state.status === 'none') return rejected({ type: 'AssetNotFound' });
      if (!isReason(command.reason)) return rejected({ type: 'ReasonInvalid' });
      if (state.frozen !== null) return accepted([]);
      return accepted([
        {
          type: 'AssetFrozen',
          data: { code: command.code, reason: command.reason, frozenAt: command.now },
        },
      ]);
    case 'UnfreezeAsset':
      if (state.status === 'none') return rejected({ type: 'AssetNotFound' });
      if (!isReason(command.reason)) return rejected({ type: 'ReasonInvalid' });
      if (state.frozen === null) return accepted([]);
      return accepted([
        {
          type: 'AssetUnfrozen',
          data: { code: command.code, reason: command.reason, unfrozenAt: command.now },
        },
      ]);
  }
}

/** 1..1000 characters, something other than spaces. */
export function isReason(reason: string): boolean {
  return reason.trim().length > 0 && reason.length <= 1_000;
}

function isLabel(text: string, max: number): boolean {
  return text.trim().length > 0 && text.length <= max && !/\p{Cc}/u.test(text);
}

function isExtraForm(fields: readonly ExtraField[]): boolean {
  const names = new Set(fields.map((field) => field.name));
  return (
    fields.length <= extraFieldsMax &&
    names.size === fields.length &&
    fields.every(
      (field) =>
        /^[a-z][a-z0-9_]{0,39}$/.test(field.name) &&
        isLabel(field.label, 100) &&
        (extraFieldTypes as readonly string[]).includes(field.type),
    )
  );
}

/** The first invalid field's name, or undefined. */
function invalidSetting(
  settings: AssetSettings,
  decimalPoint: number,
  assets: Readonly<Record<string, number>>,
): string | undefined {
  if (!isLabel(settings.title, assetTitleLengthMax)) return 'title';
  if (!Number.isSafeInteger(settings.outputOrder) || Math.abs(settings.outputOrder) > 1_000_000) {
    return 'output_order';
  }
  if (tryParseAmount(settings.minimumDeposit, decimalPoint, 'nonNegative') === undefined) {
    return 'minimum_deposit';
  }
  if (
    !Number.isSafeInteger(settings.confirmationsRequired) ||
    settings.confirmationsRequired < 1 ||
    settings.confirmationsRequired > confirmationsRequiredMax
  ) {
    return 'confirmations_required';
  }
  const orders = new Set(settings.withdrawFees.map((fee) => fee.order));
  if (
    settings.withdrawFees.length > withdrawFeesMax ||
    orders.size !== settings.withdrawFees.length
  ) {
    return 'withdraw_fees';
  }
  for (const fee of settings.withdrawFees) {
    const feeDecimalPoint = assets[fee.feeAsset];
    if (
      feeDecimalPoint === undefined ||
      !Number.isSafeInteger(fee.order) ||
      fee.order < 0 ||
      tryParseAmount(fee.fee, feeDecimalPoint, 'nonNegative') === undefined
    ) {
      return 'withdraw_fees';
    }
  }
  if (!isExtraForm(settings.depositExtraForm)) return 'deposit_extra_form';
  if (!isExtraForm(settings.withdrawExtraForm)) return 'withdraw_extra_form';
  return undefined;
}

function sameSettings(left: AssetSettings, right: AssetSettings): boolean {
  return canonical(left) === canonical(right);
}

/** JSON with every object's keys sorted, so two equal settings compare equal whatever their order. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : inner,
  );
}

export { decimalPointDefault };
