import { ActionIcon, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../../ui-kit/date-time/date-time-text.tsx';
import { MyPageSection } from '../../ui-kit/detail/my-page-section.tsx';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { useSubmissionKey } from '../../ui-kit/submission-key.ts';
import { showSuccessToast } from '../../ui-kit/toasts.ts';
import {
  type KycDocumentKind,
  kycCertificationsQuery,
  kycDocumentKinds,
  requestKycCertificationMutation,
} from './kyc-api.ts';
import { KycStatusBadge } from './kyc-status-badge.tsx';

type DocumentDraft = { kind: KycDocumentKind; name: string; reference: string };

const documentsMax = 10;
const emptyDocument = (): DocumentDraft => ({ kind: 'id_card', name: '', reference: '' });

/**
 * SPEC §2 KYC certification request and history: the member names the KYC type and its documents
 * (metadata only: kind, file name, a reference), then follows the CDD review (approved or denied,
 * valid flag, expiry).
 */
export function KycCertificationSection() {
  const { t } = useTranslation('kyc');
  const history = useQuery(kycCertificationsQuery());
  const [kycType, setKycType] = useState<'individual' | 'corporate'>('individual');
  const [documents, setDocuments] = useState<DocumentDraft[]>([emptyDocument()]);
  const [isIncomplete, setIsIncomplete] = useState(false);
  const submissionKey = useSubmissionKey();
  const request = useMutation({
    ...requestKycCertificationMutation(),
    onSuccess: () => {
      submissionKey.renew();
      setDocuments([emptyDocument()]);
      showSuccessToast(t('certification.requested'));
    },
  });
  const pending = history.data?.some((row) => row.status === 'requested') ?? false;
  const update = (index: number, change: Partial<DocumentDraft>) => {
    submissionKey.renew();
    setDocuments((previous) =>
      previous.map((document, at) => (at === index ? { ...document, ...change } : document)),
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const incomplete = documents.some((document) => document.name.trim() === '');
    setIsIncomplete(incomplete);
    if (incomplete) return;
    request.mutate({
      fields: {
        kyc_type: kycType,
        documents: documents.map((document) => ({
          kind: document.kind,
          name: document.name.trim(),
          reference: document.reference.trim() === '' ? null : document.reference.trim(),
        })),
      },
      idempotencyKey: submissionKey.current(),
    });
  };
  return (
    <MyPageSection title={t('certification.title')} description={t('certification.hint')}>
      {pending ? (
        <Text size="sm" c="blue">
          {t('certification.pending')}
        </Text>
      ) : (
        <form onSubmit={submit} aria-label={t('certification.formLabel')} noValidate>
          <Stack gap="sm">
            <Select
              label={t('certification.type')}
              data={[
                { value: 'individual', label: t('certification.types.individual') },
                { value: 'corporate', label: t('certification.types.corporate') },
              ]}
              value={kycType}
              allowDeselect={false}
              onChange={(value) => {
                submissionKey.renew();
                setKycType(value === 'corporate' ? 'corporate' : 'individual');
              }}
            />
            {documents.map((document, index) => (
              <Group key={index} align="flex-end" gap="xs" wrap="wrap">
                <Select
                  label={t('certification.documentKind')}
                  data={kycDocumentKinds.map((kind) => ({
                    value: kind,
                    label: t(`documentKinds.${kind}`),
                  }))}
                  value={document.kind}
                  allowDeselect={false}
                  onChange={(value) =>
                    update(index, { kind: (value ?? 'other') as KycDocumentKind })
                  }
                  w={180}
                />
                <TextInput
                  label={t('certification.documentName')}
                  required
                  maxLength={200}
                  value={document.name}
                  error={
                    isIncomplete && document.name.trim() === '' ? t('form.required') : undefined
                  }
                  onChange={(event) => update(index, { name: event.currentTarget.value })}
                  style={{ flex: 1, minWidth: 160 }}
                />
                <TextInput
                  label={t('certification.documentReference')}
                  maxLength={200}
                  value={document.reference}
                  onChange={(event) => update(index, { reference: event.currentTarget.value })}
                  style={{ flex: 1, minWidth: 140 }}
                />
                {documents.length > 1 ? (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('certification.removeDocument')}
                    onClick={() => {
                      submissionKey.renew();
                      setDocuments((previous) => previous.filter((_, at) => at !== index));
                    }}
                    mb={4}
                  >
                    {'\u00d7'}
                  </ActionIcon>
                ) : undefined}
              </Group>
            ))}
            <Group>
              <Button
                variant="default"
                size="xs"
                disabled={documents.length >= documentsMax}
                onClick={() => {
                  submissionKey.renew();
                  setDocuments((previous) => [...previous, emptyDocument()]);
                }}
              >
                {t('certification.addDocument')}
              </Button>
            </Group>
            {request.error ? <FailureAlert error={request.error} /> : undefined}
            <Group justify="flex-end">
              <Button type="submit" loading={request.isPending}>
                {t('certification.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <Text size="sm" fw={600}>
        {t('certification.history')}
      </Text>
      {history.error ? <FailureAlert error={history.error} /> : undefined}
      {history.data !== undefined && history.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('certification.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table withTableBorder aria-label={t('certification.history')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.seq')}</Table.Th>
                <Table.Th>{t('columns.type')}</Table.Th>
                <Table.Th>{t('columns.status')}</Table.Th>
                <Table.Th>{t('columns.valid')}</Table.Th>
                <Table.Th>{t('columns.expdate')}</Table.Th>
                <Table.Th>{t('columns.regdate')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(history.data ?? []).map((row) => (
                <Table.Tr key={row.seq} data-kyc-certification={row.seq}>
                  <Table.Td>{row.seq}</Table.Td>
                  <Table.Td>
                    {row.kyc_type === 'corporate'
                      ? t('certification.types.corporate')
                      : t('certification.types.individual')}
                  </Table.Td>
                  <Table.Td>
                    <KycStatusBadge status={row.is_expired ? 'closed' : row.status} />
                  </Table.Td>
                  <Table.Td>
                    {row.status === 'approved' ? (row.is_valid ? t('yes') : t('no')) : t('none')}
                  </Table.Td>
                  <Table.Td>
                    {row.expdate === null ? (
                      t('none')
                    ) : (
                      <DateTimeText value={row.expdate} size="sm" />
                    )}
                  </Table.Td>
                  <Table.Td>
                    <DateTimeText value={row.regdate} size="sm" />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </MyPageSection>
  );
}
