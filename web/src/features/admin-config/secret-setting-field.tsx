import { Badge, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import type { SecretState } from './admin-config-api.ts';

/**
 * A write-only secret (an API key, a password): the screen only knows whether it is set. Typing
 * a value replaces it on save; "Clear" removes it. What was typed is never shown back.
 */
export function SecretSettingField(props: {
  label: string;
  state: SecretState | undefined;
  value: string;
  onChange: (value: string) => void;
  onClear: () => void;
  clearing: boolean;
  error: string | undefined;
}): ReactNode {
  const { t } = useTranslation('admin-config');
  const isSet = props.state?.isSet === true;
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Badge color={isSet ? 'teal' : 'gray'} variant="light">
          {isSet ? t('secret.set') : t('secret.unset')}
        </Badge>
      </Group>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <PasswordInput
          style={{ flex: 1 }}
          label={props.label}
          description={isSet ? t('secret.replaceNote') : t('secret.setNote')}
          autoComplete="new-password"
          maxLength={512}
          value={props.value}
          onChange={(event) => props.onChange(event.currentTarget.value)}
          error={props.error}
        />
        <Button
          variant="default"
          disabled={!isSet}
          loading={props.clearing}
          onClick={props.onClear}
          aria-label={t('secret.clearOf', { name: props.label })}
        >
          {t('secret.clear')}
        </Button>
      </Group>
    </Stack>
  );
}

/** One text field and a button that sends a test message to it. */
export function TestSendField(props: {
  label: string;
  button: string;
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  pending: boolean;
  error: unknown;
}): ReactNode {
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={props.label}
          value={props.value}
          onChange={(event) => props.onChange(event.currentTarget.value)}
        />
        <Button variant="light" loading={props.pending} onClick={props.onSend}>
          {props.button}
        </Button>
      </Group>
      {props.error ? <FailureAlert error={props.error} /> : undefined}
    </Stack>
  );
}
