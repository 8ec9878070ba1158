import { accepted, type Decider, type Decision, rejected } from '@ledger/decider';
import { amountOf, decimalOf, isInstant } from './c2c-amounts.ts';
import {
  evolveMarket,
  initialMarketState,
  type MarketAssets,
  type MarketEvent,
  type MarketSettings,
  type MarketState,
} from './market-events.ts';

export type RegisterMarket = {
  type: 'RegisterMarket';
  marketSeq: number;
  assets: MarketAssets;
  settings: MarketSettings;
  now: string;
};
export type ChangeMarket = {
  type: 'ChangeMarket';
  settings: MarketSettings;
  now: string;
};
export type MarketCommand = RegisterMarket | ChangeMarket;

/** Why a catalog command is refused: each type maps to one problem code at the API edge. */
export type MarketRejection =
  | { type: 'MarketExists' }
  | { type: 'MarketNotFound' }
  | { type: 'MarketAssetsInvalid' }
  | { type: 'MarketSettingInvalid'; field: string };

type MarketDecision = Decision<MarketEvent, MarketRejection>;

const fieldName = /^[a-z][a-z0-9_]{0,39}$/;

/** The first setting that does not fit the market's source asset, or undefined. */
function invalidSetting(settings: MarketSettings, decimalPoint: number): string | undefined {
  const unit = amountOf(settings.amountUnit, decimalPoint);
  if (settings.title.trim() === '') return 'title';
  if (unit === undefined) return 'amountUnit';
  const min = settings.amountMin === null ? null : amountOf(settings.amountMin, decimalPoint);
  const max = settings.amountMax === null ? null : amountOf(settings.amountMax, decimalPoint);
  if (min === undefined || (min !== null && min % unit !== 0n)) return 'amountMin';
  if (max === undefined || (max !== null && max % unit !== 0n)) return 'amountMax';
  if (min !== null && max !== null && min > max) return 'amountMax';
  const rate = decimalOf(settings.feeRate);
  if (rate === undefined || rate.gte('1')) return 'feeRate';
  const names = settings.sellerForm.map((field) => field.name);
  if (names.some((name) => !fieldName.test(name)) || new Set(names).size !== names.length)
    return 'sellerForm';
  return undefined;
}

function registerMarket(command: RegisterMarket, state: MarketState): MarketDecision {
  if (state.status !== 'none') return rejected({ type: 'MarketExists' });
  const { assets, settings } = command;
  if (assets.sourceAsset === assets.targetAsset || !isInstant(command.now))
    return rejected({ type: 'MarketAssetsInvalid' });
  const field = invalidSetting(settings, assets.sourceDecimalPoint);
  if (field !== undefined) return rejected({ type: 'MarketSettingInvalid', field });
  const data = { marketSeq: command.marketSeq, ...assets, ...settings, registeredAt: command.now };
  return accepted([{ type: 'C2cMarketRegistered', data }]);
}

function changeMarket(command: ChangeMarket, state: MarketState): MarketDecision {
  if (state.status === 'none') return rejected({ type: 'MarketNotFound' });
  const field = invalidSetting(command.settings, state.sourceDecimalPoint);
  if (field !== undefined) return rejected({ type: 'MarketSettingInvalid', field });
  const { title, amountUnit, amountMin, amountMax, feeRate, isActive, sellerForm } = state;
  const before = { title, amountUnit, amountMin, amountMax, feeRate, isActive, sellerForm };
  if (JSON.stringify(before) === JSON.stringify({ ...before, ...command.settings }))
    return accepted([]);
  const data = { marketSeq: state.marketSeq, ...command.settings, changedAt: command.now };
  return accepted([{ type: 'C2cMarketChanged', data }]);
}

/** Decides one catalog command; pure. A change to the same settings records nothing. */
export function decideMarket(command: MarketCommand, state: MarketState): MarketDecision {
  return command.type === 'RegisterMarket'
    ? registerMarket(command, state)
    : changeMarket(command, state);
}

export const marketDecider: Decider<MarketCommand, MarketEvent, MarketState, MarketRejection> = {
  initialState: initialMarketState,
  evolve: evolveMarket,
  decide: decideMarket,
};
