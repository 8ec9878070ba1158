import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiFailure } from '../lib/api-failure.ts';
import { FailureAlert } from './failure-alert.tsx';

/**
 * What the admin config screens (config/service, config/kyc) share: a setting is saved only when
 * its value changed, one SettingChanged command per key, in order, stopping at the first refusal
 * (the refusal is shown by the footer); and the footer itself.
 */
export async function saveChangedSettings<Key extends string>(
  changes: readonly (readonly [Key, unknown])[],
  current: Partial<Record<Key, unknown>> | undefined,
  save: (change: { key: Key; value: unknown }) => Promise<unknown>,
): Promise<boolean> {
  for (const [key, value] of changes) {
    if (canonicalJson(current?.[key]) === canonicalJson(value)) continue;
    try {
      await save({ key, value });
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * The server's field-level reason (localized by Accept-Language) when the last save refused the
 * value of `key` (`setting_value_invalid`), for the field's own error text; else undefined.
 */
export function settingFieldError(
  error: unknown,
  saved: { key: string } | undefined,
  key: string,
): string | undefined {
  if (!(error instanceof ApiFailure) || error.code !== 'setting_value_invalid') return undefined;
  if (saved?.key !== key) return undefined;
  const [first] = Array.isArray(error.body.errors) ? error.body.errors : [];
  const message = (first as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : error.serverMessage;
}

/** JSON with every object's keys sorted: the server's answer may order them otherwise. */
function canonicalJson(value: unknown): string | undefined {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'object' && item !== null && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/** The last save's refusal, if any, above the save button (disabled until the settings load). */
export function SettingsSaveFooter(props: {
  error: unknown;
  pending: boolean;
  disabled: boolean;
  label: string;
}): ReactNode {
  return (
    <>
      {props.error ? <FailureAlert error={props.error} /> : undefined}
      <Group justify="flex-end">
        <Button type="submit" loading={props.pending} disabled={props.disabled}>
          {props.label}
        </Button>
      </Group>
    </>
  );
}
