import { createFileRoute, Outlet } from '@tanstack/react-router';
import { BrokerageConsoleShell } from '../../../../features/brokerage/brokerage-console-shell.tsx';
import { enterBrokerageConsole } from '../../../../features/brokerage/brokerage-entry.ts';

export const Route = createFileRoute('/_authenticated/brokerage-console/$brokerageSeq')({
  beforeLoad: async ({ context, params }) => ({
    brokerage: await enterBrokerageConsole(context, params.brokerageSeq),
  }),
  component: function BrokerageConsoleLayout() {
    return (
      <BrokerageConsoleShell brokerage={Route.useRouteContext().brokerage}>
        <Outlet />
      </BrokerageConsoleShell>
    );
  },
});
