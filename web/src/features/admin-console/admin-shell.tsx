import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMayCallAny } from '../../lib/session/member-access.ts';
import { ConsoleNav } from '../../ui-kit/shell/console-nav.tsx';
import { groupScreens, hasPathParameters } from '../../ui-kit/shell/console-screens.ts';
import { ConsoleShell } from '../../ui-kit/shell/console-shell.tsx';
import { useIsScreenBuilt } from '../../ui-kit/shell/screen-status.ts';
import { type AdminScreen, adminScreens } from './admin-screens.ts';

export const adminRoot = '/admin';

export function adminHref(screen: AdminScreen): string {
  return screen.path === '' ? adminRoot : `${adminRoot}/${screen.path}`;
}

/**
 * The admin console frame; its menu lists every admin screen of SPEC §2 that the caller may read
 * (a role holder sees the screens its roles grant; screens not built yet are listed for all).
 */
export function AdminShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  const isBuilt = useIsScreenBuilt();
  const mayCall = useMayCallAny();
  const readable = adminScreens.filter(
    (screen) => screen.reads === undefined || mayCall({ method: 'GET', path: screen.reads }),
  );
  const groups = groupScreens(readable).map(({ group, screens }) => ({
    key: group,
    label: t(`groups.${group}`),
    items: screens.map((screen) => ({
      key: screen.key,
      label: t(`screens.${screen.key}`),
      href: adminHref(screen),
      isBuilt: isBuilt(adminRoot, screen),
      isDetail: hasPathParameters(screen),
    })),
  }));
  return (
    <ConsoleShell
      brand={
        <Anchor component={Link} to="/admin" size="sm" visibleFrom="sm">
          {t('title')}
        </Anchor>
      }
      navigation={<ConsoleNav groups={groups} />}
    >
      {children}
    </ConsoleShell>
  );
}
