import { Anchor, AppShell, Burger, Group, ScrollArea } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useAtom } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleSwitcher } from './locale-switcher.tsx';
import { navbarOpenedAtom } from './navbar-atom.ts';
import { UserMenu } from './user-menu.tsx';

export type ConsoleShellProps = {
  /** The console's name, linking to its index. */
  brand: ReactNode;
  /** The menu (every screen of the console). */
  navigation: ReactNode;
  /** Extra header controls, e.g. the brokerage picker. */
  headerExtra?: ReactNode;
  children: ReactNode;
};

/** The frame of the admin and brokerage consoles: header, screen menu, content. */
export function ConsoleShell({ brand, navigation, headerExtra, children }: ConsoleShellProps) {
  const { t } = useTranslation();
  const [isOpened, setOpened] = useAtom(navbarOpenedAtom);
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !isOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={isOpened}
              onClick={() => setOpened(!isOpened)}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('nav.toggleMenu')}
            />
            <Anchor component={Link} to="/home" fw={700} underline="never" c="inherit">
              {t('app.title')}
            </Anchor>
            {brand}
          </Group>
          <Group gap="sm" wrap="nowrap">
            {headerExtra}
            <LocaleSwitcher />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('nav.menu')}>
        <AppShell.Section grow component={ScrollArea}>
          {navigation}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
