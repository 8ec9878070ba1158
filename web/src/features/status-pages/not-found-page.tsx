import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useHomePath } from '../../lib/session/member-access.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import type { MissingResource } from './missing-resource.ts';

/** The /404 screen (SPEC §2: "404 Not Found"), naming the missing resource when one is given. */
export function NotFoundPage({ resource }: { resource: MissingResource | undefined }) {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.pageName'));
  const homePath = useHomePath();
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed" ta="center">
          {resource === undefined
            ? t('notFound.description')
            : t('notFound.resourceMissing', { resource: t(`notFound.resources.${resource}`) })}
        </Text>
        <Button component={Link} to={homePath} variant="light">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}
