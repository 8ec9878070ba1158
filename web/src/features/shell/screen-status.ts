import { type AnyRouter, useRouter } from '@tanstack/react-router';
import { type ConsoleScreen, samplePath } from './console-screens.ts';

/**
 * Whether a screen has its own route yet. Screens without one are served by the console's
 * catch-all route (`$`), which says so on the page; a later issue adds the route and this turns
 * true. The router's route files are the only source: there is no list to keep up to date.
 */
export function isScreenBuilt(
  router: Pick<AnyRouter, 'getMatchedRoutes'>,
  root: string,
  screen: ConsoleScreen,
): boolean {
  const path = `${root}/${samplePath(screen)}`.replace(/\/$/, '') || '/';
  const [, , found] = router.getMatchedRoutes(path);
  return found !== undefined && !found.id.endsWith('/$');
}

export function useIsScreenBuilt(): (root: string, screen: ConsoleScreen) => boolean {
  const router = useRouter();
  return (root, screen) => isScreenBuilt(router, root, screen);
}
