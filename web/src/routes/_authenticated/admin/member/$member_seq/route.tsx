import { createFileRoute, Outlet, useLocation } from '@tanstack/react-router';
import {
  loadMemberOrNotFound,
  MemberDetailFrame,
  memberTabOf,
} from '../../../../../features/admin-members/member-detail-frame.tsx';

export const Route = createFileRoute('/_authenticated/admin/member/$member_seq')({
  loader: ({ context, params }) => loadMemberOrNotFound(context.queryClient, params.member_seq),
  component: function MemberDetailRoute() {
    const { member_seq } = Route.useParams();
    return (
      <MemberDetailFrame seq={member_seq} tab={memberTabOf(useLocation().pathname)}>
        <Outlet />
      </MemberDetailFrame>
    );
  },
});
