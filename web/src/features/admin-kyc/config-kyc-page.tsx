import { Container, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { SettingsSaveFooter, saveChangedSettings } from '../../ui-kit/settings-form.tsx';
import { showSuccessToast } from '../../ui-kit/toasts.ts';
import { type KycSettingKey, kycSettingMutation, kycSettingsQuery } from './admin-kyc-api.ts';

const daySeconds = 86_400;

/**
 * SPEC §2 admin config/kyc: KYC validity in seconds (SPEC §9), real-name validity, and the
 * real-name authority's site code and execution path (its site password is a secret: it comes
 * from the environment, never from settings). Each change is one SettingChanged event
 * (chief administrator only).
 */
export function ConfigKycPage() {
  const { t } = useTranslation('admin-kyc');
  const { t: tAdmin } = useTranslation('admin');
  useDocumentTitle(tAdmin('screens.configKyc'));
  const settings = useQuery(kycSettingsQuery());
  const save = useMutation({ ...kycSettingMutation() });
  const [validity, setValidity] = useState<number | string>('');
  const [realnameValidity, setRealnameValidity] = useState<number | string>('');
  const [siteCode, setSiteCode] = useState('');
  const [executionPath, setExecutionPath] = useState('');
  useEffect(() => {
    const data = settings.data;
    if (data === undefined) return;
    setValidity(Number(data['kyc.validitySeconds'] ?? ''));
    setRealnameValidity(Number(data['kyc.realnameValiditySeconds'] ?? ''));
    setSiteCode(String(data['kyc.realnameSiteCode'] ?? ''));
    setExecutionPath(String(data['kyc.realnameExecutionPath'] ?? ''));
  }, [settings.data]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changes: [KycSettingKey, unknown][] = [
      ['kyc.validitySeconds', Number(validity)],
      ['kyc.realnameValiditySeconds', Number(realnameValidity)],
      ['kyc.realnameSiteCode', siteCode.trim()],
      ['kyc.realnameExecutionPath', executionPath.trim()],
    ];
    if (await saveChangedSettings(changes, settings.data, save.mutateAsync)) {
      showSuccessToast(t('config.saved'));
    }
  };
  const days = (seconds: number | string) =>
    t('config.days', { days: Math.floor(Number(seconds) / daySeconds) });
  return (
    <Container size="sm" py="md">
      <form onSubmit={(event) => void submit(event)} aria-label={tAdmin('screens.configKyc')}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {tAdmin('screens.configKyc')}
          </Title>
          {settings.error ? <FailureAlert error={settings.error} /> : undefined}
          <NumberInput
            label={t('config.validitySeconds')}
            description={days(validity)}
            min={60}
            allowDecimal={false}
            value={validity}
            onChange={setValidity}
          />
          <NumberInput
            label={t('config.realnameValiditySeconds')}
            description={days(realnameValidity)}
            min={60}
            allowDecimal={false}
            value={realnameValidity}
            onChange={setRealnameValidity}
          />
          <Text size="sm">
            {t('config.authority', {
              authority: String(settings.data?.['kyc.realnameAuthority'] ?? ''),
            })}
          </Text>
          <TextInput
            label={t('config.siteCode')}
            maxLength={64}
            value={siteCode}
            onChange={(event) => setSiteCode(event.currentTarget.value)}
          />
          <TextInput
            label={t('config.executionPath')}
            maxLength={253}
            value={executionPath}
            onChange={(event) => setExecutionPath(event.currentTarget.value)}
          />
          <Text size="xs" c="dimmed">
            {t('config.secretNote')}
          </Text>
          <SettingsSaveFooter
            error={save.error}
            pending={save.isPending}
            disabled={settings.data === undefined}
            label={t('config.save')}
          />
        </Stack>
      </form>
    </Container>
  );
}
