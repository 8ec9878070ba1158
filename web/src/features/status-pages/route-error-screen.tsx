import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../ui-kit/failure-message.ts';
import { ChunkLoadFailure } from './chunk-load-failure.tsx';

// What Chromium, Firefox and Safari say when a dynamic import() fails.
const chunkLoadErrorPattern =
  /dynamically imported module|Importing a module script failed|Loading chunk .* failed/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && chunkLoadErrorPattern.test(error.message);
}

/** The error screen of every route: a failed code chunk, or a failure the screen did not handle. */
export function RouteErrorScreen({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const queryErrorBoundary = useQueryErrorResetBoundary();
  // The screen shows a friendly text; the console keeps the cause for whoever investigates.
  useEffect(() => console.error(error), [error]);
  if (isChunkLoadError(error)) return <ChunkLoadFailure />;
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={480} role="alert">
        <Title order={2}>{t('routeError.title')}</Title>
        <Text ta="center">{failureMessage(error)}</Text>
        <Button
          variant="light"
          onClick={() => {
            queryErrorBoundary.reset();
            void router.invalidate();
          }}
        >
          {t('routeError.retry')}
        </Button>
      </Stack>
    </Center>
  );
}
