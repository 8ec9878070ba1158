import { Checkbox, Container, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
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
import { configSettingMutation, configSettingsQuery, settingOf } from './admin-config-api.ts';

/** The actions the catalogue may make ask for a one-time password (a closed list). */
const otpActions = [
  'login',
  'change_password',
  'change_email',
  'withdraw_account',
  'deactivate_otp',
  'withdraw_asset',
] as const;

/**
 * SPEC §2 admin config/otp: whether members may cancel an active OTP, how many OTPs a member may
 * register, and which actions ask a member with an active OTP for a code. Each change is one
 * SettingChanged event (chief administrator only); a refused value is said under its field.
 */
export function ConfigOtpPage() {
  const { t } = useTranslation('admin-config');
  const { t: tAdmin } = useTranslation('admin');
  useDocumentTitle(tAdmin('screens.configOtp'));
  const settings = useQuery(configSettingsQuery());
  const save = useMutation({ ...configSettingMutation() });
  const [allowCancel, setAllowCancel] = useState(true);
  const [maximumCount, setMaximumCount] = useState<number | string>('');
  const [actions, setActions] = useState<string[]>([]);
  useEffect(() => {
    const data = settings.data;
    if (data === undefined) return;
    setAllowCancel(settingOf(data, 'otp.allowCancel', z.boolean(), true));
    setMaximumCount(settingOf(data, 'otp.maximumCount', z.number(), 1));
    setActions(settingOf(data, 'otp.requiredActions', z.array(z.string()), []));
  }, [settings.data]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changes: [string, unknown][] = [
      ['otp.allowCancel', allowCancel],
      ['otp.maximumCount', maximumCount === '' ? null : Number(maximumCount)],
      // In the catalogue's order, whatever order they were ticked in.
      ['otp.requiredActions', otpActions.filter((action) => actions.includes(action))],
    ];
    if (await saveChangedSettings(changes, settings.data, save.mutateAsync)) {
      showSuccessToast(t('saved'));
    }
  };
  const fieldError = (key: string) => settingFieldError(save.error, save.variables, key);
  return (
    <Container size="sm" py="md">
      <form onSubmit={(event) => void submit(event)} aria-label={tAdmin('screens.configOtp')}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {tAdmin('screens.configOtp')}
          </Title>
          {settings.error ? <FailureAlert error={settings.error} /> : undefined}
          <Switch
            label={t('otp.allowCancel')}
            checked={allowCancel}
            onChange={(event) => setAllowCancel(event.currentTarget.checked)}
            error={fieldError('otp.allowCancel')}
          />
          <NumberInput
            label={t('otp.maximumCount')}
            allowDecimal={false}
            value={maximumCount}
            onChange={setMaximumCount}
            error={fieldError('otp.maximumCount')}
          />
          <Checkbox.Group
            label={t('otp.requiredActions')}
            value={actions}
            onChange={setActions}
            error={fieldError('otp.requiredActions')}
          >
            <Stack gap="xs" mt="xs">
              {otpActions.map((action) => (
                <Checkbox key={action} value={action} label={t(`otp.actions.${action}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Text size="xs" c="dimmed">
            {t('otp.withdrawNote')}
          </Text>
          <SettingsSaveFooter
            error={save.error}
            pending={save.isPending}
            disabled={settings.data === undefined}
            label={t('save')}
          />
        </Stack>
      </form>
    </Container>
  );
}
