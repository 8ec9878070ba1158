import { Center, Loader, Stack, Text } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session/use-session.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { homePath, safeRedirectPath } from './redirect-target.ts';

/** The pathless layout route that guards every protected screen. */
const protectedLayoutId = '/_authenticated';

/**
 * /logout: logs out, then goes to login-me (to come back after a new login) if the page left was
 * protected, else home (SPEC §2).
 */
export function LogoutPage({ from }: { from: string | undefined }) {
  const { t } = useTranslation('auth');
  const router = useRouter();
  const session = useSession();
  useDocumentTitle(t('logout.title'));
  useEffect(() => {
    let isCurrent = true;
    void session.logout().then(() => {
      if (!isCurrent) return;
      const pageLeft = safeRedirectPath(from);
      const [matched] =
        pageLeft === undefined
          ? [[]]
          : router.getMatchedRoutes(new URL(pageLeft, 'http://x').pathname);
      const wasProtected = matched.some((route) => route.id === protectedLayoutId);
      if (wasProtected && pageLeft !== undefined) {
        void router.navigate({
          to: '/login-me',
          search: { redirectFrom: pageLeft },
          replace: true,
        });
      } else {
        void router.navigate({ href: homePath, replace: true });
      }
    });
    return () => {
      isCurrent = false;
    };
  }, [session, router, from]);
  return (
    <Center mih="60vh">
      <Stack align="center" gap="xs" aria-busy="true">
        <Loader aria-label={t('logout.inProgress')} />
        <Text c="dimmed">{t('logout.inProgress')}</Text>
      </Stack>
    </Center>
  );
}
