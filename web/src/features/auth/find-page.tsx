import { Alert, Button, PasswordInput, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { showSuccessToast } from '../../ui-kit/toasts.ts';
import { AuthCard } from './auth-card.tsx';

const codeLength = 6;

/** Step 1: the account (user id or email) to mail a reset code to. */
function RequestCodeForm({ onRequested }: { onRequested: (userId: string) => void }) {
  const { t } = useTranslation('auth');
  const [userId, setUserId] = useState('');
  const request = useMutation({
    mutationFn: (identifier: string) => api.post('member/find', { json: { user_id: identifier } }),
    onSuccess: (_answer, identifier) => onRequested(identifier),
  });
  return (
    <form
      aria-label={t('find.requestFormLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        request.mutate(userId.trim());
      }}
    >
      <Stack gap="md">
        <Text size="sm">{t('find.requestInstructions')}</Text>
        <TextInput
          label={t('find.userId')}
          autoComplete="username"
          required
          value={userId}
          onChange={(event) => setUserId(event.currentTarget.value)}
        />
        <FailureAlert error={request.error} />
        <Button type="submit" loading={request.isPending} disabled={userId.trim() === ''}>
          {t('find.sendCode')}
        </Button>
      </Stack>
    </form>
  );
}

/** Step 2: the mailed code (valid 5 minutes) and the new password, typed twice. */
function ResetPasswordForm({ userId }: { userId: string }) {
  const { t } = useTranslation('auth');
  const router = useRouter();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [isMismatch, setMismatch] = useState(false);
  const reset = useMutation({
    mutationFn: () =>
      api.post('member/find/reset', { json: { user_id: userId, code, new_password: password } }),
    onSuccess: () => {
      showSuccessToast(t('find.done'));
      void router.navigate({ to: '/login' });
    },
  });
  return (
    <form
      aria-label={t('find.resetFormLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        setMismatch(password !== confirmation);
        if (password === confirmation) reset.mutate();
      }}
    >
      <Stack gap="md">
        <Alert color="blue">{t('find.codeSent')}</Alert>
        <PinInput
          length={codeLength}
          type="number"
          oneTimeCode
          ariaLabel={t('find.code')}
          value={code}
          onChange={setCode}
        />
        <PasswordInput
          label={t('find.newPassword')}
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <PasswordInput
          label={t('find.confirmPassword')}
          autoComplete="new-password"
          required
          value={confirmation}
          error={isMismatch ? t('register.errors.mismatch') : undefined}
          onChange={(event) => setConfirmation(event.currentTarget.value)}
        />
        <FailureAlert error={reset.error} />
        <Button
          type="submit"
          loading={reset.isPending}
          disabled={code.length < codeLength || password === ''}
        >
          {t('find.reset')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * /find: account recovery (SPEC §2). The user names the account; a reset code is mailed (the answer
 * never says whether the account exists); the code, entered within 5 minutes, sets a new password.
 */
export function FindPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('find.title'));
  const [userId, setUserId] = useState<string | undefined>(undefined);
  return (
    <AuthCard title={t('find.title')} current="find">
      {userId === undefined ? (
        <RequestCodeForm onRequested={setUserId} />
      ) : (
        <ResetPasswordForm userId={userId} />
      )}
    </AuthCard>
  );
}
