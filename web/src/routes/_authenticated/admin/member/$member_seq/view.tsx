import { createFileRoute } from '@tanstack/react-router';
import { parseMemberSeq } from '../../../../../features/admin-members/member-detail-frame.tsx';
import { MemberProfileTab } from '../../../../../features/admin-members/member-profile-tab.tsx';

export const Route = createFileRoute('/_authenticated/admin/member/$member_seq/view')({
  component: function MemberViewRoute() {
    const seq = parseMemberSeq(Route.useParams().member_seq);
    return seq === undefined ? null : <MemberProfileTab seq={seq} />;
  },
});
