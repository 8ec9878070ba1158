import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timing } from '../../lib/timing.ts';
import { ChunkLoadFailure } from './chunk-load-failure.tsx';
import { PageTimeout } from './page-timeout.tsx';

type Stage = 'loading' | 'timedOut' | 'failed';

/**
 * The pending screen of a lazy route. The router shows it after `lazyLoadingDelayMs`; if the screen
 * is still loading `lazyTimeoutMs` after navigation began it becomes the page-timeout screen, and
 * after `chunkLoadTimeoutMs` the chunk counts as failed (SPEC §8) and the error screen shows.
 */
export function LoadingScreen() {
  const { t } = useTranslation();
  const [stage, setStage] = useState<Stage>('loading');
  useEffect(() => {
    const shownAt = timing.lazyLoadingDelayMs;
    const timers = [
      setTimeout(() => setStage('timedOut'), timing.lazyTimeoutMs - shownAt),
      setTimeout(() => setStage('failed'), timing.chunkLoadTimeoutMs - shownAt),
    ];
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);
  if (stage === 'failed') return <ChunkLoadFailure />;
  if (stage === 'timedOut') return <PageTimeout />;
  return (
    <Center mih="60vh">
      <Stack align="center" gap="xs" aria-busy="true">
        <Loader aria-label={t('loading.message')} />
        <Text c="dimmed">{t('loading.message')}</Text>
      </Stack>
    </Center>
  );
}
