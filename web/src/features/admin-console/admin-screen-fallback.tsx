import { Navigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { findScreen } from '../../ui-kit/shell/console-screens.ts';
import { NotBuiltPage } from '../../ui-kit/shell/not-built-page.tsx';
import { adminScreens } from './admin-screens.ts';
import { adminRoot } from './admin-shell.tsx';

/** /admin/* without a route of its own: a SPEC §2 screen not built yet, or an unknown path (→ /404). */
export function AdminScreenFallback({ splat }: { splat: string }) {
  const { t } = useTranslation('admin');
  const screen = findScreen(adminScreens, splat);
  if (screen === undefined) return <Navigate to="/404" replace />;
  return <NotBuiltPage name={t(`screens.${screen.key}`)} path={`${adminRoot}/${splat}`} />;
}
