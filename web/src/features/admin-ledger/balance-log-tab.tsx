import type { AdminBalanceLogEntry } from '@ledger/contracts';
import { Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActorLink, actorText } from '../../ui-kit/admin/actor-link.tsx';
import { BalanceLogTable } from '../../ui-kit/ledger/balance-log-table.tsx';
import type { ListColumn } from '../../ui-kit/list/list-screen.tsx';
import { adminAccountQuery, adminBalanceLogQuery } from './admin-ledger-api.ts';
import type { AdminBalanceLogSearch } from './admin-ledger-search.ts';

/**
 * SPEC §2 admin account/{seq}/balance-log: every balance change of the account, with the cause,
 * the other account, the balances after it, who acted (in words, linked) and the command; paged, by period (the
 * SPEC §9 shortcuts) and ascending or descending, in the URL.
 */
export function BalanceLogTab(props: {
  seq: number;
  search: AdminBalanceLogSearch;
  onSearchChange: (update: (previous: AdminBalanceLogSearch) => AdminBalanceLogSearch) => void;
  today?: string | undefined;
}) {
  const { t } = useTranslation('admin-ledger');
  const { t: tAccess } = useTranslation('admin-access');
  const { search, onSearchChange } = props;
  const account = useQuery(adminAccountQuery(props.seq));
  const log = useQuery({
    ...adminBalanceLogQuery(props.seq, search),
    placeholderData: keepPreviousData,
  });
  const columns: ListColumn<AdminBalanceLogEntry>[] = [
    {
      accessor: 'actor',
      title: t('log.actor'),
      text: (row) => actorText(row.actor, tAccess),
      // In words and linked to the member's view; the raw actor id stays on hover for the audit.
      render: (row) => (
        <Text component="span" size="sm" title={row.actor}>
          <ActorLink actor={row.actor} />
        </Text>
      ),
    },
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
    <BalanceLogTable
      label={t('detail.tabs.balanceLog')}
      log={log}
      decimalPoint={account.data?.decimal_point}
      balancesAfter={[{ accessor: 'holding_balance_after', title: t('log.holdingAfter') }]}
      columns={columns}
      search={search}
      onSearchChange={onSearchChange}
      today={props.today}
    />
  );
}
