import { createFileRoute, redirect } from '@tanstack/react-router';

/** The bare account path opens its first tab, the view. */
export const Route = createFileRoute('/_authenticated/admin/account/$account_seq/')({
  beforeLoad: ({ params }) => {
    throw redirect({
      to: '/admin/account/$account_seq/view',
      params: { account_seq: params.account_seq },
      replace: true,
    });
  },
});
