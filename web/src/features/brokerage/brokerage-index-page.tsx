import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Brokerage } from '../../lib/session/brokerage-list.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ScreenCatalog } from '../../ui-kit/shell/screen-catalog.tsx';
import { brokerageHref, brokerageRoot } from './brokerage-console-shell.tsx';
import { brokerageScreens } from './brokerage-screens.ts';

/** /brokerage-console/{seq}: the console's start page, naming the selected brokerage. */
export function BrokerageIndexPage({ brokerage }: { brokerage: Brokerage }) {
  const { t } = useTranslation('brokerage');
  useDocumentTitle(t('title'));
  const screens = brokerageScreens.map((screen) => ({
    key: screen.key,
    screen,
    name: t(`screens.${screen.key}`),
    group: t(`groups.${screen.group}`),
    href: brokerageHref(String(brokerage.seq), screen),
  }));
  return (
    <Stack gap="md">
      <Title order={1}>{t('title')}</Title>
      <Text>{t('index.selected', { title: brokerage.title })}</Text>
      <ScreenCatalog root={brokerageRoot(String(brokerage.seq))} screens={screens} />
    </Stack>
  );
}
