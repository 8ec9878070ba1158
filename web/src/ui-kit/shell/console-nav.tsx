import { Badge, NavLink } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RouterNavLink } from './router-nav-link.tsx';

export type ConsoleNavItem = {
  key: string;
  label: string;
  href: string;
  isBuilt: boolean;
  /** A detail screen needs an id from its list, so the menu names it without a link. */
  isDetail: boolean;
};

export type ConsoleNavGroup = { key: string; label: string; items: ConsoleNavItem[] };

/** The menu of a console: every screen, grouped; screens not built yet are marked, not hidden. */
export function ConsoleNav({ groups }: { groups: ConsoleNavGroup[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // Every group starts open, so every screen is in sight; a group can be folded away.
  return groups.map((group) => {
    return (
      <NavLink key={group.key} label={group.label} defaultOpened childrenOffset="sm">
        {group.items.map((item) => {
          const badge = item.isBuilt ? undefined : (
            <Badge size="xs" variant="light" color="gray">
              {t('nav.notBuiltBadge')}
            </Badge>
          );
          if (item.isDetail) {
            return (
              <NavLink
                key={item.key}
                label={item.label}
                description={t('nav.openedFromList')}
                rightSection={badge}
                disabled
              />
            );
          }
          return (
            <RouterNavLink
              key={item.key}
              href={item.href}
              label={item.label}
              rightSection={badge}
              active={samePath(item.href, pathname)}
            />
          );
        })}
      </NavLink>
    );
  });
}

function samePath(href: string, pathname: string): boolean {
  const trim = (path: string) => path.replace(/\/+$/, '');
  return trim(href) === trim(pathname);
}
