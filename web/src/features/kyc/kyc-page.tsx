import { Anchor, Container, Stack, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { KycMyPageSections } from './kyc-sections.tsx';

/**
 * My page's security and KYC screen (SPEC §2 member screens: security level view, KYC
 * certification request and history, self-authentication, withdrawal-address certification).
 */
export function KycPage() {
  const { t } = useTranslation('kyc');
  useDocumentTitle(t('page.title'));
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Anchor component={Link} to="/my-page" size="sm">
          {t('page.back')}
        </Anchor>
        <Title order={1}>{t('page.title')}</Title>
        <KycMyPageSections />
      </Stack>
    </Container>
  );
}
