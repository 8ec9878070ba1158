import { NavLink, type NavLinkProps } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';

type RouterNavLinkProps = Omit<NavLinkProps, 'component' | 'href'> & { href: string };

/**
 * A Mantine NavLink that navigates inside the app. Menus are built from screen catalogs, so their
 * targets are runtime strings; a plain click navigates without a reload, a modified click (new tab)
 * is left to the browser.
 */
export function RouterNavLink({ href, ...props }: RouterNavLinkProps) {
  const router = useRouter();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return <NavLink component="a" href={href} onClick={onClick} {...props} />;
}
