import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { useSubmissionKey } from '../../ui-kit/submission-key.ts';
import { changeEmailMutation } from './my-page-api.ts';
import { MyPageSection } from './my-page-section.tsx';
import { needsOtpField } from './needs-otp.ts';
import { isCompleteCode, OtpCodeField } from './otp-code-field.tsx';

type Problem = 'required' | 'email' | 'otpIncomplete';

const EmailSchema = z.email();

/**
 * SPEC §2 email change: the new address and the current password (and a one-time password where
 * settings ask). The server mails a code to the new address, which takes effect once the code is
 * confirmed (re-verification); the old address gets a notice.
 */
export function EmailChangeCard(props: {
  hasActiveOtp: boolean;
  onCodeSent: (address: string) => void;
}) {
  const { t } = useTranslation('my-page');
  const submissionKey = useSubmissionKey();
  const [address, setAddress] = useState('');
  const [password, setPassword] = useState('');
  const [otpCode, setOtpCode] = useState('');
  const [problems, setProblems] = useState<Partial<Record<string, Problem>>>({});
  const change = useMutation({
    ...changeEmailMutation(),
    onSuccess: (_answer, { fields }) => {
      submissionKey.renew();
      setPassword('');
      setOtpCode('');
      props.onCodeSent(fields.email_address);
    },
  });
  const edited = (set: (value: string) => void) => (value: string) => {
    submissionKey.renew();
    set(value);
  };
  const showOtp = needsOtpField(props.hasActiveOtp, change.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<string, Problem>> = {};
    if (address.trim() === '') found.address = 'required';
    else if (!EmailSchema.safeParse(address.trim()).success) found.address = 'email';
    if (password === '') found.password = 'required';
    if (showOtp && !isCompleteCode(otpCode)) found.otp = 'otpIncomplete';
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    change.mutate({
      fields: {
        email_address: address.trim(),
        password,
        ...(showOtp ? { otp_token: otpCode } : {}),
      },
      idempotencyKey: submissionKey.current(),
    });
  };
  const message = (problem: Problem | undefined) =>
    problem === undefined ? undefined : t(`form.${problem}`);
  return (
    <MyPageSection title={t('emailChange.title')} description={t('emailChange.hint')}>
      <form onSubmit={submit} aria-label={t('emailChange.formLabel')} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('emailChange.newEmail')}
            type="email"
            autoComplete="email"
            required
            value={address}
            error={message(problems.address)}
            onChange={(event) => edited(setAddress)(event.currentTarget.value)}
          />
          <PasswordInput
            label={t('emailChange.password')}
            autoComplete="current-password"
            required
            value={password}
            error={message(problems.password)}
            onChange={(event) => edited(setPassword)(event.currentTarget.value)}
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
            {t('emailChange.submit')}
          </Button>
        </Stack>
      </form>
    </MyPageSection>
  );
}
