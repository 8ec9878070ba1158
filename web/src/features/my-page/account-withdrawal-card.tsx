import { Alert } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmWithPhrase } from '../../ui-kit/dialogs/verification-phrase-dialog.tsx';
import { withdrawMutation } from './my-page-api.ts';
import { needsOtpField } from './needs-otp.ts';
import {
  FormPasswordInput,
  type FormProblem,
  OtpGuardedForm,
  useOtpGuardedForm,
} from './otp-guarded-form.tsx';
import { useEndSession } from './use-end-session.ts';

/**
 * SPEC §2 account withdrawal: needs the password (and a one-time password where settings ask),
 * and, being irreversible, the typed verification phrase of SPEC §5. The account's personal data
 * is then erased and the member leaves for the home page.
 */
export function AccountWithdrawalCard({ hasActiveOtp }: { hasActiveOtp: boolean }) {
  const { t } = useTranslation('my-page');
  const endSession = useEndSession();
  const form = useOtpGuardedForm();
  const [password, setPassword] = useState('');
  const withdraw = useMutation({
    ...withdrawMutation(),
    onSuccess: () => endSession(t('withdrawal.done'), 'home'),
  });
  const showOtp = needsOtpField(hasActiveOtp, withdraw.error);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<string, FormProblem>> = {};
    if (password === '') found.password = 'required';
    if (!form.validate(found, showOtp) || withdraw.isPending) return;
    const isConfirmed = await confirmWithPhrase({
      title: t('withdrawal.confirmTitle'),
      description: t('withdrawal.confirmDescription'),
      confirmLabel: t('withdrawal.confirmLabel'),
    });
    if (!isConfirmed) return;
    withdraw.mutate({
      fields: { password, ...form.otpToken(showOtp) },
      idempotencyKey: form.idempotencyKey(),
    });
  };
  return (
    <OtpGuardedForm
      form={form}
      showOtp={showOtp}
      title={t('withdrawal.title')}
      formLabel={t('withdrawal.formLabel')}
      submitLabel={t('withdrawal.submit')}
      submitProps={{ color: 'red', variant: 'outline' }}
      error={withdraw.error}
      isPending={withdraw.isPending}
      onSubmit={(event) => void submit(event)}
    >
      <Alert color="red">{t('withdrawal.warning')}</Alert>
      <FormPasswordInput
        form={form}
        field="password"
        label={t('withdrawal.password')}
        value={password}
        onChange={setPassword}
      />
    </OtpGuardedForm>
  );
}
