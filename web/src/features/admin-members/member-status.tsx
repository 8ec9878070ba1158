import type { MemberInfo } from '@ledger/contracts';
import { Badge, Group } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

export type MemberStatus = 'withdrawn' | 'denied' | 'active';

/** A member's standing: withdrawn (is_alive false) before denied before active. */
export function memberStatus(member: Pick<MemberInfo, 'is_alive' | 'is_denied'>): MemberStatus {
  if (!member.is_alive) return 'withdrawn';
  return member.is_denied ? 'denied' : 'active';
}

const statusColors = { withdrawn: 'gray', denied: 'red', active: 'teal' } as const;

/** The standing as text (also what the export writes), with the administrator flag. */
export function memberStatusText(
  member: Pick<MemberInfo, 'is_alive' | 'is_denied' | 'is_admin'>,
  t: TFunction<'admin-members'>,
): string {
  const status = t(`status.${memberStatus(member)}`);
  return member.is_admin ? t('status.withAdministrator', { status }) : status;
}

export function MemberStatusBadges({
  member,
}: {
  member: Pick<MemberInfo, 'is_alive' | 'is_denied' | 'is_admin'>;
}) {
  const { t } = useTranslation('admin-members');
  const status = memberStatus(member);
  return (
    <Group gap={4} wrap="nowrap">
      <Badge size="sm" variant="light" color={statusColors[status]} miw="max-content">
        {t(`status.${status}`)}
      </Badge>
      {member.is_admin ? (
        <Badge size="sm" variant="light" color="indigo" miw="max-content">
          {t('status.administrator')}
        </Badge>
      ) : undefined}
    </Group>
  );
}
