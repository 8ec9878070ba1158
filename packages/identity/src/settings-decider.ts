import { accepted, type Decision, rejected } from '@ledger/decider';
import type { Timestamp } from './identity-types.ts';
import type { SettingIssue } from './setting-checks.ts';
import {
  defaultSettings,
  type IdentitySettings,
  isSecretSettingKey,
  isSettingKey,
  isValidSetting,
  settingIssue,
} from './settings-catalogue.ts';

/** The one settings stream (DESIGN.md §4: settings are one aggregate). */
export const settingsStream = 'settings';

/**
 * One key's new value; `previousValue` is the value it replaced (the activity log shows both).
 * Events written before it existed lack it.
 */
export type SettingChanged = {
  type: 'SettingChanged';
  data: { key: string; value: unknown; previousValue?: unknown; changedAt: Timestamp };
};

export type SettingsEvent = SettingChanged;

export type ChangeSetting = { type: 'ChangeSetting'; key: string; value: unknown; now: Timestamp };

export type SettingsRejection =
  | { type: 'UnknownSetting'; key: string }
  | { type: 'InvalidSettingValue'; key: string; issue: SettingIssue }
  | { type: 'SettingUnchanged'; key: string }
  | { type: 'SecretSettingWriteOnly'; key: string };

/** Writes (`isSet`) or clears a secret setting; the secret itself never reaches the decider. */
export type ChangeSecretSetting = {
  type: 'ChangeSecretSetting';
  key: string;
  isSet: boolean;
  now: Timestamp;
};

/** Folds the settings stream over the catalogue's defaults. */
export function evolveSettings(state: IdentitySettings, event: SettingsEvent): IdentitySettings {
  const { key, value } = event.data;
  if (!isSettingKey(key) || !isValidSetting(key, value)) {
    // A stored event the catalogue no longer accepts keeps the default (a removed key).
    return state;
  }
  return { ...state, [key]: value };
}

export function settingsFrom(events: readonly SettingsEvent[]): IdentitySettings {
  return events.reduce(evolveSettings, defaultSettings());
}

export function changeSetting(
  command: ChangeSetting,
  state: IdentitySettings,
): Decision<SettingsEvent, SettingsRejection> {
  if (!isSettingKey(command.key)) return rejected({ type: 'UnknownSetting', key: command.key });
  if (isSecretSettingKey(command.key)) {
    return rejected({ type: 'SecretSettingWriteOnly', key: command.key });
  }
  const issue = settingIssue(command.key, command.value);
  if (issue !== undefined) {
    return rejected({ type: 'InvalidSettingValue', key: command.key, issue });
  }
  const previousValue = state[command.key];
  if (canonicalJson(previousValue) === canonicalJson(command.value)) {
    return rejected({ type: 'SettingUnchanged', key: command.key });
  }
  const data = { key: command.key, value: command.value, previousValue, changedAt: command.now };
  return accepted([{ type: 'SettingChanged', data }]);
}

/**
 * A secret setting's new state: set (a new secret, even over an old one: a rotation) or cleared.
 * Clearing a secret that is not set changes nothing.
 */
export function changeSecretSetting(
  command: ChangeSecretSetting,
  state: IdentitySettings,
): Decision<SettingsEvent, SettingsRejection> {
  if (!isSecretSettingKey(command.key)) {
    return rejected({ type: 'UnknownSetting', key: command.key });
  }
  const previousValue = state[command.key];
  if (!command.isSet && !previousValue.isSet) {
    return rejected({ type: 'SettingUnchanged', key: command.key });
  }
  const value = { isSet: command.isSet, changedAt: command.now };
  const data = { key: command.key, value, previousValue, changedAt: command.now };
  return accepted([{ type: 'SettingChanged', data }]);
}

/**
 * JSON with every object's keys in sorted order: a value read back from the store (jsonb orders
 * keys its own way) equals the same value as typed.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'object' && item !== null && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}
