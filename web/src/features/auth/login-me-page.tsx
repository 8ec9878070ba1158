import { Alert } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AuthCard } from './auth-card.tsx';
import { LoginForm } from './login-form.tsx';
import { type LoginMeSearch, landingPath, safeRedirectPath } from './redirect-target.ts';

/**
 * /login-me: the login a protected screen sends its visitor to (SPEC §2). After logging in the
 * user returns to `redirectFrom`, or to the console `dashboard_type` names.
 */
export function LoginMePage({ search }: { search: LoginMeSearch }) {
  const { t } = useTranslation('auth');
  const router = useRouter();
  useDocumentTitle(t('loginMe.title'));
  const target = safeRedirectPath(search.redirectFrom);
  return (
    <AuthCard title={t('loginMe.title')} current="login">
      {search.dashboard_type === 'brokerage' ? (
        <Alert color="yellow">{t('loginMe.brokerageRequired')}</Alert>
      ) : undefined}
      {target === undefined ? undefined : (
        <Alert color="blue">{t('loginMe.continueTo', { path: target })}</Alert>
      )}
      <LoginForm onLoggedIn={() => void router.navigate({ href: landingPath(search) })} />
    </AuthCard>
  );
}
