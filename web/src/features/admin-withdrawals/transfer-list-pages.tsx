import type { AccountTransfer, WithdrawTransfer } from '@ledger/contracts';
import { Badge, Code } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import { type ListColumn, ListScreen } from '../../ui-kit/list/list-screen.tsx';
import { localeAtom } from '../shell/locale-atom.ts';
import type { DynamicT } from '../withdraw/withdraw-labels.ts';
import { accountTransferListQuery, withdrawTransferListQuery } from './admin-withdraw-api.ts';
import type { TransferListSearch } from './admin-withdraw-search.ts';

export type TransferListPageProps = {
  search: TransferListSearch;
  onSearchChange: (update: (previous: TransferListSearch) => TransferListSearch) => void;
  today?: string | undefined;
};

/** SPEC §2 admin withdraw-transfer/list: from, to, txid, amount, fee_amount, status, message. */
export function WithdrawTransferListPage({ search, onSearchChange, today }: TransferListPageProps) {
  const { t } = useTranslation('admin-withdrawals');
  const dynamicText = t as unknown as DynamicT;
  const { t: tAdmin } = useTranslation('admin');
  const locale = useAtomValue(localeAtom);
  const list = useQuery({
    ...withdrawTransferListQuery(search),
    placeholderData: keepPreviousData,
  });
  const columns: ListColumn<WithdrawTransfer>[] = [
    {
      accessor: 'regdate',
      title: t('columns.regdate'),
      isSortable: true,
      text: (row) => formatDateTime(row.regdate, locale),
    },
    { accessor: 'member_seq', title: t('columns.member'), text: (row) => String(row.member_seq) },
    { accessor: 'asset', title: t('columns.asset'), text: (row) => row.asset },
    { accessor: 'from', title: t('columns.from'), text: (row) => row.from ?? '' },
    { accessor: 'to', title: t('columns.to'), text: (row) => row.to },
    {
      accessor: 'txid',
      title: t('columns.txid'),
      text: (row) => row.txid ?? '',
      render: (row) => (row.txid === null ? '—' : <Code>{row.txid.slice(0, 16)}…</Code>),
    },
    {
      accessor: 'amount',
      title: t('columns.amount'),
      textAlign: 'right',
      text: (row) => row.amount,
    },
    {
      accessor: 'fee_amount',
      title: t('columns.networkFee'),
      textAlign: 'right',
      text: (row) => row.fee_amount ?? '',
    },
    {
      accessor: 'status',
      title: t('columns.status'),
      text: (row) => dynamicText(`transferStatus.${row.status}`),
      render: (row) => <Badge variant="light">{dynamicText(`transferStatus.${row.status}`)}</Badge>,
    },
    { accessor: 'message', title: t('columns.message'), text: (row) => row.message ?? '' },
    { accessor: 'created_by', title: t('columns.createdBy'), text: (row) => row.created_by },
  ];
  return (
    <ListScreen
      title={tAdmin('screens.withdrawTransferList')}
      search={search}
      onSearchChange={onSearchChange}
      columns={columns}
      rows={list.data?.data}
      total={list.data?.paging.total}
      isFetching={list.isFetching}
      error={list.error}
      rowKey={(row) => row.transfer_id}
      emptyText={t('list.emptyTransfers')}
      exportFileName="withdraw-transfers"
      today={today}
    />
  );
}

/** SPEC §2 admin account-transfer/list: transfers between wallet accounts. */
export function AccountTransferListPage({ search, onSearchChange, today }: TransferListPageProps) {
  const { t } = useTranslation('admin-withdrawals');
  const dynamicText = t as unknown as DynamicT;
  const { t: tAdmin } = useTranslation('admin');
  const locale = useAtomValue(localeAtom);
  const list = useQuery({ ...accountTransferListQuery(search), placeholderData: keepPreviousData });
  const columns: ListColumn<AccountTransfer>[] = [
    {
      accessor: 'regdate',
      title: t('columns.regdate'),
      isSortable: true,
      text: (row) => formatDateTime(row.regdate, locale),
    },
    {
      accessor: 'cause',
      title: t('columns.kind'),
      text: (row) =>
        dynamicText(`transferKind.${row.cause === 'memberTransfer' ? 'member' : 'own'}`),
    },
    { accessor: 'asset', title: t('columns.asset'), text: (row) => row.asset },
    {
      accessor: 'from_account_seq',
      title: t('columns.fromAccount'),
      text: (row) => String(row.from_account_seq ?? ''),
    },
    {
      accessor: 'to_account_seq',
      title: t('columns.toAccount'),
      text: (row) => String(row.to_account_seq ?? ''),
    },
    {
      accessor: 'amount',
      title: t('columns.amount'),
      textAlign: 'right',
      text: (row) => row.amount,
    },
    { accessor: 'actor', title: t('columns.actor'), text: (row) => row.actor },
  ];
  return (
    <ListScreen
      title={tAdmin('screens.accountTransferList')}
      search={search}
      onSearchChange={onSearchChange}
      columns={columns}
      rows={list.data?.data}
      total={list.data?.paging.total}
      isFetching={list.isFetching}
      error={list.error}
      rowKey={(row) => String(row.entry)}
      emptyText={t('list.emptyAccountTransfers')}
      exportFileName="account-transfers"
      today={today}
    />
  );
}
