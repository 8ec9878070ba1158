import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePasswordMutation } from './my-page-api.ts';
import { needsOtpField } from './needs-otp.ts';
import {
  FormPasswordInput,
  type FormProblem,
  OtpGuardedForm,
  useOtpGuardedForm,
} from './otp-guarded-form.tsx';
import { useEndSession } from './use-end-session.ts';

/**
 * SPEC §2 password change: the current password, the new one twice (and a one-time password where
 * settings ask). The server then ends every session, so the member logs in again.
 */
export function PasswordChangeCard({ hasActiveOtp }: { hasActiveOtp: boolean }) {
  const { t } = useTranslation('my-page');
  const endSession = useEndSession();
  const form = useOtpGuardedForm();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const change = useMutation({
    ...changePasswordMutation(),
    onSuccess: () => endSession(t('password.done')),
  });
  const showOtp = needsOtpField(hasActiveOtp, change.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<string, FormProblem>> = {};
    if (current === '') found.current = 'required';
    if (next === '') found.next = 'required';
    else if (next === current) found.next = 'sameAsCurrent';
    if (confirmation !== next) found.confirmation = 'mismatch';
    if (!form.validate(found, showOtp)) return;
    change.mutate({
      fields: { current_password: current, new_password: next, ...form.otpToken(showOtp) },
      idempotencyKey: form.idempotencyKey(),
    });
  };
  return (
    <OtpGuardedForm
      form={form}
      showOtp={showOtp}
      title={t('password.title')}
      description={t('password.hint')}
      formLabel={t('password.formLabel')}
      submitLabel={t('password.submit')}
      error={change.error}
      isPending={change.isPending}
      onSubmit={submit}
    >
      <FormPasswordInput
        form={form}
        field="current"
        label={t('password.current')}
        value={current}
        onChange={setCurrent}
      />
      <FormPasswordInput
        form={form}
        field="next"
        label={t('password.new')}
        value={next}
        onChange={setNext}
        isNew
      />
      <FormPasswordInput
        form={form}
        field="confirmation"
        label={t('password.confirm')}
        value={confirmation}
        onChange={setConfirmation}
        isNew
      />
    </OtpGuardedForm>
  );
}
