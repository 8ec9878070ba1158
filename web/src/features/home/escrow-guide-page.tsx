import { Container, List, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

const steps = ['announce', 'apply', 'hold', 'pay', 'confirm', 'dispute'] as const;
const safetyTypes = ['immediate', 'sellerFirst', 'requesterFirst', 'neither'] as const;

/** Footer page: how an escrow (C2C) deal works, including the four deal safety types (SPEC §4). */
export function EscrowGuidePage() {
  const { t } = useTranslation('home');
  useDocumentTitle(t('escrow.title'));
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('escrow.title')}</Title>
        <Text>{t('escrow.lead')}</Text>
        <Title order={2} size="h3">
          {t('escrow.stepsTitle')}
        </Title>
        <List type="ordered" spacing="xs">
          {steps.map((step) => (
            <List.Item key={step}>{t(`escrow.steps.${step}`)}</List.Item>
          ))}
        </List>
        <Title order={2} size="h3">
          {t('escrow.safetyTitle')}
        </Title>
        <Table aria-label={t('escrow.safetyTitle')}>
          <Table.Tbody>
            {safetyTypes.map((type) => (
              <Table.Tr key={type}>
                <Table.Th scope="row">{t(`escrow.safety.${type}.name`)}</Table.Th>
                <Table.Td>{t(`escrow.safety.${type}.text`)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Container>
  );
}
