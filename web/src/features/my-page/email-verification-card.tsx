import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import type { MemberInfo } from '../../lib/session/member-info.ts';
import { MyPageSection } from '../../ui-kit/detail/my-page-section.tsx';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { isCompleteCode, OtpCodeField } from '../../ui-kit/otp/otp-code-field.tsx';
import { useSubmissionKey } from '../../ui-kit/submission-key.ts';
import { showSuccessToast } from '../../ui-kit/toasts.ts';
import { emailCodeValidityMs, formatCountdown, useSecondsLeft } from './code-countdown.ts';
import { confirmEmailCodeMutation, sendEmailCodeMutation } from './my-page-api.ts';

/** A code this page had mailed: to which address, for what, and until when it is valid. */
export type SentCode = {
  address: string;
  purpose: 'registration' | 'email_change';
  /** Milliseconds since the epoch. */
  expiresAt: number;
};

export type EmailVerificationCardProps = {
  member: MemberInfo;
  sent: SentCode | undefined;
  onSent: (sent: SentCode) => void;
  onVerified: () => void;
};

/** The countdown of SPEC §5: the code must be entered within 5 minutes of its mailing. */
function CodeDeadline({ sent, left }: { sent: SentCode; left: number }) {
  const { t } = useTranslation('my-page');
  const locale = useAtomValue(localeAtom);
  if (left === 0) {
    return (
      <Alert color="orange">
        {sent.purpose === 'email_change'
          ? t('emailVerification.expiredChange')
          : t('emailVerification.expired')}
      </Alert>
    );
  }
  return (
    <Text size="sm" role="timer" fw={600}>
      {t('emailVerification.timeLeft', { time: formatCountdown(left, locale) })}
    </Text>
  );
}

/**
 * SPEC §2 email verification: a 6-digit code (mailed at sign-up, on request, or to a new address
 * after an email change) entered within 5 minutes, with the time left shown.
 */
export function EmailVerificationCard(props: EmailVerificationCardProps) {
  const { t } = useTranslation('my-page');
  const { member, sent } = props;
  const [code, setCode] = useState('');
  const submissionKey = useSubmissionKey();
  const send = useMutation({
    ...sendEmailCodeMutation(),
    onSuccess: () => {
      submissionKey.renew();
      setCode('');
      props.onSent({
        address: member.email_address ?? '',
        purpose: 'registration',
        expiresAt: Date.now() + emailCodeValidityMs,
      });
    },
  });
  const confirm = useMutation({
    ...confirmEmailCodeMutation(),
    onSuccess: () => {
      setCode('');
      showSuccessToast(t('emailVerification.verified'));
      props.onVerified();
    },
    // A wrong code is cleared, so the next one is typed from the first digit.
    onError: () => setCode(''),
  });
  const left = useSecondsLeft(sent?.expiresAt);
  const isExpired = left === 0;
  const isEmailChange = sent?.purpose === 'email_change';
  const submit = (typed: string) => {
    if (!isCompleteCode(typed) || confirm.isPending || isExpired) return;
    send.reset();
    confirm.mutate(typed);
  };
  return (
    <MyPageSection
      title={isEmailChange ? t('emailVerification.newAddressTitle') : t('emailVerification.title')}
    >
      <form
        aria-label={t('emailVerification.formLabel')}
        onSubmit={(event) => {
          event.preventDefault();
          submit(code);
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {sent === undefined
              ? t('emailVerification.notVerified', { email: member.email_address ?? '' })
              : t('emailVerification.sentTo', { email: sent.address })}
          </Text>
          {sent === undefined || left === undefined ? undefined : (
            <CodeDeadline sent={sent} left={left} />
          )}
          <OtpCodeField
            label={t('emailVerification.code')}
            description={t('emailVerification.codeDescription')}
            value={code}
            onChange={setCode}
            onComplete={submit}
            isDisabled={isExpired}
          />
          <FailureAlert error={confirm.error ?? send.error} />
          <Group gap="sm">
            <Button
              type="submit"
              loading={confirm.isPending}
              disabled={!isCompleteCode(code) || isExpired}
            >
              {t('emailVerification.confirm')}
            </Button>
            {isEmailChange ? undefined : (
              <Button
                variant="default"
                loading={send.isPending}
                onClick={() => {
                  confirm.reset();
                  send.mutate(submissionKey.current());
                }}
              >
                {sent === undefined ? t('emailVerification.send') : t('emailVerification.resend')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </MyPageSection>
  );
}
