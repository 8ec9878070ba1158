import { Anchor, Group, Stack, Tabs, Title } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export type DetailTab = { value: string; label: string; href: string };

export type DetailLayoutProps = {
  title: string;
  /** The list this record was opened from. */
  backHref?: string | undefined;
  /** Each tab is its own route (member/{seq}/view, /account, ...), so a tab can be linked to. */
  tabs: DetailTab[];
  activeTab: string;
  actions?: ReactNode;
  children: ReactNode;
};

/** The frame of a detail screen: title, back link, actions and the record's tabs. */
export function DetailLayout({
  title,
  backHref,
  tabs,
  activeTab,
  actions,
  children,
}: DetailLayoutProps) {
  const { t } = useTranslation('kit');
  const router = useRouter();
  useDocumentTitle(title);
  const go = (href: string) => void router.navigate({ href });
  return (
    <Stack gap="md">
      {backHref === undefined ? undefined : (
        <Anchor
          href={backHref}
          size="sm"
          onClick={(event) => {
            event.preventDefault();
            go(backHref);
          }}
        >
          {t('detail.back')}
        </Anchor>
      )}
      <Group justify="space-between">
        <Title order={1}>{title}</Title>
        {actions}
      </Group>
      <Tabs
        value={activeTab}
        onChange={(value) => {
          const tab = tabs.find((candidate) => candidate.value === value);
          if (tab !== undefined) go(tab.href);
        }}
      >
        <Tabs.List aria-label={t('detail.tabsLabel')}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={activeTab} pt="md">
          {children}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
