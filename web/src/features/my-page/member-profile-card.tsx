import { Badge, DataList, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../../ui-kit/date-time/date-time-text.tsx';
import type { MemberInfo } from '../auth/member-info.ts';
import { MyPageSection } from './my-page-section.tsx';

/** SPEC §2 my page: member information, UID, join date and the most recent login. */
export function MemberProfileCard({ member }: { member: MemberInfo }) {
  const { t } = useTranslation('my-page');
  const none = t('profile.none');
  return (
    <MyPageSection title={t('profile.title')}>
      <DataList labelWidth={140}>
        <DataList.Item>
          <DataList.ItemLabel>{t('profile.uid')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Text component="span" ff="monospace" size="sm">
              {member.uid}
            </Text>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('profile.userId')}</DataList.ItemLabel>
          <DataList.ItemValue>{member.user_id ?? none}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('profile.userName')}</DataList.ItemLabel>
          <DataList.ItemValue>{member.user_name ?? none}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('profile.email')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Group gap="xs">
              <span>{member.email_address ?? none}</span>
              <Badge size="sm" variant="light" color={member.is_email_verified ? 'teal' : 'orange'}>
                {member.is_email_verified ? t('profile.verified') : t('profile.unverified')}
              </Badge>
            </Group>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('profile.joined')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <DateTimeText value={member.regdate} size="sm" />
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('profile.lastLogin')}</DataList.ItemLabel>
          <DataList.ItemValue>
            {member.last_login === null ? (
              t('profile.neverLoggedIn')
            ) : (
              <DateTimeText value={member.last_login} size="sm" />
            )}
          </DataList.ItemValue>
        </DataList.Item>
        {member.inviter_user_id === null ? undefined : (
          <DataList.Item>
            <DataList.ItemLabel>{t('profile.inviter')}</DataList.ItemLabel>
            <DataList.ItemValue>{member.inviter_user_id}</DataList.ItemValue>
          </DataList.Item>
        )}
      </DataList>
    </MyPageSection>
  );
}
