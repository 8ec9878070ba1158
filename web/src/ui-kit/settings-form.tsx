import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
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
    if (JSON.stringify(current?.[key]) === JSON.stringify(value)) continue;
    try {
      await save({ key, value });
    } catch {
      return false;
    }
  }
  return true;
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
