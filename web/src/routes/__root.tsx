import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { RedirectToNotFound } from '../features/status-pages/redirect-to-not-found.tsx';
import type { RouterContext } from '../router.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: RedirectToNotFound,
});
