import { DataList } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MemberInfo } from '../../lib/session/member-info.ts';
import { DateTimeText } from '../../ui-kit/date-time/date-time-text.tsx';
import {
  CodeText,
  DataItem,
  OptionalDateTime,
  VerifiedEmail,
} from '../../ui-kit/detail/data-items.tsx';
import { MyPageSection } from '../../ui-kit/detail/my-page-section.tsx';

/** SPEC §2 my page: member information, UID, join date and the most recent login. */
export function MemberProfileCard({ member }: { member: MemberInfo }) {
  const { t } = useTranslation('my-page');
  const none = t('profile.none');
  return (
    <MyPageSection title={t('profile.title')}>
      <DataList labelWidth={140}>
        <DataItem label={t('profile.uid')}>
          <CodeText>{member.uid}</CodeText>
        </DataItem>
        <DataItem label={t('profile.userId')}>{member.user_id ?? none}</DataItem>
        <DataItem label={t('profile.userName')}>{member.user_name ?? none}</DataItem>
        <DataItem label={t('profile.email')}>
          <VerifiedEmail
            address={member.email_address}
            isVerified={member.is_email_verified}
            none={none}
            verifiedLabel={t('profile.verified')}
            unverifiedLabel={t('profile.unverified')}
          />
        </DataItem>
        <DataItem label={t('profile.joined')}>
          <DateTimeText value={member.regdate} size="sm" />
        </DataItem>
        <DataItem label={t('profile.lastLogin')}>
          <OptionalDateTime value={member.last_login} emptyText={t('profile.neverLoggedIn')} />
        </DataItem>
        {member.inviter_user_id === null ? undefined : (
          <DataItem label={t('profile.inviter')}>{member.inviter_user_id}</DataItem>
        )}
      </DataList>
    </MyPageSection>
  );
}
