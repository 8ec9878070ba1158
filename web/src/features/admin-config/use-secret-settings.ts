import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { settingFieldError } from '../../ui-kit/settings-form.tsx';
import { secretSettingMutation } from './admin-config-api.ts';

/**
 * The typed values of a screen's secret settings and their writes: on save each typed one is
 * written (then forgotten), stopping at the first refusal; "Clear" removes one at once.
 */
export function useSecretSettings<Key extends string>(keys: readonly Key[]) {
  const write = useMutation({ ...secretSettingMutation() });
  const [typed, setTyped] = useState<Partial<Record<Key, string>>>({});
  const type = (key: Key, value: string) => setTyped((all) => ({ ...all, [key]: value }));
  async function saveTyped(): Promise<boolean> {
    for (const key of keys) {
      const value = typed[key] ?? '';
      if (value === '') continue;
      try {
        await write.mutateAsync({ key, value });
      } catch {
        return false;
      }
      type(key, '');
    }
    return true;
  }
  const clear = (key: Key) => write.mutate({ key, value: null });
  const clearing = (key: Key) =>
    write.isPending && write.variables?.value === null && write.variables.key === key;
  const fieldError = (key: Key) => settingFieldError(write.error, write.variables, key);
  return { typed, type, saveTyped, clear, clearing, error: write.error, fieldError };
}
