import { Group, Text } from '@mantine/core';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiFailure } from '../../lib/api-failure.ts';
import { memberDetailQuery } from '../../lib/queries/admin-member-queries.ts';
import { DetailLayout } from '../../ui-kit/detail/detail-layout.tsx';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { MemberStatusBadges } from './member-status.tsx';

/** The member view's tabs (SPEC §2 member/{seq}/view, /account, /loginlog, /oauth2-client, ...). */
export const memberTabs = [
  'view',
  'account',
  'loginlog',
  'oauth2-client',
  'invite-relation',
] as const;
export type MemberTab = (typeof memberTabs)[number];

/** Each tab's screen name in the admin catalogue (its page title). */
const tabScreens = {
  view: 'memberView',
  account: 'memberAccount',
  loginlog: 'memberLoginlog',
  'oauth2-client': 'memberOauth2Client',
  'invite-relation': 'memberInviteRelation',
} as const;

const tabLabels = {
  view: 'detail.tabs.view',
  account: 'detail.tabs.account',
  loginlog: 'detail.tabs.loginlog',
  'oauth2-client': 'detail.tabs.oauth2Client',
  'invite-relation': 'detail.tabs.inviteRelation',
} as const;

/** A member seq from the path, or undefined when it is not one. */
export function parseMemberSeq(value: string): number | undefined {
  if (!/^\d{1,15}$/.test(value)) return undefined;
  const seq = Number(value);
  return seq >= 1 && Number.isSafeInteger(seq) ? seq : undefined;
}

/**
 * The member view's loader: the member is read before the view opens; a path that names no
 * member (not a number, or no such member) goes to /404 naming the member. Other failures are
 * left to the screen, which shows them.
 */
export async function loadMemberOrNotFound(queryClient: QueryClient, value: string): Promise<void> {
  const notFound = () => redirect({ to: '/404', search: { resource: 'member' }, replace: true });
  const seq = parseMemberSeq(value);
  if (seq === undefined) throw notFound();
  try {
    await queryClient.ensureQueryData(memberDetailQuery(seq));
  } catch (error) {
    if (toApiFailure(error).code === 'member_not_found') throw notFound();
  }
}

/** The tab a member-view path names (its last segment). */
export function memberTabOf(pathname: string): MemberTab {
  const last = pathname.replace(/\/+$/, '').split('/').at(-1);
  return (memberTabs as readonly string[]).includes(last ?? '') ? (last as MemberTab) : 'view';
}

/**
 * The frame of the member view: the member's id, UID and standing, the back link to member/list
 * and one tab per SPEC §2 detail screen (each its own route).
 */
export function MemberDetailFrame(props: { seq: string; tab: MemberTab; children: ReactNode }) {
  const { t } = useTranslation('admin-members');
  const { t: tAdmin } = useTranslation('admin');
  const seq = parseMemberSeq(props.seq) ?? 0;
  const member = useQuery(memberDetailQuery(seq));
  const tabs = memberTabs.map((tab) => ({
    value: tab,
    label: t(tabLabels[tab]),
    href: `/admin/member/${seq}/${tab}`,
  }));
  const identity =
    member.data === undefined ? undefined : (
      <Group gap="sm">
        <Text fw={600}>
          {t('detail.identity', {
            userId: member.data.user_id ?? t('members.erased'),
            uid: member.data.uid,
          })}
        </Text>
        <MemberStatusBadges member={member.data} />
      </Group>
    );
  return (
    <DetailLayout
      title={tAdmin(`screens.${tabScreens[props.tab]}`)}
      backHref="/admin/member/list"
      tabs={tabs}
      activeTab={props.tab}
      actions={identity}
    >
      <FailureAlert error={member.error} />
      {props.children}
    </DetailLayout>
  );
}
