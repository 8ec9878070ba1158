import { Button, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MyPageSection } from '../../ui-kit/detail/my-page-section.tsx';

/** My page's entry to the security level, KYC, self-authentication and address screens. */
export function KycMyPageLink() {
  const { t } = useTranslation('kyc');
  return (
    <MyPageSection title={t('page.title')}>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('page.summary')}
        </Text>
        <Button component={Link} to="/my-page/kyc" variant="light">
          {t('page.open')}
        </Button>
      </Group>
    </MyPageSection>
  );
}
