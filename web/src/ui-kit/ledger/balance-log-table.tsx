import type { BalanceLogEntry } from '@ledger/contracts';
import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useLedgerLabels } from '../../i18n/labels/ledger-labels.ts';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { formatAmount } from '../amount/amount-format.ts';
import { AmountText } from '../amount/amount-text.tsx';
import { formatDateTime } from '../date-time/format-date-time.ts';
import { DateRangeFilter } from '../list/date-range-filter.tsx';
import type { ListColumn } from '../list/list-screen.tsx';
import type { ListSearch } from '../list/list-search.ts';
import { MemberTabTable } from '../list/member-tab-table.tsx';

type BalanceAfter = 'balance_after' | 'available_after' | 'holding_balance_after';

/** A column of one of the account's balances after the change. */
function balanceAfterColumn<Row extends BalanceLogEntry>(options: {
  accessor: BalanceAfter;
  title: string;
  decimalPoint: number | undefined;
  amount: (value: string) => string;
}): ListColumn<Row> {
  const { accessor, decimalPoint } = options;
  return {
    accessor,
    title: options.title,
    textAlign: 'right',
    text: (row) => options.amount(row[accessor]),
    render: (row) => <AmountText amount={row[accessor]} decimalPoint={decimalPoint} size="sm" />,
  };
}

type BalanceLogTableProps<Row extends BalanceLogEntry, Search extends ListSearch> = {
  label: string;
  /** The page's read of the log (the member's or the administrator's). */
  log: UseQueryResult<{ data: Row[]; paging: { total: number } }>;
  /** The account's asset decimal point (undefined until the account is read). */
  decimalPoint: number | undefined;
  /** The other balances after the change the screen shows, after the balance. */
  balancesAfter: { accessor: Exclude<BalanceAfter, 'balance_after'>; title: string }[];
  /** The screen's own columns, last. */
  columns?: ListColumn<Row>[];
  search: Search;
  onSearchChange: (update: (previous: Search) => Search) => void;
  /** Fixed "today" for the date shortcuts (tests). */
  today?: string | undefined;
};

/**
 * One account's balance-change log, as the member's wallet and the administrator's account screen
 * show it: when, cause, entry type, the other side, the change (a hold shown as such) and the
 * balance after, then the screen's own columns; paged, by period (the SPEC §9 shortcuts) and
 * ascending or descending, all in the URL.
 */
export function BalanceLogTable<Row extends BalanceLogEntry, Search extends ListSearch>(
  props: BalanceLogTableProps<Row, Search>,
) {
  const { t } = useTranslation('wallet');
  const locale = useAtomValue(localeAtom);
  const labels = useLedgerLabels();
  const { search, onSearchChange, decimalPoint, log } = props;
  const amount = (value: string) => formatAmount(value, locale, { decimalPoint });
  const hasPeriod = search.date_range !== undefined || search.date_from !== undefined;
  const columns: ListColumn<Row>[] = [
    {
      accessor: 'occurred_at',
      title: t('history.when'),
      isSortable: true,
      text: (row) => formatDateTime(row.occurred_at, locale),
    },
    { accessor: 'cause', title: t('history.cause'), text: (row) => labels.cause(row.cause) },
    { accessor: 'type', title: t('history.type'), text: (row) => labels.entryType(row.type) },
    {
      accessor: 'counterparty',
      title: t('history.counterparty'),
      text: (row) => labels.counterparty(row),
    },
    {
      accessor: 'balance_change',
      title: t('history.change'),
      textAlign: 'right',
      text: (row) =>
        row.side === 'hold'
          ? t('history.holdChange', { amount: amount(row.amount) })
          : amount(row.balance_change),
      render: (row) =>
        row.side === 'hold' ? (
          <Text size="sm" c="dimmed">
            {t('history.holdChange', { amount: amount(row.amount) })}
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
    ...[
      { accessor: 'balance_after' as BalanceAfter, title: t('history.balanceAfter') },
      ...props.balancesAfter,
    ].map((balance) => balanceAfterColumn<Row>({ ...balance, decimalPoint, amount })),
    ...(props.columns ?? []),
  ];
  return (
    <MemberTabTable
      label={props.label}
      search={search}
      onSearchChange={onSearchChange}
      columns={columns}
      rows={log.data?.data}
      total={log.data?.paging.total}
      isFetching={log.isFetching}
      error={log.error}
      rowKey={(row) => row.entry}
      emptyText={hasPeriod ? t('history.emptyForPeriod') : t('history.empty')}
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
