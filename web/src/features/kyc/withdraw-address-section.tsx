import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../../ui-kit/date-time/date-time-text.tsx';
import { MyPageSection } from '../../ui-kit/detail/my-page-section.tsx';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { useSubmissionKey } from '../../ui-kit/submission-key.ts';
import { showSuccessToast } from '../../ui-kit/toasts.ts';
import { requestWithdrawAddressMutation, withdrawAddressesQuery } from './kyc-api.ts';
import { KycStatusBadge } from './kyc-status-badge.tsx';

const assetPattern = /^[A-Z][A-Z0-9]{0,15}$/;

/**
 * SPEC §2 withdrawal-address certification: the member asks to certify an address (asset, bank
 * code for a fiat account, the address or account number, the holder's name); an administrator
 * reviews it, and only an approved, valid address can receive a withdrawal.
 */
export function WithdrawAddressSection() {
  const { t } = useTranslation('kyc');
  const list = useQuery(withdrawAddressesQuery());
  const [fields, setFields] = useState({
    asset: '',
    bank_code: '',
    withdraw_address: '',
    holder_name: '',
  });
  const [isInvalid, setIsInvalid] = useState(false);
  const submissionKey = useSubmissionKey();
  const request = useMutation({
    ...requestWithdrawAddressMutation(),
    onSuccess: () => {
      submissionKey.renew();
      setFields({ asset: '', bank_code: '', withdraw_address: '', holder_name: '' });
      showSuccessToast(t('address.requested'));
    },
  });
  const set = (key: keyof typeof fields) => (value: string) => {
    submissionKey.renew();
    setFields((previous) => ({ ...previous, [key]: value }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid =
      !assetPattern.test(fields.asset) ||
      fields.withdraw_address.trim() === '' ||
      fields.holder_name.trim() === '';
    setIsInvalid(invalid);
    if (invalid) return;
    request.mutate({
      fields: {
        asset: fields.asset,
        bank_code: fields.bank_code.trim() === '' ? null : fields.bank_code.trim(),
        withdraw_address: fields.withdraw_address.trim(),
        holder_name: fields.holder_name.trim(),
      },
      idempotencyKey: submissionKey.current(),
    });
  };
  const required = (value: string) =>
    isInvalid && value.trim() === '' ? t('form.required') : undefined;
  return (
    <MyPageSection title={t('address.title')} description={t('address.hint')}>
      <form onSubmit={submit} aria-label={t('address.formLabel')} noValidate>
        <Stack gap="sm">
          <Group grow align="flex-start">
            <TextInput
              label={t('address.asset')}
              required
              maxLength={16}
              value={fields.asset}
              error={
                isInvalid && !assetPattern.test(fields.asset)
                  ? t('address.assetInvalid')
                  : undefined
              }
              onChange={(event) => set('asset')(event.currentTarget.value.toUpperCase())}
            />
            <TextInput
              label={t('address.bankCode')}
              description={t('address.bankCodeHint')}
              maxLength={20}
              value={fields.bank_code}
              onChange={(event) => set('bank_code')(event.currentTarget.value)}
            />
          </Group>
          <TextInput
            label={t('address.withdrawAddress')}
            required
            maxLength={200}
            value={fields.withdraw_address}
            error={required(fields.withdraw_address)}
            onChange={(event) => set('withdraw_address')(event.currentTarget.value)}
          />
          <TextInput
            label={t('address.holderName')}
            required
            maxLength={100}
            value={fields.holder_name}
            error={required(fields.holder_name)}
            onChange={(event) => set('holder_name')(event.currentTarget.value)}
          />
          {request.error ? <FailureAlert error={request.error} /> : undefined}
          <Group justify="flex-end">
            <Button type="submit" loading={request.isPending}>
              {t('address.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Text size="sm" fw={600}>
        {t('address.list')}
      </Text>
      {list.data !== undefined && list.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('address.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table withTableBorder aria-label={t('address.list')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.seq')}</Table.Th>
                <Table.Th>{t('columns.asset')}</Table.Th>
                <Table.Th>{t('columns.address')}</Table.Th>
                <Table.Th>{t('columns.holderName')}</Table.Th>
                <Table.Th>{t('columns.status')}</Table.Th>
                <Table.Th>{t('columns.valid')}</Table.Th>
                <Table.Th>{t('columns.regdate')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data ?? []).map((row) => (
                <Table.Tr key={row.seq} data-withdraw-address={row.seq}>
                  <Table.Td>{row.seq}</Table.Td>
                  <Table.Td>{row.asset}</Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {row.withdraw_address ?? t('none')}
                    </Text>
                    {row.bank_code === null ? undefined : (
                      <Text size="xs" c="dimmed">
                        {t('address.bankCodeValue', { code: row.bank_code })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{row.holder_name ?? t('none')}</Table.Td>
                  <Table.Td>
                    <KycStatusBadge status={row.status} />
                  </Table.Td>
                  <Table.Td>
                    {row.status === 'approved' ? (row.is_valid ? t('yes') : t('no')) : t('none')}
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
