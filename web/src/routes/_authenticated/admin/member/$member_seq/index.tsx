import { createFileRoute, redirect } from '@tanstack/react-router';

/** The bare member path opens its first tab, the view. */
export const Route = createFileRoute('/_authenticated/admin/member/$member_seq/')({
  beforeLoad: ({ params }) => {
    throw redirect({
      to: '/admin/member/$member_seq/view',
      params: { member_seq: params.member_seq },
      replace: true,
    });
  },
});
