import {
  Anchor,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { isCompleteCode, OtpCodeField } from '../../ui-kit/otp/otp-code-field.tsx';
import { activateOtpMutation, type OtpRegistration } from './my-page-api.ts';
import { useEndSession } from './use-end-session.ts';

export type OtpSetupProps = {
  registration: OtpRegistration;
  /** Cancels the registration (it was never activated). */
  onAbort: () => void;
  isAborting: boolean;
};

/**
 * Setting up an authenticator app (web.md §4.6): install an app; scan the QR code of the otpauth
 * URI or type the setup key (with Copy, and a checkbox that the key is stored safely); enter the
 * app's 6-digit code to activate. Activation ends every session, so the member logs in again,
 * now with the code.
 */
export function OtpSetup({ registration, onAbort, isAborting }: OtpSetupProps) {
  const { t } = useTranslation('my-page');
  const endSession = useEndSession();
  const [isKeySaved, setKeySaved] = useState(false);
  const [code, setCode] = useState('');
  const activate = useMutation({
    ...activateOtpMutation(),
    onSuccess: () => endSession(t('otp.setup.activated')),
    // A wrong code is cleared, so the next one is typed from the first digit.
    onError: () => setCode(''),
  });
  const submit = (typed: string) => {
    if (!isCompleteCode(typed) || !isKeySaved || activate.isPending) return;
    activate.mutate({ otpId: registration.otp_id, code: typed });
  };
  return (
    <Paper withBorder p="md" component="section" aria-label={t('otp.setup.title')}>
      <Stack gap="md">
        <Title order={3} size="h5">
          {t('otp.setup.title')}
        </Title>
        <List type="ordered" spacing="md" size="sm">
          <List.Item>{t('otp.setup.install')}</List.Item>
          <List.Item>
            <Stack gap="sm">
              <Text size="sm">{t('otp.setup.scan')}</Text>
              <QRCodeSVG
                value={registration.otpauth_uri}
                title={t('otp.setup.qrTitle')}
                level="M"
                marginSize={2}
                size={176}
                role="img"
                aria-label={t('otp.setup.qrTitle')}
              />
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" fw={600}>
                  {t('otp.setup.key')}
                </Text>
                <Code fz="md" aria-label={t('otp.setup.key')} data-testid="otp-setup-key">
                  {registration.secret}
                </Code>
                <CopyButton value={registration.secret}>
                  {({ copied, copy }) => (
                    <Button size="compact-xs" variant="default" onClick={copy}>
                      {copied ? t('otp.setup.copied') : t('otp.setup.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Anchor href={registration.otpauth_uri} size="sm">
                {t('otp.setup.openApp')}
              </Anchor>
              <Checkbox
                label={t('otp.setup.keySaved')}
                checked={isKeySaved}
                onChange={(event) => setKeySaved(event.currentTarget.checked)}
              />
            </Stack>
          </List.Item>
          <List.Item>
            <form
              aria-label={t('otp.setup.activateFormLabel')}
              onSubmit={(event) => {
                event.preventDefault();
                submit(code);
              }}
            >
              <Stack gap="sm">
                <OtpCodeField
                  description={t('otp.setup.enterCode')}
                  value={code}
                  onChange={setCode}
                  onComplete={submit}
                  isDisabled={!isKeySaved}
                />
                <FailureAlert error={activate.error} />
                <Group gap="sm">
                  <Button
                    type="submit"
                    loading={activate.isPending}
                    disabled={!isKeySaved || !isCompleteCode(code)}
                  >
                    {t('otp.setup.activate')}
                  </Button>
                  <Button variant="default" loading={isAborting} onClick={onAbort}>
                    {t('otp.setup.abort')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </List.Item>
        </List>
      </Stack>
    </Paper>
  );
}
