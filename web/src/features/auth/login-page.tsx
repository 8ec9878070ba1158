import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AuthCard } from './auth-card.tsx';
import { LoginForm } from './login-form.tsx';
import { homePath } from './redirect-target.ts';

/** /login: after logging in the user goes home (a logged-in visitor is sent there at once). */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const router = useRouter();
  useDocumentTitle(t('login.title'));
  return (
    <AuthCard title={t('login.title')} current="login">
      <LoginForm onLoggedIn={() => void router.navigate({ href: homePath })} />
    </AuthCard>
  );
}
