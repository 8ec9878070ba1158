import { Alert, Code, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** The page of a screen listed in SPEC §2 whose issue has not landed yet: it says so plainly. */
export function NotBuiltPage({ name, path }: { name: string; path: string }) {
  const { t } = useTranslation();
  useDocumentTitle(name);
  return (
    <Stack gap="md">
      <Title order={1}>{name}</Title>
      <Alert color="gray" title={t('notBuilt.title')}>
        <Stack gap="xs">
          {t('notBuilt.message')}
          <Code>{path}</Code>
        </Stack>
      </Alert>
    </Stack>
  );
}
