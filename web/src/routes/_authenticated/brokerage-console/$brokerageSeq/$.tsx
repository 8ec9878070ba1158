import { createFileRoute } from '@tanstack/react-router';
import { BrokerageScreenFallback } from '../../../../features/brokerage/brokerage-screen-fallback.tsx';

export const Route = createFileRoute('/_authenticated/brokerage-console/$brokerageSeq/$')({
  component: function BrokerageScreenRoute() {
    const { brokerageSeq, _splat } = Route.useParams();
    return <BrokerageScreenFallback brokerageSeq={brokerageSeq} splat={_splat ?? ''} />;
  },
});
