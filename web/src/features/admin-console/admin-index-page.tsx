import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ScreenCatalog } from '../../ui-kit/shell/screen-catalog.tsx';
import { adminScreens } from './admin-screens.ts';
import { adminHref } from './admin-shell.tsx';

/** /admin: the console's start page, with the catalog of every admin screen and its state. */
export function AdminIndexPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('title'));
  const screens = adminScreens.map((screen) => ({
    key: screen.key,
    screen,
    name: t(`screens.${screen.key}`),
    group: t(`groups.${screen.group}`),
    href: adminHref(screen),
  }));
  return (
    <Stack gap="md">
      <Title order={1}>{t('title')}</Title>
      <Text>{t('index.intro')}</Text>
      <ScreenCatalog root="/admin" screens={screens} />
    </Stack>
  );
}
