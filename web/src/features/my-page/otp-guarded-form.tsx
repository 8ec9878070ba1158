import { Button, type ButtonProps, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MyPageSection } from '../../ui-kit/detail/my-page-section.tsx';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { isCompleteCode, OtpCodeField } from '../../ui-kit/otp/otp-code-field.tsx';
import { useSubmissionKey } from '../../ui-kit/submission-key.ts';

/** What a my-page form can say about a field before sending (`form.*` in my-page). */
export type FormProblem = 'required' | 'email' | 'mismatch' | 'sameAsCurrent' | 'otpIncomplete';

/**
 * The state every my-page command form shares: the submission's Idempotency-Key, the one-time
 * password (asked where settings ask, see needsOtpField) and the problems found before sending.
 */
export function useOtpGuardedForm() {
  const { t } = useTranslation('my-page');
  const submissionKey = useSubmissionKey();
  const [otpCode, setOtpCode] = useState('');
  const [problems, setProblems] = useState<Partial<Record<string, FormProblem>>>({});
  /** A setter that also renews the key: a changed form is a new submission. */
  const edited =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      submissionKey.renew();
      set(value);
    };
  return {
    otpCode,
    edited,
    setOtpCode: edited(setOtpCode),
    /** The key of this submission (the same on a retry of it). */
    idempotencyKey: () => submissionKey.current(),
    /** After a success: the next submission is a new one, and the code is used up. */
    reset: () => {
      submissionKey.renew();
      setOtpCode('');
    },
    /** Keeps the problems found (and an incomplete code where one is asked); true when none. */
    validate: (found: Partial<Record<string, FormProblem>>, showOtp: boolean) => {
      const all = { ...found };
      if (showOtp && !isCompleteCode(otpCode)) all.otp = 'otpIncomplete';
      setProblems(all);
      return Object.keys(all).length === 0;
    },
    /** The localized problem of a field, if any. */
    message: (field: string) => {
      const problem = problems[field];
      return problem === undefined ? undefined : t(`form.${problem}`);
    },
    /** The command's one-time password field, where one is asked. */
    otpToken: (showOtp: boolean) => (showOtp ? { otp_token: otpCode } : {}),
  };
}

export type OtpGuardedFormState = ReturnType<typeof useOtpGuardedForm>;

/**
 * A my-page command form: its own fields, then the one-time password where asked, the server's
 * refusal and the submit button, in the page's section frame.
 */
export function OtpGuardedForm(props: {
  form: OtpGuardedFormState;
  showOtp: boolean;
  title: string;
  description?: string | undefined;
  formLabel: string;
  submitLabel: string;
  submitProps?: ButtonProps;
  error: unknown;
  isPending: boolean;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const { form } = props;
  return (
    <MyPageSection title={props.title} description={props.description}>
      <form onSubmit={props.onSubmit} aria-label={props.formLabel} noValidate>
        <Stack gap="sm">
          {props.children}
          {props.showOtp ? (
            <OtpCodeField
              value={form.otpCode}
              onChange={form.setOtpCode}
              error={form.message('otp')}
            />
          ) : undefined}
          <FailureAlert error={props.error} />
          <Button type="submit" loading={props.isPending} {...props.submitProps}>
            {props.submitLabel}
          </Button>
        </Stack>
      </form>
    </MyPageSection>
  );
}

/** A password field of a my-page form: the current password, or a new one. */
export function FormPasswordInput(props: {
  form: OtpGuardedFormState;
  /** The field's name in the problems found. */
  field: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  isNew?: boolean;
}) {
  return (
    <PasswordInput
      label={props.label}
      autoComplete={props.isNew === true ? 'new-password' : 'current-password'}
      required
      value={props.value}
      error={props.form.message(props.field)}
      onChange={(event) => props.form.edited(props.onChange)(event.currentTarget.value)}
    />
  );
}
