import {
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { NoticeModal } from './notice-modal.tsx';

const tradeSteps = ['signUp', 'secure', 'deposit', 'trade', 'withdraw'] as const;
const features = ['c2c', 'b2c', 'wallet', 'cards'] as const;

/** The public home page: about text, app download and trade guide (SPEC §2), with the notice. */
export function HomePage() {
  const { t } = useTranslation('home');
  useDocumentTitle(t('home.pageName'));
  return (
    <Container size="lg" py="xl">
      <NoticeModal />
      <Stack gap="xl">
        <Stack gap="sm" component="section" aria-labelledby="about">
          <Title order={1} id="about">
            {t('home.about.title')}
          </Title>
          <Text size="lg">{t('home.about.lead')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {features.map((feature) => (
              <Card key={feature} withBorder>
                <Text fw={600}>{t(`home.about.features.${feature}.title`)}</Text>
                <Text size="sm" c="dimmed">
                  {t(`home.about.features.${feature}.text`)}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
        <AppDownload />
        <Stack gap="sm" component="section" aria-labelledby="trade-guide">
          <Title order={2} id="trade-guide">
            {t('home.guide.title')}
          </Title>
          <List spacing="sm" type="ordered">
            {tradeSteps.map((step, index) => (
              <List.Item
                key={step}
                icon={
                  <ThemeIcon size={24} radius="xl">
                    {index + 1}
                  </ThemeIcon>
                }
              >
                <Text fw={600}>{t(`home.guide.steps.${step}.title`)}</Text>
                <Text size="sm">{t(`home.guide.steps.${step}.text`)}</Text>
              </List.Item>
            ))}
          </List>
        </Stack>
      </Stack>
    </Container>
  );
}

function AppDownload() {
  const { t } = useTranslation('home');
  const siteUrl = `${globalThis.location?.origin ?? ''}/home`;
  return (
    <Card withBorder component="section" aria-labelledby="app-download">
      <Group gap="xl" wrap="wrap">
        <QRCodeSVG
          value={siteUrl}
          size={128}
          level="M"
          marginSize={1}
          title={t('home.app.qrLabel')}
        />
        <Stack gap="xs" maw={520}>
          <Title order={2} id="app-download">
            {t('home.app.title')}
          </Title>
          <Text>{t('home.app.text')}</Text>
          <Text size="sm" c="dimmed">
            {t('home.app.stores')}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
