import { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { LoadingScreen } from './features/status-pages/loading-screen.tsx';
import { RedirectToNotFound } from './features/status-pages/redirect-to-not-found.tsx';
import { timing } from './lib/timing.ts';
import { routeTree } from './routeTree.gen.ts';

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // TanStack Query owns freshness; the router must not cache loader results on its own.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: timing.lazyLoadingDelayMs,
    defaultPendingComponent: LoadingScreen,
    defaultNotFoundComponent: RedirectToNotFound,
  });
}

export function createAppQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 10_000, retry: 1, refetchOnWindowFocus: true } },
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
