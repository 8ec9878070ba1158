import { Button, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { useSubmissionKey } from '../../ui-kit/submission-key.ts';
import { changePasswordMutation } from './my-page-api.ts';
import { MyPageSection } from './my-page-section.tsx';
import { needsOtpField } from './needs-otp.ts';
import { isCompleteCode, OtpCodeField } from './otp-code-field.tsx';
import { useEndSession } from './use-end-session.ts';

type Problem = 'required' | 'mismatch' | 'sameAsCurrent' | 'otpIncomplete';

/**
 * SPEC §2 password change: the current password, the new one twice (and a one-time password where
 * settings ask). The server then ends every session, so the member logs in again.
 */
export function PasswordChangeCard({ hasActiveOtp }: { hasActiveOtp: boolean }) {
  const { t } = useTranslation('my-page');
  const endSession = useEndSession();
  const submissionKey = useSubmissionKey();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [otpCode, setOtpCode] = useState('');
  const [problems, setProblems] = useState<Partial<Record<string, Problem>>>({});
  const change = useMutation({
    ...changePasswordMutation(),
    onSuccess: () => endSession(t('password.done')),
  });
  const edited =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      submissionKey.renew();
      set(value);
    };
  const showOtp = needsOtpField(hasActiveOtp, change.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<string, Problem>> = {};
    if (current === '') found.current = 'required';
    if (next === '') found.next = 'required';
    else if (next === current) found.next = 'sameAsCurrent';
    if (confirmation !== next) found.confirmation = 'mismatch';
    if (showOtp && !isCompleteCode(otpCode)) found.otp = 'otpIncomplete';
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    change.mutate({
      fields: {
        current_password: current,
        new_password: next,
        ...(showOtp ? { otp_token: otpCode } : {}),
      },
      idempotencyKey: submissionKey.current(),
    });
  };
  const message = (problem: Problem | undefined) =>
    problem === undefined ? undefined : t(`form.${problem}`);
  return (
    <MyPageSection title={t('password.title')} description={t('password.hint')}>
      <form onSubmit={submit} aria-label={t('password.formLabel')} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            required
            value={current}
            error={message(problems.current)}
            onChange={(event) => edited(setCurrent)(event.currentTarget.value)}
          />
          <PasswordInput
            label={t('password.new')}
            autoComplete="new-password"
            required
            value={next}
            error={message(problems.next)}
            onChange={(event) => edited(setNext)(event.currentTarget.value)}
          />
          <PasswordInput
            label={t('password.confirm')}
            autoComplete="new-password"
            required
            value={confirmation}
            error={message(problems.confirmation)}
            onChange={(event) => edited(setConfirmation)(event.currentTarget.value)}
          />
          {showOtp ? (
            <OtpCodeField
              value={otpCode}
              onChange={edited(setOtpCode)}
              error={message(problems.otp)}
            />
          ) : undefined}
          <FailureAlert error={change.error} />
          <Button type="submit" loading={change.isPending}>
            {t('password.submit')}
          </Button>
        </Stack>
      </form>
    </MyPageSection>
  );
}
