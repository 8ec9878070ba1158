import { Badge, Group, List, Progress, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MemberInfo } from '../../lib/session/member-info.ts';
import { MyPageSection } from '../../ui-kit/detail/my-page-section.tsx';

/** The highest security level (contracts `SetSecurityLevelRequestSchema`). */
export const maximumSecurityLevel = 10;

/** Decorative marks beside each condition (the text says the same in words). */
const checkMark = '\u2713';
const openMark = '\u2022';

/**
 * SPEC §2 security level view: the member's level, whether an administrator fixed it, and the
 * SPEC §3 level conditions a member can meet on this page (mail verification, OTP registration).
 */
export function SecurityLevelCard({ member }: { member: MemberInfo }) {
  const { t } = useTranslation('my-page');
  const conditions = [
    { key: 'email', label: t('security.emailVerification'), isMet: member.is_email_verified },
    { key: 'otp', label: t('security.otpRegistration'), isMet: member.otp_count > 0 },
  ];
  return (
    <MyPageSection title={t('security.title')}>
      <Group gap="sm" align="baseline">
        <Text fw={700} size="xl">
          {t('security.level', { level: member.security_level, max: maximumSecurityLevel })}
        </Text>
        {member.is_security_level_locked ? (
          <Badge variant="light" color="gray">
            {t('security.locked')}
          </Badge>
        ) : undefined}
      </Group>
      <Progress
        value={(member.security_level / maximumSecurityLevel) * 100}
        aria-label={t('security.levelLabel')}
      />
      <Text size="sm" fw={600}>
        {t('security.conditions')}
      </Text>
      <List spacing={4} size="sm" center>
        {conditions.map((condition) => (
          <List.Item
            key={condition.key}
            icon={
              <ThemeIcon
                size={18}
                radius="xl"
                color={condition.isMet ? 'teal' : 'gray'}
                aria-hidden
              >
                {condition.isMet ? checkMark : openMark}
              </ThemeIcon>
            }
          >
            {t('security.condition', {
              condition: condition.label,
              state: condition.isMet ? t('security.met') : t('security.notMet'),
            })}
          </List.Item>
        ))}
      </List>
    </MyPageSection>
  );
}
