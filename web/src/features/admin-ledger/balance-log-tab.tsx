import type { AdminBalanceLogEntry } from '@ledger/contracts';
import { Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../ui-kit/amount/amount-format.ts';
import { AmountText } from '../../ui-kit/amount/amount-text.tsx';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import { DateRangeFilter } from '../../ui-kit/list/date-range-filter.tsx';
import type { ListColumn } from '../../ui-kit/list/list-screen.tsx';
import { MemberTabTable } from '../admin-members/member-tab-table.tsx';
import { localeAtom } from '../shell/locale-atom.ts';
import { useLedgerLabels } from '../wallet/ledger-labels.ts';
import { adminAccountQuery, adminBalanceLogQuery } from './admin-ledger-api.ts';
import type { AdminBalanceLogSearch } from './admin-ledger-search.ts';

/**
 * SPEC §2 admin account/{seq}/balance-log: every balance change of the account, with the cause,
 * the other account, the balances after it, who acted and the command; paged, by period (the
 * SPEC §9 shortcuts) and ascending or descending, in the URL.
 */
export function BalanceLogTab(props: {
  seq: number;
  search: AdminBalanceLogSearch;
  onSearchChange: (update: (previous: AdminBalanceLogSearch) => AdminBalanceLogSearch) => void;
  today?: string | undefined;
}) {
  const { t } = useTranslation('admin-ledger');
  const { t: tWallet } = useTranslation('wallet');
  const locale = useAtomValue(localeAtom);
  const labels = useLedgerLabels();
  const { search, onSearchChange } = props;
  const account = useQuery(adminAccountQuery(props.seq));
  const log = useQuery({
    ...adminBalanceLogQuery(props.seq, search),
    placeholderData: keepPreviousData,
  });
  const decimalPoint = account.data?.decimal_point;
  const amount = (value: string) => formatAmount(value, locale, { decimalPoint });
  const hasPeriod = search.date_range !== undefined || search.date_from !== undefined;
  const columns: ListColumn<AdminBalanceLogEntry>[] = [
    {
      accessor: 'occurred_at',
      title: tWallet('history.when'),
      isSortable: true,
      text: (row) => formatDateTime(row.occurred_at, locale),
    },
    { accessor: 'cause', title: tWallet('history.cause'), text: (row) => labels.cause(row.cause) },
    { accessor: 'type', title: tWallet('history.type'), text: (row) => labels.entryType(row.type) },
    {
      accessor: 'counterparty',
      title: tWallet('history.counterparty'),
      text: (row) => labels.counterparty(row),
    },
    {
      accessor: 'balance_change',
      title: tWallet('history.change'),
      textAlign: 'right',
      text: (row) =>
        row.side === 'hold'
          ? tWallet('history.holdChange', { amount: amount(row.amount) })
          : amount(row.balance_change),
      render: (row) =>
        row.side === 'hold' ? (
          <Text size="sm" c="dimmed">
            {tWallet('history.holdChange', { amount: amount(row.amount) })}
          </Text>
        ) : (
          <AmountText
            amount={row.balance_change}
            decimalPoint={decimalPoint}
            size="sm"
            c={row.side === 'credit' ? 'teal' : 'red'}
          />
        ),
    },
    {
      accessor: 'balance_after',
      title: tWallet('history.balanceAfter'),
      textAlign: 'right',
      text: (row) => amount(row.balance_after),
    },
    {
      accessor: 'holding_balance_after',
      title: t('log.holdingAfter'),
      textAlign: 'right',
      text: (row) => amount(row.holding_balance_after),
    },
    { accessor: 'actor', title: t('log.actor'), text: (row) => row.actor },
    {
      accessor: 'command_id',
      title: t('log.command'),
      text: (row) => row.command_id,
      render: (row) => (
        <Text size="xs" ff="monospace" title={row.command_id} maw={180} truncate="end">
          {row.command_id}
        </Text>
      ),
    },
  ];
  return (
    <MemberTabTable
      label={t('detail.tabs.balanceLog')}
      search={search}
      onSearchChange={onSearchChange}
      columns={columns}
      rows={log.data?.data}
      total={log.data?.paging.total}
      isFetching={log.isFetching}
      error={log.error}
      rowKey={(row) => row.entry}
      emptyText={hasPeriod ? tWallet('history.emptyForPeriod') : tWallet('history.empty')}
      header={
        <DateRangeFilter
          period={search}
          today={props.today}
          onChange={(period) => onSearchChange((previous) => ({ ...previous, ...period, page: 1 }))}
        />
      }
    />
  );
}
