import { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { createStore } from 'jotai';
import { LoadingScreen } from './features/status-pages/loading-screen.tsx';
import { RedirectToNotFound } from './features/status-pages/redirect-to-not-found.tsx';
import { RouteErrorScreen } from './features/status-pages/route-error-screen.tsx';
import { queryRetryDelay, shouldRetryQuery } from './lib/query-retry.ts';
import type { Session } from './lib/session/session.ts';
import { timing } from './lib/timing.ts';
import { routeTree } from './routeTree.gen.ts';

export type RouterContext = {
  queryClient: QueryClient;
  session: Session;
  store: ReturnType<typeof createStore>;
};

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history === undefined ? {} : { history }),
    defaultPreload: 'intent',
    // TanStack Query owns freshness; the router must not cache loader results on its own.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: timing.lazyLoadingDelayMs,
    defaultPendingComponent: LoadingScreen,
    defaultErrorComponent: RouteErrorScreen,
    defaultNotFoundComponent: RedirectToNotFound,
    scrollRestoration: true,
  });
}

export function createAppQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        refetchOnWindowFocus: true,
      },
    },
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
