import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

const paragraphs = ['mission', 'services', 'security', 'contact'] as const;

/** Footer page: company introduction. */
export function CompanyPage() {
  const { t } = useTranslation('home');
  useDocumentTitle(t('company.title'));
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('company.title')}</Title>
        {paragraphs.map((paragraph) => (
          <Stack key={paragraph} gap={4}>
            <Title order={2} size="h4">
              {t(`company.sections.${paragraph}.title`)}
            </Title>
            <Text>{t(`company.sections.${paragraph}.text`)}</Text>
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}
