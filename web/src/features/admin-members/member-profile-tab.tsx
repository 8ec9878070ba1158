import { Anchor, Badge, DataList, Group, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../../ui-kit/date-time/date-time-text.tsx';
import { localeAtom } from '../shell/locale-atom.ts';
import {
  type AdminMember,
  allMemberGroupsQuery,
  memberDetailQuery,
} from './admin-member-queries.ts';
import { MemberAdministration } from './member-administration.tsx';
import { memberViewHref } from './member-list-page.tsx';

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
      <DataList.Item>
        <DataList.ItemLabel>{t('members.columns.seq')}</DataList.ItemLabel>
        <DataList.ItemValue>{member.seq}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('members.columns.uid')}</DataList.ItemLabel>
        <DataList.ItemValue>
          <Text component="span" ff="monospace" size="sm">
            {member.uid}
          </Text>
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('members.columns.userId')}</DataList.ItemLabel>
        <DataList.ItemValue>{member.user_id ?? t('members.erased')}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('members.columns.userName')}</DataList.ItemLabel>
        <DataList.ItemValue>{member.user_name ?? none}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('members.columns.email')}</DataList.ItemLabel>
        <DataList.ItemValue>
          <Group gap="xs">
            <span>{member.email_address ?? none}</span>
            <Badge size="sm" variant="light" color={member.is_email_verified ? 'teal' : 'orange'}>
              {member.is_email_verified ? t('detail.emailVerified') : t('detail.emailUnverified')}
            </Badge>
          </Group>
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('members.columns.joined')}</DataList.ItemLabel>
        <DataList.ItemValue>
          <DateTimeText value={member.regdate} size="sm" />
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('members.columns.lastLogin')}</DataList.ItemLabel>
        <DataList.ItemValue>
          {member.last_login === null ? (
            t('members.never')
          ) : (
            <DateTimeText value={member.last_login} size="sm" />
          )}
        </DataList.ItemValue>
      </DataList.Item>
      {member.deleted_date === null ? undefined : (
        <DataList.Item>
          <DataList.ItemLabel>{t('detail.withdrawnAt')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <DateTimeText value={member.deleted_date} size="sm" />
          </DataList.ItemValue>
        </DataList.Item>
      )}
      <DataList.Item>
        <DataList.ItemLabel>{t('detail.inviter')}</DataList.ItemLabel>
        <DataList.ItemValue>
          {member.inviter_seq === null ? (
            none
          ) : (
            <Anchor component={Link} to={memberViewHref(member.inviter_seq)} size="sm">
              {member.inviter_user_id ?? t('detail.numbered', { seq: member.inviter_seq })}
            </Anchor>
          )}
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('detail.otpCount')}</DataList.ItemLabel>
        <DataList.ItemValue>{member.otp_count}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('members.columns.securityLevel')}</DataList.ItemLabel>
        <DataList.ItemValue>{member.security_level}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('detail.securityLevelLocked')}</DataList.ItemLabel>
        <DataList.ItemValue>{flag(member.is_security_level_locked)}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('detail.statisticsExcluded')}</DataList.ItemLabel>
        <DataList.ItemValue>{flag(member.use_statistics_exclude)}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('detail.groups')}</DataList.ItemLabel>
        <DataList.ItemValue>
          {groupNames.length === 0 ? none : list.format(groupNames)}
        </DataList.ItemValue>
      </DataList.Item>
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
