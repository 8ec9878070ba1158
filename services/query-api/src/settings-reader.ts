import {
  defaultSettings,
  evolveSettings,
  type IdentitySettings,
  type SettingsEvent,
} from '@ledger/identity';
import type { IdentityDb } from '@ledger/identity-store';

function isUndefinedTable(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: string }).code === '42P01'
  );
}

/**
 * The settings as the read side sees them: the settings read model over the catalogue's defaults
 * (before the projection exists, the defaults: they are the safe values).
 */
export async function readSettings(db: IdentityDb): Promise<IdentitySettings> {
  try {
    const rows = await db
      .selectFrom('identity_settings')
      .select(['key', 'value', 'changed_at'])
      .execute();
    return rows.reduce<IdentitySettings>(
      (settings, row) =>
        evolveSettings(settings, {
          type: 'SettingChanged',
          data: { key: row.key, value: row.value, changedAt: row.changed_at.toISOString() },
        } satisfies SettingsEvent),
      defaultSettings(),
    );
  } catch (error) {
    if (isUndefinedTable(error)) return defaultSettings();
    throw error;
  }
}
