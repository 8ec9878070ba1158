import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmWithPhrase } from '../../ui-kit/dialogs/verification-phrase-dialog.tsx';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { useSubmissionKey } from '../../ui-kit/submission-key.ts';
import { withdrawMutation } from './my-page-api.ts';
import { MyPageSection } from './my-page-section.tsx';
import { needsOtpField } from './needs-otp.ts';
import { isCompleteCode, OtpCodeField } from './otp-code-field.tsx';
import { useEndSession } from './use-end-session.ts';

type Problem = 'required' | 'otpIncomplete';

/**
 * SPEC §2 account withdrawal: needs the password (and a one-time password where settings ask),
 * and, being irreversible, the typed verification phrase of SPEC §5. The account's personal data
 * is then erased and the member leaves for the home page.
 */
export function AccountWithdrawalCard({ hasActiveOtp }: { hasActiveOtp: boolean }) {
  const { t } = useTranslation('my-page');
  const endSession = useEndSession();
  const submissionKey = useSubmissionKey();
  const [password, setPassword] = useState('');
  const [otpCode, setOtpCode] = useState('');
  const [problems, setProblems] = useState<Partial<Record<string, Problem>>>({});
  const withdraw = useMutation({
    ...withdrawMutation(),
    onSuccess: () => endSession(t('withdrawal.done'), 'home'),
  });
  const showOtp = needsOtpField(hasActiveOtp, withdraw.error);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<string, Problem>> = {};
    if (password === '') found.password = 'required';
    if (showOtp && !isCompleteCode(otpCode)) found.otp = 'otpIncomplete';
    setProblems(found);
    if (Object.keys(found).length > 0 || withdraw.isPending) return;
    const isConfirmed = await confirmWithPhrase({
      title: t('withdrawal.confirmTitle'),
      description: t('withdrawal.confirmDescription'),
      confirmLabel: t('withdrawal.confirmLabel'),
    });
    if (!isConfirmed) return;
    withdraw.mutate({
      fields: { password, ...(showOtp ? { otp_token: otpCode } : {}) },
      idempotencyKey: submissionKey.current(),
    });
  };
  const message = (problem: Problem | undefined) =>
    problem === undefined ? undefined : t(`form.${problem}`);
  return (
    <MyPageSection title={t('withdrawal.title')}>
      <form
        onSubmit={(event) => void submit(event)}
        aria-label={t('withdrawal.formLabel')}
        noValidate
      >
        <Stack gap="sm">
          <Alert color="red">{t('withdrawal.warning')}</Alert>
          <PasswordInput
            label={t('withdrawal.password')}
            autoComplete="current-password"
            required
            value={password}
            error={message(problems.password)}
            onChange={(event) => {
              submissionKey.renew();
              setPassword(event.currentTarget.value);
            }}
          />
          {showOtp ? (
            <OtpCodeField
              value={otpCode}
              onChange={(code) => {
                submissionKey.renew();
                setOtpCode(code);
              }}
              error={message(problems.otp)}
            />
          ) : undefined}
          <FailureAlert error={withdraw.error} />
          <Button type="submit" color="red" variant="outline" loading={withdraw.isPending}>
            {t('withdrawal.submit')}
          </Button>
        </Stack>
      </form>
    </MyPageSection>
  );
}
