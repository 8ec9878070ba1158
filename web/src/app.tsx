import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { createAppQueryClient, createAppRouter } from './router.tsx';
import { theme } from './theme.ts';

/** Toasts: 5000 ms, top-center (SPEC §9). */
const toastAutoCloseMs = 5_000;

export function App() {
  const [queryClient] = useState(createAppQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <Notifications position="top-center" autoClose={toastAutoCloseMs} />
      <ModalsProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>
  );
}
