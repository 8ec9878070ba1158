import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A screen's code could not be loaded (failed, or not loaded within 120 s: SPEC §8). */
export function ChunkLoadFailure() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={480} role="alert">
        <Title order={2}>{t('chunkLoadFailure.title')}</Title>
        <Text ta="center">{t('chunkLoadFailure.message')}</Text>
        <Button variant="light" onClick={() => window.location.reload()}>
          {t('chunkLoadFailure.reload')}
        </Button>
      </Stack>
    </Center>
  );
}
