import { Center, Container, Loader, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberMeQueryOptions } from '../../lib/session/member-info.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { AccountWithdrawalCard } from './account-withdrawal-card.tsx';
import { emailCodeValidityMs } from './code-countdown.ts';
import { EmailChangeCard } from './email-change-card.tsx';
import { EmailVerificationCard, type SentCode } from './email-verification-card.tsx';
import { KycMyPageLink } from './kyc-my-page-link.tsx';
import { MemberProfileCard } from './member-profile-card.tsx';
import { OtpManagementCard } from './otp-management-card.tsx';
import { PasswordChangeCard } from './password-change-card.tsx';
import { SecurityLevelCard } from './security-level-card.tsx';

/**
 * My page (SPEC §2 member screens): member information, UID, join date, recent login, security
 * level, email verification, password and email change, OTP management and account withdrawal.
 */
export function MyPage() {
  const { t } = useTranslation('my-page');
  useDocumentTitle(t('title'));
  const member = useQuery(memberMeQueryOptions());
  const [sent, setSent] = useState<SentCode | undefined>(undefined);
  if (member.data === undefined) {
    return (
      <Container size="lg" py="lg">
        <Stack gap="md">
          <Title order={1}>{t('title')}</Title>
          {member.isPending ? (
            <Center>
              <Loader aria-label={t('loading')} />
            </Center>
          ) : (
            <FailureAlert error={member.error} />
          )}
        </Stack>
      </Container>
    );
  }
  const hasActiveOtp = member.data.otp_count > 0;
  const isVerificationShown = !member.data.is_email_verified || sent !== undefined;
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Title order={1}>{t('title')}</Title>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <MemberProfileCard member={member.data} />
          <SecurityLevelCard member={member.data} />
        </SimpleGrid>
        {isVerificationShown ? (
          <EmailVerificationCard
            member={member.data}
            sent={sent}
            onSent={setSent}
            onVerified={() => setSent(undefined)}
          />
        ) : undefined}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <PasswordChangeCard hasActiveOtp={hasActiveOtp} />
          <EmailChangeCard
            hasActiveOtp={hasActiveOtp}
            onCodeSent={(address) =>
              setSent({
                address,
                purpose: 'email_change',
                expiresAt: Date.now() + emailCodeValidityMs,
              })
            }
          />
        </SimpleGrid>
        <OtpManagementCard />
        <KycMyPageLink />
        <AccountWithdrawalCard hasActiveOtp={hasActiveOtp} />
      </Stack>
    </Container>
  );
}
