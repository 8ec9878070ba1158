import { Button, Center, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown when a screen has not loaded within the timeout (SPEC §2 text). */
export function PageTimeout() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={480} role="alert">
        <Text ta="center">{t('pageTimeout.message')}</Text>
        <Button variant="light" onClick={() => window.location.reload()}>
          {t('pageTimeout.retry')}
        </Button>
      </Stack>
    </Center>
  );
}
