import { QueryClientProvider } from '@tanstack/react-query';
import { type RouterHistory, RouterProvider } from '@tanstack/react-router';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { useEffect, useState } from 'react';
import { accessTokenCookie } from './lib/access-token.ts';
import { api } from './lib/api-client.ts';
import { createSession } from './lib/session/session.ts';
import { type AppRouter, createAppQueryClient, createAppRouter } from './router.tsx';
import { UiProviders } from './ui-providers.tsx';

export type AppProps = { history?: RouterHistory };

function createServices(history: RouterHistory | undefined) {
  const queryClient = createAppQueryClient();
  const store = createStore();
  const session = createSession({ api, tokens: accessTokenCookie, queryClient, store });
  const router = createAppRouter({ queryClient, session, store }, history);
  return { queryClient, store, session, router };
}

/** Re-runs the current route's guards when the session ends, so a protected screen is left. */
function useSessionEndedNavigation(router: AppRouter) {
  useEffect(
    () =>
      api.subscribe({
        onSessionEnded: () => {
          if (router.state.status === 'idle') void router.invalidate();
        },
      }),
    [router],
  );
}

export function App({ history }: AppProps) {
  const [services] = useState(() => createServices(history));
  useSessionEndedNavigation(services.router);
  useEffect(() => services.session.start(), [services.session]);
  return (
    <JotaiProvider store={services.store}>
      <UiProviders>
        <QueryClientProvider client={services.queryClient}>
          <RouterProvider router={services.router} />
        </QueryClientProvider>
      </UiProviders>
    </JotaiProvider>
  );
}
