import type { EventStore } from '@ledger/event-store';
import {
  defaultSettings,
  evolveSettings,
  type IdentitySettings,
  type SettingsEvent,
  settingsStream,
} from '@ledger/identity';
import { loadAggregate } from './command-handling.ts';

export const settingsAggregate = {
  initial: defaultSettings,
  evolve: (state: IdentitySettings, event: SettingsEvent) => evolveSettings(state, event),
};

/** The settings as the write side decides with them: folded from the settings stream. */
export async function loadSettings(eventStore: EventStore): Promise<IdentitySettings> {
  return (await loadAggregate(eventStore, settingsStream, settingsAggregate)).state;
}
