import { Navigate } from '@tanstack/react-router';

/** Every path no route matches goes to /404 (SPEC §2). */
export function RedirectToNotFound() {
  return <Navigate to="/404" replace />;
}
