import type { AccountTransfer, WithdrawTransfer } from '@ledger/contracts';
import { Anchor, Badge, Code } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useLedgerLabels } from '../../i18n/labels/ledger-labels.ts';
import type { DynamicT } from '../../i18n/labels/withdraw-labels.ts';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { allAssetsQuery } from '../../lib/queries/asset-queries.ts';
import { useCatalogScale } from '../../lib/queries/catalog-scale.ts';
import { ActorLink, actorText } from '../../ui-kit/admin/actor-link.tsx';
import { accountViewHref } from '../../ui-kit/admin/admin-links.ts';
import { formatAmount } from '../../ui-kit/amount/amount-format.ts';
import { AmountText } from '../../ui-kit/amount/amount-text.tsx';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import { ChoiceFilter, FilterBar } from '../../ui-kit/list/list-filters.tsx';
import { type ListColumn, ListScreen } from '../../ui-kit/list/list-screen.tsx';
import { accountTransferListQuery, withdrawTransferListQuery } from './admin-withdraw-api.ts';
import type { TransferListSearch } from './admin-withdraw-search.ts';

/** The asset filter both transfer lists offer: every asset in the catalog, or all of them. */
function AssetFilter({ search, onSearchChange }: Omit<TransferListPageProps, 'today'>) {
  const { t } = useTranslation('admin-withdrawals');
  const assets = useQuery(allAssetsQuery());
  return (
    <FilterBar>
      <ChoiceFilter
        label={t('columns.asset')}
        value={search.asset}
        choices={(assets.data ?? []).map((asset) => ({ value: asset.code, label: asset.code }))}
        onChange={(value) => onSearchChange((previous) => ({ ...previous, asset: value, page: 1 }))}
      />
    </FilterBar>
  );
}

/** A wallet account's seq, linked to its administrator's view. */
function AccountLink({ seq }: { seq: number }) {
  return (
    <Anchor component={Link} to={accountViewHref(seq)} size="sm">
      {seq}
    </Anchor>
  );
}

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
  // Amounts at the asset's scale from the catalog (the network fee is in the same asset).
  const scaleOf = useCatalogScale();
  const amountColumn = (
    accessor: 'amount' | 'fee_amount',
    title: string,
  ): ListColumn<WithdrawTransfer> => ({
    accessor,
    title,
    textAlign: 'right',
    text: (row) => {
      const amount = row[accessor];
      return amount === null
        ? ''
        : formatAmount(amount, locale, { decimalPoint: scaleOf(row.asset) });
    },
    render: (row) => {
      const amount = row[accessor];
      return amount === null ? (
        '—'
      ) : (
        <AmountText amount={amount} decimalPoint={scaleOf(row.asset)} size="sm" />
      );
    },
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
    amountColumn('amount', t('columns.amount')),
    amountColumn('fee_amount', t('columns.networkFee')),
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
      filters={<AssetFilter search={search} onSearchChange={onSearchChange} />}
    />
  );
}

/**
 * SPEC §2 admin account-transfer/list: the legs of transfers between wallet accounts (a fee leg
 * names the fee account's role where an account would be), amounts in the locale at the asset's
 * scale.
 */
export function AccountTransferListPage({ search, onSearchChange, today }: TransferListPageProps) {
  const { t } = useTranslation('admin-withdrawals');
  const dynamicText = t as unknown as DynamicT;
  const { t: tAdmin } = useTranslation('admin');
  const { t: tAccess } = useTranslation('admin-access');
  const labels = useLedgerLabels();
  const locale = useAtomValue(localeAtom);
  const toAccount = (row: AccountTransfer) =>
    row.to_account_seq !== null
      ? String(row.to_account_seq)
      : row.to_system_role !== null
        ? labels.systemRole(row.to_system_role)
        : '';
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
      render: (row) =>
        row.from_account_seq === null ? '' : <AccountLink seq={row.from_account_seq} />,
    },
    {
      accessor: 'to_account_seq',
      title: t('columns.toAccount'),
      text: toAccount,
      render: (row) =>
        row.to_account_seq === null ? toAccount(row) : <AccountLink seq={row.to_account_seq} />,
    },
    {
      accessor: 'amount',
      title: t('columns.amount'),
      textAlign: 'right',
      text: (row) => formatAmount(row.amount, locale, { decimalPoint: row.decimal_point }),
      render: (row) => (
        <AmountText amount={row.amount} decimalPoint={row.decimal_point} size="sm" />
      ),
    },
    {
      accessor: 'actor',
      title: t('columns.actor'),
      text: (row) => actorText(row.actor, tAccess),
      render: (row) => <ActorLink actor={row.actor} />,
    },
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
      filters={<AssetFilter search={search} onSearchChange={onSearchChange} />}
    />
  );
}
