import { Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client.ts';
import { toApiFailure } from '../../lib/api-failure.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { useSubmissionKey } from '../../ui-kit/submission-key.ts';
import { showSuccessToast } from '../../ui-kit/toasts.ts';
import { AuthCard } from './auth-card.tsx';
import {
  type RegistrationConsent,
  type RegistrationField,
  type RegistrationValues,
  registrationConsents,
  registrationErrorKeys,
  registrationProblems,
  registrationRequest,
} from './register-form-model.ts';

const emptyValues: RegistrationValues = {
  user_id: '',
  user_name: '',
  email_address: '',
  password: '',
  password_confirm: '',
  recommender: '',
  consents: [],
};

/** The server's field errors (problem `errors`), by field. */
function serverFieldErrors(error: unknown): Partial<Record<string, string>> {
  const errors = toApiFailure(error).body.errors;
  if (!Array.isArray(errors)) return {};
  const byField: Partial<Record<string, string>> = {};
  for (const entry of errors as { path?: unknown; message?: unknown }[]) {
    if (typeof entry.path === 'string' && typeof entry.message === 'string')
      byField[entry.path] ??= entry.message;
  }
  return byField;
}

/** The required agreements (SPEC §3 settings: required consent). */
function ConsentChecks(props: {
  given: RegistrationConsent[];
  hasProblem: boolean;
  onChange: (given: RegistrationConsent[]) => void;
}) {
  const { t } = useTranslation('auth');
  // A controlled group: inside Checkbox.Group, Mantine derives each box's state from the group's
  // value, so the boxes carry values and the group owns the selection.
  return (
    <Checkbox.Group
      label={t('register.consentsLabel')}
      error={props.hasProblem ? t(registrationErrorKeys.consents) : undefined}
      value={props.given}
      onChange={(values) =>
        props.onChange(registrationConsents.filter((consent) => values.includes(consent)))
      }
      required
    >
      <Stack gap={6} mt={4}>
        {registrationConsents.map((consent) => (
          <Checkbox key={consent} value={consent} label={t(`register.consents.${consent}`)} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** POST /member with the form's Idempotency-Key; on success a toast and the login page. */
function useRegistration(submissionKey: ReturnType<typeof useSubmissionKey>) {
  const { t } = useTranslation('auth');
  const router = useRouter();
  return useMutation({
    mutationFn: (request: ReturnType<typeof registrationRequest>) =>
      api.post('member', { json: request, idempotencyKey: submissionKey.current() }),
    onSuccess: () => {
      submissionKey.renew();
      showSuccessToast(t('register.done'));
      void router.navigate({ to: '/login' });
    },
  });
}

/** /register: sign-up through POST /member (SPEC §7) with the required consents. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const submissionKey = useSubmissionKey();
  useDocumentTitle(t('register.title'));
  const [values, setValues] = useState(emptyValues);
  const [problems, setProblems] = useState<ReturnType<typeof registrationProblems>>({});
  const register = useRegistration(submissionKey);
  const fromServer = register.error === null ? {} : serverFieldErrors(register.error);
  const change = (next: Partial<RegistrationValues>) => {
    submissionKey.renew();
    setValues((previous) => ({ ...previous, ...next }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = registrationProblems(values);
    setProblems(found);
    if (Object.keys(found).length === 0) register.mutate(registrationRequest(values));
  };
  const field = (name: RegistrationField) => {
    const problem = problems[name];
    return {
      label: t(`register.fields.${name}`),
      error: problem === undefined ? fromServer[name] : t(registrationErrorKeys[problem]),
      value: values[name],
      onChange: (event: { currentTarget: { value: string } }) =>
        change({ [name]: event.currentTarget.value }),
    };
  };
  return (
    <AuthCard title={t('register.title')} current="register">
      <form onSubmit={submit} aria-label={t('register.formLabel')} noValidate>
        <Stack gap="sm">
          <TextInput {...field('user_id')} autoComplete="username" required />
          <TextInput {...field('user_name')} autoComplete="name" required />
          <TextInput {...field('email_address')} type="email" autoComplete="email" required />
          <PasswordInput {...field('password')} autoComplete="new-password" required />
          <PasswordInput {...field('password_confirm')} autoComplete="new-password" required />
          <TextInput {...field('recommender')} description={t('register.recommenderHint')} />
          <ConsentChecks
            given={values.consents}
            hasProblem={problems.consents !== undefined}
            onChange={(consents) => change({ consents })}
          />
          <FailureAlert error={register.error} />
          <Button type="submit" loading={register.isPending}>
            {t('register.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
