import { Anchor, DataList, SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import {
  type AdminMember,
  allMemberGroupsQuery,
  memberDetailQuery,
} from '../../lib/queries/admin-member-queries.ts';
import { memberViewHref } from '../../ui-kit/admin/admin-links.ts';
import { DateTimeText } from '../../ui-kit/date-time/date-time-text.tsx';
import {
  CodeText,
  DataItem,
  OptionalDateTime,
  VerifiedEmail,
} from '../../ui-kit/detail/data-items.tsx';
import { MemberAdministration } from './member-administration.tsx';

function ProfileList({ member }: { member: AdminMember }) {
  const { t } = useTranslation('admin-members');
  const locale = useAtomValue(localeAtom);
  const groups = useQuery(allMemberGroupsQuery());
  const none = t('detail.none');
  const groupNames = member.group_seqs.map(
    (groupSeq) =>
      groups.data?.find((group) => group.group_seq === groupSeq)?.name ??
      t('detail.numbered', { seq: groupSeq }),
  );
  const list = new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' });
  const flag = (value: boolean) => (value ? t('filters.yes') : t('filters.no'));
  return (
    <DataList labelWidth={180}>
      <DataItem label={t('members.columns.seq')}>{member.seq}</DataItem>
      <DataItem label={t('members.columns.uid')}>
        <CodeText>{member.uid}</CodeText>
      </DataItem>
      <DataItem label={t('members.columns.userId')}>
        {member.user_id ?? t('members.erased')}
      </DataItem>
      <DataItem label={t('members.columns.userName')}>{member.user_name ?? none}</DataItem>
      <DataItem label={t('members.columns.email')}>
        <VerifiedEmail
          address={member.email_address}
          isVerified={member.is_email_verified}
          none={none}
          verifiedLabel={t('detail.emailVerified')}
          unverifiedLabel={t('detail.emailUnverified')}
        />
      </DataItem>
      <DataItem label={t('members.columns.joined')}>
        <DateTimeText value={member.regdate} size="sm" />
      </DataItem>
      <DataItem label={t('members.columns.lastLogin')}>
        <OptionalDateTime value={member.last_login} emptyText={t('members.never')} />
      </DataItem>
      {member.deleted_date === null ? undefined : (
        <DataItem label={t('detail.withdrawnAt')}>
          <DateTimeText value={member.deleted_date} size="sm" />
        </DataItem>
      )}
      <DataItem label={t('detail.inviter')}>
        {member.inviter_seq === null ? (
          none
        ) : (
          <Anchor component={Link} to={memberViewHref(member.inviter_seq)} size="sm">
            {member.inviter_user_id ?? t('detail.numbered', { seq: member.inviter_seq })}
          </Anchor>
        )}
      </DataItem>
      <DataItem label={t('detail.otpCount')}>{member.otp_count}</DataItem>
      <DataItem label={t('members.columns.securityLevel')}>{member.security_level}</DataItem>
      <DataItem label={t('detail.securityLevelLocked')}>
        {flag(member.is_security_level_locked)}
      </DataItem>
      <DataItem label={t('detail.statisticsExcluded')}>
        {flag(member.use_statistics_exclude)}
      </DataItem>
      <DataItem label={t('detail.groups')}>
        {groupNames.length === 0 ? none : list.format(groupNames)}
      </DataItem>
    </DataList>
  );
}

/** SPEC §2 member/{seq}/view: the member's account data and the administrator's actions on it. */
export function MemberProfileTab({ seq }: { seq: number }) {
  const member = useQuery(memberDetailQuery(seq));
  if (member.data === undefined) return null;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <ProfileList member={member.data} />
      <MemberAdministration member={member.data} />
    </SimpleGrid>
  );
}
