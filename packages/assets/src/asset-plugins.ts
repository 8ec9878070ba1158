import { accepted, type Decision, rejected } from '@ledger/decider';
import { assetCodePattern } from './asset-catalog.ts';

/**
 * Asset plug-ins (SPEC §3 Asset plug-in: title, plugin, start block, allow scan): which chain
 * adapter follows an asset, from which block. One stream per plug-in, `asset-plugin-<id>`. The
 * plug-in's id also names its chain in deposit ids, so it never changes. The start block only
 * matters before the first scan (afterwards the scanner's cursor decides where it goes on).
 */

/** The chain adapters this build knows; `simulated` is the built-in one (development, tests). */
export const chainPluginKinds = ['simulated'] as const;
export type ChainPluginKind = (typeof chainPluginKinds)[number];

export const pluginIdPattern = /^[a-z][a-z0-9-]{0,39}$/;

export type AssetPluginSettings = { title: string; startBlock: number; allowScan: boolean };

export type AssetPluginRegistered = {
  type: 'AssetPluginRegistered';
  data: {
    pluginId: string;
    asset: string;
    plugin: ChainPluginKind;
    registeredAt: string;
  } & AssetPluginSettings;
};
export type AssetPluginChanged = {
  type: 'AssetPluginChanged';
  data: { pluginId: string; changedAt: string } & AssetPluginSettings;
};
export type AssetPluginEvent = AssetPluginRegistered | AssetPluginChanged;

export type AssetPluginState =
  | { status: 'none' }
  | {
      status: 'registered';
      pluginId: string;
      asset: string;
      plugin: ChainPluginKind;
      settings: AssetPluginSettings;
    };

export type AssetPluginRejection =
  | { type: 'PluginIdInvalid' }
  | { type: 'PluginKindUnknown' }
  | { type: 'AssetCodeInvalid' }
  | { type: 'PluginAlreadyRegistered' }
  | { type: 'PluginNotFound' }
  | { type: 'SettingInvalid'; field: string };

export type AssetPluginCommand =
  | {
      type: 'RegisterAssetPlugin';
      pluginId: string;
      asset: string;
      plugin: string;
      settings: AssetPluginSettings;
      now: string;
    }
  | { type: 'ChangeAssetPlugin'; pluginId: string; settings: AssetPluginSettings; now: string };

export function assetPluginStream(pluginId: string): string {
  return `asset-plugin-${pluginId}`;
}

export const initialAssetPluginState = (): AssetPluginState => ({ status: 'none' });

export function evolveAssetPlugin(
  state: AssetPluginState,
  event: AssetPluginEvent,
): AssetPluginState {
  if (event.type === 'AssetPluginRegistered') {
    const { pluginId, asset, plugin, registeredAt: _at, ...settings } = event.data;
    return { status: 'registered', pluginId, asset, plugin, settings };
  }
  if (state.status === 'none') throw new Error('AssetPluginChanged before AssetPluginRegistered');
  const { pluginId: _id, changedAt: _at, ...settings } = event.data;
  return { ...state, settings };
}

function invalidSettings(settings: AssetPluginSettings): string | undefined {
  if (settings.title.trim() === '' || settings.title.length > 100) return 'title';
  if (!Number.isSafeInteger(settings.startBlock) || settings.startBlock < 0) return 'start_block';
  return undefined;
}

const sameSettings = (left: AssetPluginSettings, right: AssetPluginSettings) =>
  left.title === right.title &&
  left.startBlock === right.startBlock &&
  left.allowScan === right.allowScan;

export function decideAssetPlugin(
  command: AssetPluginCommand,
  state: AssetPluginState,
): Decision<AssetPluginEvent, AssetPluginRejection> {
  if (!pluginIdPattern.test(command.pluginId)) return rejected({ type: 'PluginIdInvalid' });
  const invalid = invalidSettings(command.settings);
  if (invalid !== undefined) return rejected({ type: 'SettingInvalid', field: invalid });
  if (command.type === 'RegisterAssetPlugin') {
    if (!(chainPluginKinds as readonly string[]).includes(command.plugin)) {
      return rejected({ type: 'PluginKindUnknown' });
    }
    if (!assetCodePattern.test(command.asset)) return rejected({ type: 'AssetCodeInvalid' });
    if (state.status === 'registered') {
      return state.asset === command.asset &&
        state.plugin === command.plugin &&
        sameSettings(state.settings, command.settings)
        ? accepted([])
        : rejected({ type: 'PluginAlreadyRegistered' });
    }
    return accepted([
      {
        type: 'AssetPluginRegistered',
        data: {
          pluginId: command.pluginId,
          asset: command.asset,
          plugin: command.plugin as ChainPluginKind,
          registeredAt: command.now,
          ...command.settings,
        },
      },
    ]);
  }
  if (state.status === 'none') return rejected({ type: 'PluginNotFound' });
  if (sameSettings(state.settings, command.settings)) return accepted([]);
  return accepted([
    {
      type: 'AssetPluginChanged',
      data: { pluginId: command.pluginId, changedAt: command.now, ...command.settings },
    },
  ]);
}
