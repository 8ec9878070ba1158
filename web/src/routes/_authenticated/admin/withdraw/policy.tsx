import { createFileRoute } from '@tanstack/react-router';
import { withdrawPoliciesQuery } from '../../../../features/admin-withdrawals/admin-withdraw-api.ts';
import { WithdrawPolicyPage } from '../../../../features/admin-withdrawals/withdraw-policy-page.tsx';

/** SPEC §2 admin withdraw/policy. */
export const Route = createFileRoute('/_authenticated/admin/withdraw/policy')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(withdrawPoliciesQuery());
  },
  component: WithdrawPolicyPage,
});
