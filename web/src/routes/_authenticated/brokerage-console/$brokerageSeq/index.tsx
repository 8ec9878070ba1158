import { createFileRoute } from '@tanstack/react-router';
import { BrokerageIndexPage } from '../../../../features/brokerage/brokerage-index-page.tsx';

export const Route = createFileRoute('/_authenticated/brokerage-console/$brokerageSeq/')({
  component: function BrokerageIndexRoute() {
    return <BrokerageIndexPage brokerage={Route.useRouteContext().brokerage} />;
  },
});
