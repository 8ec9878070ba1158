import { type AnyRouter, useRouter } from '@tanstack/react-router';
import { type ConsoleScreen, samplePath } from './console-screens.ts';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * A screen's placeholder route (it says the screen is not built yet): needed where the path
     * would otherwise match a sibling's parameter (account/update-balance-bulk, account/$seq).
     */
    screenNotBuilt?: boolean;
  }
}

/**
 * Whether a screen has its own route yet. Screens without one are served by the console's
 * catch-all route (`$`), or a placeholder route marked `screenNotBuilt`, which say so on the page;
 * a later issue adds the route and this turns true. The router's route files are the only source:
 * there is no list to keep up to date.
 */
export function isScreenBuilt(
  router: Pick<AnyRouter, 'getMatchedRoutes'>,
  root: string,
  screen: ConsoleScreen,
): boolean {
  const path = `${root}/${samplePath(screen)}`.replace(/\/$/, '') || '/';
  const [, , found] = router.getMatchedRoutes(path);
  return (
    found !== undefined &&
    !found.id.endsWith('/$') &&
    found.options.staticData?.screenNotBuilt !== true
  );
}

export function useIsScreenBuilt(): (root: string, screen: ConsoleScreen) => boolean {
  const router = useRouter();
  return (root, screen) => isScreenBuilt(router, root, screen);
}
