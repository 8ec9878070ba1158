import { createFileRoute, redirect } from '@tanstack/react-router';
import { homePathOf, memberAccessQueryOptions } from '../lib/session/member-access.ts';

// SPEC §2: the root path opens the admin index; a logged-in member who does not use the console
// goes to the member home instead.
export const Route = createFileRoute('/')({
  beforeLoad: async ({ context }) => {
    const member = await context.session.ensureMember();
    if (member === undefined) throw redirect({ to: '/admin', replace: true });
    const access = await context.queryClient
      .ensureQueryData(memberAccessQueryOptions())
      .catch(() => undefined);
    throw redirect({ to: homePathOf(member, access), replace: true });
  },
});
