import { Button, PasswordInput, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginCredentials } from '../../lib/session/session.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';

const otpLength = 6;

type OtpStepProps = {
  code: string;
  onCodeChange: (code: string) => void;
  onSubmit: (code: string) => void;
  onBack: () => void;
  isPending: boolean;
  error: ReactNode;
};

/** The one-time-password step: six digits, sent as soon as the last one is typed. */
function OtpStep({ code, onCodeChange, onSubmit, onBack, isPending, error }: OtpStepProps) {
  const { t } = useTranslation('auth');
  return (
    <form
      aria-label={t('otp.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(code);
      }}
    >
      <Stack gap="md">
        <Text>{t('otp.instructions')}</Text>
        <PinInput
          length={otpLength}
          type="number"
          oneTimeCode
          autoFocus
          ariaLabel={t('otp.code')}
          value={code}
          onChange={onCodeChange}
          onComplete={onSubmit}
        />
        {error}
        <Button type="submit" loading={isPending} disabled={code.length < otpLength}>
          {t('otp.verify')}
        </Button>
        <Button variant="subtle" onClick={onBack}>
          {t('otp.back')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * Login (SPEC §4): user id and password; when the server answers otp_token_required, the
 * one-time-password step follows and the same credentials are sent again with the code.
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useTranslation('auth');
  const session = useSession();
  const [step, setStep] = useState<'credentials' | 'otp'>('credentials');
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const [otpToken, setOtpToken] = useState('');
  const login = useMutation({
    mutationFn: (credentials: LoginCredentials) => session.login(credentials),
    onSuccess: (outcome) => (outcome === 'otp_required' ? setStep('otp') : onLoggedIn()),
  });
  const send = (code?: string) => {
    if (login.isPending) return;
    const credentials = { user_id: userId.trim(), password };
    login.mutate(code === undefined ? credentials : { ...credentials, otp_token: code });
  };
  const error = <FailureAlert error={login.error} />;
  if (step === 'otp') {
    const back = () => {
      login.reset();
      setOtpToken('');
      setStep('credentials');
    };
    return (
      <OtpStep
        code={otpToken}
        onCodeChange={setOtpToken}
        onSubmit={send}
        onBack={back}
        isPending={login.isPending}
        error={error}
      />
    );
  }
  return (
    <form
      aria-label={t('login.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Stack gap="md">
        <TextInput
          label={t('login.userId')}
          autoComplete="username"
          required
          value={userId}
          onChange={(event) => setUserId(event.currentTarget.value)}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        {error}
        <Button type="submit" loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
