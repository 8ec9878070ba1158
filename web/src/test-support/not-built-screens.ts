import { createRouter } from '@tanstack/react-router';
import { adminScreens } from '../features/admin-console/admin-screens.ts';
import { brokerageScreens } from '../features/brokerage/brokerage-screens.ts';
import type { RouterContext } from '../router.tsx';
import { routeTree } from '../routeTree.gen.ts';
import { type ConsoleScreen, hasPathParameters } from '../ui-kit/shell/console-screens.ts';
import { isScreenBuilt } from '../ui-kit/shell/screen-status.ts';

/**
 * The console screens that have no route file yet, asked of the app's own route tree (what the
 * catch-all route serves as "not built yet"). Tests that need such a screen pick one from here, so
 * building a screen never breaks them; when every screen is built they skip, saying so.
 */
export function notBuiltScreens<Screen extends ConsoleScreen>(
  root: string,
  screens: readonly Screen[],
): Screen[] {
  // Only asked which route matches a path: nothing loads, so no context is read.
  const router = createRouter({ routeTree, context: {} as RouterContext });
  return screens.filter((screen) => !isScreenBuilt(router, root, screen));
}

/** A not-built admin screen the menu can open (no path parameter), if any is left. */
export function notBuiltAdminListScreen() {
  return notBuiltScreens('/admin', adminScreens).find((screen) => !hasPathParameters(screen));
}

/** A not-built admin detail screen (opened with an id from its list), if any is left. */
export function notBuiltAdminDetailScreen() {
  return notBuiltScreens('/admin', adminScreens).find(hasPathParameters);
}

/** A not-built brokerage console screen the menu can open, under brokerage `seq`, if any is left. */
export function notBuiltBrokerageListScreen(seq: number) {
  return notBuiltScreens(`/brokerage-console/${seq}`, brokerageScreens).find(
    (screen) => !hasPathParameters(screen),
  );
}

/** Why a test that needs a not-built screen did not run (printed, then the test skips). */
export const everyScreenBuilt =
  'skipped: every screen of this kind is built, so there is no "not built yet" page to show';
