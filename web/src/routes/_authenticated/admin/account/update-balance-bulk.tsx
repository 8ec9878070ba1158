import { createFileRoute } from '@tanstack/react-router';
import { AdminScreenFallback } from '../../../../features/admin-console/admin-screen-fallback.tsx';

// SPEC §2's account/update-balance-bulk, not built yet. Without this route the path would match
// account/$account_seq (an account named "update-balance-bulk": not found); with it, the screen
// says it is not built yet, as the catch-all does for the others, and the menu marks it so.
export const Route = createFileRoute('/_authenticated/admin/account/update-balance-bulk')({
  staticData: { screenNotBuilt: true },
  component: function AccountUpdateBalanceBulkRoute() {
    return <AdminScreenFallback splat="account/update-balance-bulk" />;
  },
});
