import { useRouter } from '@tanstack/react-router';
import { type ConsoleScreen, samplePath } from './console-screens.ts';

/**
 * Whether a screen has its own route yet. Screens without one are served by the console's
 * catch-all route, which says so on the page; a later issue adds the route and this turns true.
 */
export function useIsScreenBuilt(): (root: string, screen: ConsoleScreen) => boolean {
  const router = useRouter();
  return (root, screen) => {
    const path = `${root}/${samplePath(screen)}`.replace(/\/$/, '') || '/';
    const [, , found] = router.getMatchedRoutes(path);
    return found !== undefined && !found.id.endsWith('/$');
  };
}
