import {
  Container,
  Divider,
  NativeSelect,
  NumberInput,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
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

const providers = ['outbox', 'smtp'] as const;
type Provider = (typeof providers)[number];
const secretKeys = ['mail.apiKey', 'mail.smtpPassword'] as const;

type MailFields = {
  provider: Provider;
  domain: string;
  sender: string;
  host: string;
  port: number | string;
  secure: boolean;
  user: string;
};

function mailFieldsOf(data: Readonly<Record<string, unknown>>): MailFields {
  return {
    provider: settingOf(data, 'mail.provider', z.enum(providers), 'outbox'),
    domain: settingOf(data, 'mail.domain', z.string(), ''),
    sender: settingOf(data, 'mail.defaultSender', z.string(), ''),
    host: settingOf(data, 'mail.smtpHost', z.string(), ''),
    port: settingOf(data, 'mail.smtpPort', z.number(), 587),
    secure: settingOf(data, 'mail.smtpSecure', z.boolean(), false),
    user: settingOf(data, 'mail.smtpUser', z.string(), ''),
  };
}

/**
 * SPEC §2 admin config/mail: the mail provider (the outbox keeps mails; SMTP sends them), domain,
 * default sender, SMTP server fields, and the write-only secrets (the provider's API key, the SMTP
 * password: shown only as set or not set); a test mail goes through the configured mailer. Each
 * plain change is one SettingChanged event (chief administrator only).
 */
export function ConfigMailPage() {
  const { t } = useTranslation('admin-config');
  const { t: tAdmin } = useTranslation('admin');
  useDocumentTitle(tAdmin('screens.configMail'));
  const settings = useQuery(configSettingsQuery());
  const save = useMutation({ ...configSettingMutation() });
  const secrets = useSecretSettings(secretKeys);
  const test = useMutation({ ...testSendMutation('mail') });
  const [fields, setFields] = useState<MailFields>(() => mailFieldsOf({}));
  const [testTo, setTestTo] = useState('');
  useEffect(() => {
    if (settings.data !== undefined) setFields(mailFieldsOf(settings.data));
  }, [settings.data]);
  const set = <Field extends keyof MailFields>(field: Field, value: MailFields[Field]) =>
    setFields((all) => ({ ...all, [field]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changes: [string, unknown][] = [
      ['mail.provider', fields.provider],
      ['mail.domain', fields.domain.trim()],
      ['mail.defaultSender', fields.sender.trim()],
      ['mail.smtpHost', fields.host.trim()],
      ['mail.smtpPort', fields.port === '' ? null : Number(fields.port)],
      ['mail.smtpSecure', fields.secure],
      ['mail.smtpUser', fields.user.trim()],
    ];
    if (
      (await saveChangedSettings(changes, settings.data, save.mutateAsync)) &&
      (await secrets.saveTyped())
    ) {
      showSuccessToast(t('saved'));
    }
  };
  const sendTest = () =>
    test.mutate({ to: testTo.trim() }, { onSuccess: () => showSuccessToast(t('mail.testSent')) });
  const fieldError = (key: string) => settingFieldError(save.error, save.variables, key);
  const secret = (key: (typeof secretKeys)[number], label: string) => (
    <SecretSettingField
      label={label}
      state={settingOf(settings.data, key, SecretStateSchema.optional(), undefined)}
      value={secrets.typed[key] ?? ''}
      onChange={(value) => secrets.type(key, value)}
      onClear={() => secrets.clear(key)}
      clearing={secrets.clearing(key)}
      error={secrets.fieldError(key)}
    />
  );
  return (
    <Container size="sm" py="md">
      <form onSubmit={(event) => void submit(event)} aria-label={tAdmin('screens.configMail')}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {tAdmin('screens.configMail')}
          </Title>
          {settings.error ? <FailureAlert error={settings.error} /> : undefined}
          <NativeSelect
            label={t('mail.provider')}
            value={fields.provider}
            data={providers.map((value) => ({ value, label: t(`mail.providers.${value}`) }))}
            onChange={(event) => set('provider', event.currentTarget.value as Provider)}
            error={fieldError('mail.provider')}
          />
          <TextInput
            label={t('mail.domain')}
            value={fields.domain}
            onChange={(event) => set('domain', event.currentTarget.value)}
            error={fieldError('mail.domain')}
          />
          <TextInput
            label={t('mail.defaultSender')}
            value={fields.sender}
            onChange={(event) => set('sender', event.currentTarget.value)}
            error={fieldError('mail.defaultSender')}
          />
          {secret('mail.apiKey', t('mail.apiKey'))}
          <Divider label={t('mail.smtp')} labelPosition="left" />
          <TextInput
            label={t('mail.smtpHost')}
            value={fields.host}
            onChange={(event) => set('host', event.currentTarget.value)}
            error={fieldError('mail.smtpHost')}
          />
          <NumberInput
            label={t('mail.smtpPort')}
            allowDecimal={false}
            value={fields.port}
            onChange={(value) => set('port', value)}
            error={fieldError('mail.smtpPort')}
          />
          <Switch
            label={t('mail.smtpSecure')}
            checked={fields.secure}
            onChange={(event) => set('secure', event.currentTarget.checked)}
          />
          <TextInput
            label={t('mail.smtpUser')}
            value={fields.user}
            onChange={(event) => set('user', event.currentTarget.value)}
            error={fieldError('mail.smtpUser')}
          />
          {secret('mail.smtpPassword', t('mail.smtpPassword'))}
          {secrets.error ? <FailureAlert error={secrets.error} /> : undefined}
          <SettingsSaveFooter
            error={save.error}
            pending={save.isPending}
            disabled={settings.data === undefined}
            label={t('save')}
          />
          <Divider label={t('mail.test')} labelPosition="left" />
          <TestSendField
            label={t('mail.testTo')}
            button={t('mail.testSend')}
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
