import type { AdminWalletAccount } from '@ledger/contracts';
import { Anchor, Paper, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useLedgerLabels } from '../../i18n/labels/ledger-labels.ts';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { accountViewHref, memberViewHref } from '../../ui-kit/admin/admin-links.ts';
import { formatAmount } from '../../ui-kit/amount/amount-format.ts';
import { AmountText } from '../../ui-kit/amount/amount-text.tsx';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import { AccountStatusBadge } from '../../ui-kit/ledger/account-status-badge.tsx';
import {
  ChoiceFilter,
  FilterBar,
  SearchFilter,
  SeqFilter,
} from '../../ui-kit/list/list-filters.tsx';
import { type ListColumn, ListScreen } from '../../ui-kit/list/list-screen.tsx';
import { AdjustmentTable } from './adjustment-table.tsx';
import { adminAccountListQuery, booksQuery } from './admin-ledger-api.ts';
import type { AdminAccountListSearch } from './admin-ledger-search.ts';
import { LedgerHealthPanel } from './ledger-health-panel.tsx';

export type AccountListPageProps = {
  search: AdminAccountListSearch;
  onSearchChange: (update: (previous: AdminAccountListSearch) => AdminAccountListSearch) => void;
  today?: string | undefined;
};

/** The columns of an administrator's account list (account/list and the member's account tab). */
export function useAdminAccountColumns(options: {
  withMember: boolean;
}): ListColumn<AdminWalletAccount>[] {
  const { t } = useTranslation('admin-ledger');
  const locale = useAtomValue(localeAtom);
  const labels = useLedgerLabels();
  const amount = (value: string, row: AdminWalletAccount) =>
    formatAmount(value, locale, { decimalPoint: row.decimal_point });
  const amountCell = (value: string, row: AdminWalletAccount) => (
    <AmountText amount={value} decimalPoint={row.decimal_point} size="sm" />
  );
  const columns: ListColumn<AdminWalletAccount>[] = [
    {
      accessor: 'seq',
      title: t('columns.seq'),
      isSortable: true,
      text: (row) => String(row.seq),
      render: (row) => (
        <Anchor component={Link} to={accountViewHref(row.seq)} size="sm">
          {row.seq}
        </Anchor>
      ),
    },
    {
      accessor: 'account_number',
      title: t('columns.accountNumber'),
      text: (row) => row.account_number,
      render: (row) => (
        <Anchor component={Link} to={accountViewHref(row.seq)} size="sm" ff="monospace">
          {row.account_number}
        </Anchor>
      ),
    },
    { accessor: 'title', title: t('columns.title'), text: (row) => row.title ?? '' },
  ];
  if (options.withMember) {
    columns.push({
      accessor: 'member_seq',
      title: t('columns.member'),
      text: (row) => String(row.member_seq),
      render: (row) => (
        <Anchor component={Link} to={memberViewHref(row.member_seq)} size="sm">
          {t('columns.memberSeq', { seq: row.member_seq })}
        </Anchor>
      ),
    });
  }
  columns.push(
    { accessor: 'asset', title: t('columns.asset'), isSortable: true, text: (row) => row.asset },
    {
      accessor: 'balance',
      title: t('columns.balance'),
      isSortable: true,
      textAlign: 'right',
      text: (row) => amount(row.balance, row),
      render: (row) => amountCell(row.balance, row),
    },
    {
      accessor: 'holding_balance',
      title: t('columns.holding'),
      textAlign: 'right',
      text: (row) => amount(row.holding_balance, row),
      render: (row) => amountCell(row.holding_balance, row),
    },
    {
      accessor: 'available_balance',
      title: t('columns.available'),
      textAlign: 'right',
      text: (row) => amount(row.available_balance, row),
      render: (row) => amountCell(row.available_balance, row),
    },
    {
      accessor: 'status',
      title: t('columns.status'),
      text: (row) => labels.status(row.status),
      render: (row) => <AccountStatusBadge status={row.status} />,
    },
    {
      accessor: 'regdate',
      title: t('columns.regdate'),
      isSortable: true,
      text: (row) => formatDateTime(row.regdate, locale),
    },
  );
  return columns;
}

/**
 * SPEC §2 admin account/list: every member account with server paging and sorting (opening
 * date, number, balance, asset), filters (account number or title, member, asset, status) and
 * the opening period in the URL, each row linking to its account and member; below, the forced
 * adjustments waiting for a second administrator, then the newest reconciliation run and the
 * per-asset books.
 */
export function AccountListPage({ search, onSearchChange, today }: AccountListPageProps) {
  const { t } = useTranslation('admin-ledger');
  const { t: tAdmin } = useTranslation('admin');
  const labels = useLedgerLabels();
  const accounts = useQuery({
    ...adminAccountListQuery(search),
    placeholderData: keepPreviousData,
  });
  const books = useQuery(booksQuery());
  const columns = useAdminAccountColumns({ withMember: true });
  const set = (change: Partial<AdminAccountListSearch>) =>
    onSearchChange((previous) => ({ ...previous, ...change, page: 1 }));
  return (
    <Stack gap="xl">
      <ListScreen
        title={tAdmin('screens.accountList')}
        search={search}
        onSearchChange={onSearchChange}
        columns={columns}
        rows={accounts.data?.data}
        total={accounts.data?.paging.total}
        isFetching={accounts.isFetching}
        error={accounts.error}
        rowKey={(row) => String(row.seq)}
        emptyText={t('list.empty')}
        exportFileName="accounts"
        today={today}
        filters={
          <FilterBar>
            <SearchFilter
              label={t('list.search')}
              description={t('list.searchHint')}
              value={search.search}
              onChange={(value) => set({ search: value })}
            />
            <SeqFilter
              label={t('list.memberSeq')}
              value={search.member_seq}
              onChange={(value) => set({ member_seq: value })}
            />
            <ChoiceFilter
              label={t('columns.asset')}
              value={search.asset}
              choices={(books.data ?? []).map((book) => ({ value: book.asset, label: book.asset }))}
              onChange={(value) => set({ asset: value })}
            />
            <ChoiceFilter
              label={t('columns.status')}
              value={search.status}
              choices={(['normal', 'fraud'] as const).map((status) => ({
                value: status,
                label: labels.status(status),
              }))}
              onChange={(value) => set({ status: value })}
            />
          </FilterBar>
        }
      />
      <Paper withBorder p="md">
        <AdjustmentTable
          filter={{ status: 'proposed' }}
          label={t('adjustments.pendingTitle')}
          emptyText={t('adjustments.pendingEmpty')}
        />
      </Paper>
      <LedgerHealthPanel />
    </Stack>
  );
}
