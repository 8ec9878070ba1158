import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timing } from '../../lib/timing.ts';
import { PageTimeout } from './page-timeout.tsx';

/**
 * The pending screen of a lazy route. The router shows it after `lazyLoadingDelayMs`; if the screen
 * is still loading `lazyTimeoutMs` after navigation began, it turns into the page-timeout screen.
 */
export function LoadingScreen() {
  const { t } = useTranslation();
  const [isTimedOut, setIsTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(
      () => setIsTimedOut(true),
      timing.lazyTimeoutMs - timing.lazyLoadingDelayMs,
    );
    return () => clearTimeout(timer);
  }, []);
  if (isTimedOut) return <PageTimeout />;
  return (
    <Center mih="60vh">
      <Stack align="center" gap="xs" aria-busy="true">
        <Loader />
        <Text c="dimmed">{t('loading.message')}</Text>
      </Stack>
    </Center>
  );
}
