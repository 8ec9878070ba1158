import { Container, Divider, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import {
  SettingsSaveFooter,
  saveChangedSettings,
  settingFieldError,
} from '../../ui-kit/settings-form.tsx';
import { showSuccessToast } from '../../ui-kit/toasts.ts';
import {
  configSettingMutation,
  configSettingsQuery,
  SecretStateSchema,
  settingOf,
  testSendMutation,
} from './admin-config-api.ts';
import { SecretSettingField, TestSendField } from './secret-setting-field.tsx';
import { useSecretSettings } from './use-secret-settings.ts';

const smsProviders = ['outbox'] as const;
const secretKeys = ['phone.smsApiKey'] as const;

/**
 * SPEC §2 admin config/phone: the caller number SMS are sent from, the SMS provider (the outbox,
 * the SMS port's embedded default, keeps them), the provider's write-only API key, and a test SMS
 * through the configured sender. Each plain change is one SettingChanged event (chief
 * administrator only).
 */
export function ConfigPhonePage() {
  const { t } = useTranslation('admin-config');
  const { t: tAdmin } = useTranslation('admin');
  useDocumentTitle(tAdmin('screens.configPhone'));
  const settings = useQuery(configSettingsQuery());
  const save = useMutation({ ...configSettingMutation() });
  const secrets = useSecretSettings(secretKeys);
  const test = useMutation({ ...testSendMutation('phone') });
  const [callerNumber, setCallerNumber] = useState('');
  const [provider, setProvider] = useState<string>('outbox');
  const [testTo, setTestTo] = useState('');
  useEffect(() => {
    const data = settings.data;
    if (data === undefined) return;
    setCallerNumber(settingOf(data, 'phone.callerNumber', z.string(), ''));
    setProvider(settingOf(data, 'phone.smsProvider', z.string(), 'outbox'));
  }, [settings.data]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changes: [string, unknown][] = [
      ['phone.callerNumber', callerNumber.trim()],
      ['phone.smsProvider', provider],
    ];
    if (
      (await saveChangedSettings(changes, settings.data, save.mutateAsync)) &&
      (await secrets.saveTyped())
    ) {
      showSuccessToast(t('saved'));
    }
  };
  const sendTest = () =>
    test.mutate({ to: testTo.trim() }, { onSuccess: () => showSuccessToast(t('phone.testSent')) });
  const fieldError = (key: string) => settingFieldError(save.error, save.variables, key);
  return (
    <Container size="sm" py="md">
      <form onSubmit={(event) => void submit(event)} aria-label={tAdmin('screens.configPhone')}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {tAdmin('screens.configPhone')}
          </Title>
          {settings.error ? <FailureAlert error={settings.error} /> : undefined}
          <TextInput
            label={t('phone.callerNumber')}
            description={t('phone.callerNumberNote')}
            inputMode="tel"
            value={callerNumber}
            onChange={(event) => setCallerNumber(event.currentTarget.value)}
            error={fieldError('phone.callerNumber')}
          />
          <NativeSelect
            label={t('phone.smsProvider')}
            value={provider}
            data={smsProviders.map((value) => ({ value, label: t(`phone.providers.${value}`) }))}
            onChange={(event) => setProvider(event.currentTarget.value)}
            error={fieldError('phone.smsProvider')}
          />
          <SecretSettingField
            label={t('phone.smsApiKey')}
            state={settingOf(
              settings.data,
              'phone.smsApiKey',
              SecretStateSchema.optional(),
              undefined,
            )}
            value={secrets.typed['phone.smsApiKey'] ?? ''}
            onChange={(value) => secrets.type('phone.smsApiKey', value)}
            onClear={() => secrets.clear('phone.smsApiKey')}
            clearing={secrets.clearing('phone.smsApiKey')}
            error={secrets.fieldError('phone.smsApiKey')}
          />
          {secrets.error ? <FailureAlert error={secrets.error} /> : undefined}
          <SettingsSaveFooter
            error={save.error}
            pending={save.isPending}
            disabled={settings.data === undefined}
            label={t('save')}
          />
          <Divider label={t('phone.test')} labelPosition="left" />
          <TestSendField
            label={t('phone.testTo')}
            button={t('phone.testSend')}
            value={testTo}
            onChange={setTestTo}
            onSend={sendTest}
            pending={test.isPending}
            error={test.error}
          />
        </Stack>
      </form>
    </Container>
  );
}
