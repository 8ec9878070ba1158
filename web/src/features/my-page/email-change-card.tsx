import { TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { changeEmailMutation } from './my-page-api.ts';
import { needsOtpField } from './needs-otp.ts';
import {
  FormPasswordInput,
  type FormProblem,
  OtpGuardedForm,
  useOtpGuardedForm,
} from './otp-guarded-form.tsx';

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
  const form = useOtpGuardedForm();
  const [address, setAddress] = useState('');
  const [password, setPassword] = useState('');
  const change = useMutation({
    ...changeEmailMutation(),
    onSuccess: (_answer, { fields }) => {
      form.reset();
      setPassword('');
      props.onCodeSent(fields.email_address);
    },
  });
  const showOtp = needsOtpField(props.hasActiveOtp, change.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<string, FormProblem>> = {};
    if (address.trim() === '') found.address = 'required';
    else if (!EmailSchema.safeParse(address.trim()).success) found.address = 'email';
    if (password === '') found.password = 'required';
    if (!form.validate(found, showOtp)) return;
    change.mutate({
      fields: { email_address: address.trim(), password, ...form.otpToken(showOtp) },
      idempotencyKey: form.idempotencyKey(),
    });
  };
  return (
    <OtpGuardedForm
      form={form}
      showOtp={showOtp}
      title={t('emailChange.title')}
      description={t('emailChange.hint')}
      formLabel={t('emailChange.formLabel')}
      submitLabel={t('emailChange.submit')}
      error={change.error}
      isPending={change.isPending}
      onSubmit={submit}
    >
      <TextInput
        label={t('emailChange.newEmail')}
        type="email"
        autoComplete="email"
        required
        value={address}
        error={form.message('address')}
        onChange={(event) => form.edited(setAddress)(event.currentTarget.value)}
      />
      <FormPasswordInput
        form={form}
        field="password"
        label={t('emailChange.password')}
        value={password}
        onChange={setPassword}
      />
    </OtpGuardedForm>
  );
}
