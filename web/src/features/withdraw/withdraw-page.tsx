import type { Withdrawal } from '@ledger/contracts';
import { Badge, Button, Code, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  feeText,
  statusColor,
  useRefusalText,
  useWithdrawLabels,
} from '../../i18n/labels/withdraw-labels.ts';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { formatAmount } from '../../ui-kit/amount/amount-format.ts';
import { AmountText } from '../../ui-kit/amount/amount-text.tsx';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import { confirmAction } from '../../ui-kit/dialogs/confirm-dialog.tsx';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { ChoiceFilter, FilterBar } from '../../ui-kit/list/list-filters.tsx';
import { type ListColumn, ListScreen } from '../../ui-kit/list/list-screen.tsx';
import { toastFailure } from '../../ui-kit/toasts.ts';
import { cancelWithdrawalMutation, withdrawalQuery, withdrawHistoryQuery } from './withdraw-api.ts';
import { WithdrawForm } from './withdraw-form.tsx';
import type { WithdrawHistorySearch } from './withdraw-search.ts';

export type WithdrawPageProps = {
  search: WithdrawHistorySearch;
  onSearchChange: (update: (previous: WithdrawHistorySearch) => WithdrawHistorySearch) => void;
  today?: string | undefined;
};

const cancellable = (row: Withdrawal) =>
  (row.status === 'requested' || row.status === 'approved') && row.hold === 'placed';

/** SPEC §2 wallet: the withdrawal application, and the request history with inquiry and cancel. */
export function WithdrawPage({ search, onSearchChange, today }: WithdrawPageProps) {
  const { t } = useTranslation('withdraw');
  const locale = useAtomValue(localeAtom);
  const labels = useWithdrawLabels();
  const history = useQuery({ ...withdrawHistoryQuery(search), placeholderData: keepPreviousData });
  const [inquired, setInquired] = useState<string | undefined>();
  const cancel = useMutation({ ...cancelWithdrawalMutation(), onError: toastFailure });
  const askCancel = async (row: Withdrawal) => {
    const isConfirmed = await confirmAction({
      title: t('history.cancelTitle'),
      message: t('history.cancelMessage', {
        amount: formatAmount(row.request_amount, locale, { decimalPoint: row.decimal_point }),
        asset: row.asset,
      }),
      isDestructive: true,
    });
    if (isConfirmed) cancel.mutate(row.withdrawal_id);
  };
  const columns: ListColumn<Withdrawal>[] = [
    {
      accessor: 'regdate',
      title: t('columns.regdate'),
      isSortable: true,
      text: (row) => formatDateTime(row.regdate, locale),
    },
    { accessor: 'asset', title: t('columns.asset'), text: (row) => row.asset },
    {
      accessor: 'request_amount',
      title: t('columns.requestAmount'),
      textAlign: 'right',
      text: (row) => formatAmount(row.request_amount, locale, { decimalPoint: row.decimal_point }),
      render: (row) => (
        <AmountText amount={row.request_amount} decimalPoint={row.decimal_point} size="sm" />
      ),
    },
    {
      accessor: 'fee_amount',
      title: t('columns.fee'),
      textAlign: 'right',
      text: (row) => feeText(row, locale),
    },
    {
      accessor: 'net_amount',
      title: t('columns.netAmount'),
      textAlign: 'right',
      text: (row) => formatAmount(row.net_amount, locale, { decimalPoint: row.decimal_point }),
      render: (row) => (
        <AmountText amount={row.net_amount} decimalPoint={row.decimal_point} size="sm" />
      ),
    },
    {
      accessor: 'withdraw_address',
      title: t('columns.address'),
      text: (row) => row.withdraw_address,
    },
    {
      accessor: 'status',
      title: t('columns.status'),
      text: (row) => labels.status(row.status),
      render: (row) => <Badge color={statusColor(row.status)}>{labels.status(row.status)}</Badge>,
    },
    {
      accessor: 'actions',
      title: t('columns.actions'),
      text: () => '',
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => setInquired(row.withdrawal_id)}
          >
            {t('history.inquire')}
          </Button>
          {cancellable(row) ? (
            <Button
              size="compact-xs"
              color="red"
              variant="light"
              onClick={() => void askCancel(row)}
            >
              {t('history.cancel')}
            </Button>
          ) : undefined}
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="xl">
      <WithdrawForm />
      <ListScreen
        title={t('history.title')}
        search={search}
        onSearchChange={onSearchChange}
        columns={columns}
        rows={history.data?.data}
        total={history.data?.paging.total}
        isFetching={history.isFetching}
        error={history.error}
        rowKey={(row) => row.withdrawal_id}
        emptyText={t('history.empty')}
        exportFileName="withdrawals"
        today={today}
        filters={
          <FilterBar>
            <ChoiceFilter
              label={t('columns.status')}
              value={search.status}
              choices={(
                [
                  'requested',
                  'refused',
                  'approved',
                  'sent',
                  'completed',
                  'cancelled',
                  'rejected',
                  'failed',
                ] as const
              ).map((status) => ({ value: status, label: labels.status(status) }))}
              onChange={(value) =>
                onSearchChange((previous) => ({ ...previous, status: value, page: 1 }))
              }
            />
          </FilterBar>
        }
      />
      <Modal
        opened={inquired !== undefined}
        onClose={() => setInquired(undefined)}
        title={t('inquiry.title')}
        size="lg"
      >
        {inquired === undefined ? undefined : <WithdrawalInquiry withdrawalId={inquired} />}
      </Modal>
    </Stack>
  );
}

function WithdrawalInquiry({ withdrawalId }: { withdrawalId: string }) {
  const { t } = useTranslation('withdraw');
  const locale = useAtomValue(localeAtom);
  const labels = useWithdrawLabels();
  const refusalText = useRefusalText();
  const found = useQuery(withdrawalQuery(withdrawalId));
  if (found.error !== null) return <FailureAlert error={found.error} />;
  const row = found.data;
  if (row === undefined) return <Text size="sm">{t('inquiry.loading')}</Text>;
  const rows: [string, string][] = [
    [t('columns.status'), labels.status(row.status)],
    [t('columns.asset'), row.asset],
    [
      t('columns.requestAmount'),
      formatAmount(row.request_amount, locale, { decimalPoint: row.decimal_point }),
    ],
    [t('columns.fee'), `${feeText(row, locale)} (${labels.feeType(row.fee_type)})`],
    [
      t('columns.netAmount'),
      formatAmount(row.net_amount, locale, { decimalPoint: row.decimal_point }),
    ],
    [t('columns.address'), row.withdraw_address],
    [t('form.memo'), row.memo ?? '—'],
    [t('form.bankCode'), row.bank_code ?? '—'],
    [t('form.holderName'), row.holder_name ?? '—'],
    [t('columns.regdate'), formatDateTime(row.regdate, locale)],
  ];
  if (row.refusal !== null) rows.push([t('inquiry.refusal'), refusalText(row.refusal.type)]);
  if (row.reason !== null) rows.push([t('inquiry.reason'), row.reason]);
  return (
    <Stack gap="sm">
      <Table>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="35%">{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={5}>{t('inquiry.transfers')}</Title>
      {row.transfers.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('inquiry.noTransfers')}
        </Text>
      ) : (
        row.transfers.map((transfer) => (
          <Text key={transfer.transfer_id} size="sm">
            {formatDateTime(transfer.regdate, locale)} · <Code>{transfer.txid ?? '—'}</Code>
          </Text>
        ))
      )}
    </Stack>
  );
}
