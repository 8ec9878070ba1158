import { Navigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { findScreen } from '../../ui-kit/shell/console-screens.ts';
import { NotBuiltPage } from '../../ui-kit/shell/not-built-page.tsx';
import { brokerageRoot } from './brokerage-console-shell.tsx';
import { brokerageScreens } from './brokerage-screens.ts';

/** A brokerage console path without its own route: a screen not built yet, or unknown (→ /404). */
export function BrokerageScreenFallback({
  brokerageSeq,
  splat,
}: {
  brokerageSeq: string;
  splat: string;
}) {
  const { t } = useTranslation('brokerage');
  const screen = findScreen(brokerageScreens, splat);
  if (screen === undefined) return <Navigate to="/404" replace />;
  return (
    <NotBuiltPage
      name={t(`screens.${screen.key}`)}
      path={`${brokerageRoot(brokerageSeq)}/${splat}`}
    />
  );
}
