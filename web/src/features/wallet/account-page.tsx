import type { WalletAccount } from '@ledger/contracts';
import {
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { balanceLogQuery, walletAccountQuery } from '../../lib/queries/wallet-api.ts';
import type { BalanceLogSearch } from '../../lib/queries/wallet-search.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AmountText } from '../../ui-kit/amount/amount-text.tsx';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { AccountStatusBadge } from '../../ui-kit/ledger/account-status-badge.tsx';
import { BalanceLogTable } from '../../ui-kit/ledger/balance-log-table.tsx';
import { useWalletDialogs } from './wallet-dialogs.tsx';

export type AccountPageProps = {
  seq: number;
  search: BalanceLogSearch;
  onSearchChange: (update: (previous: BalanceLogSearch) => BalanceLogSearch) => void;
  /** Fixed "today" for the date shortcuts (tests). */
  today?: string | undefined;
};

/**
 * One wallet account: its balances and status, rename and transfer, and its balance history
 * (SPEC §2 Wallet): paged, filtered by period with the SPEC §9 shortcuts, ascending or
 * descending, all in the URL.
 */
export function AccountPage({ seq, search, onSearchChange, today }: AccountPageProps) {
  const { t } = useTranslation('wallet');
  const account = useQuery(walletAccountQuery(seq));
  const dialogs = useWalletDialogs();
  const name = account.data?.title ?? account.data?.account_number ?? t('account.titleFallback');
  useDocumentTitle(name);
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/wallet" />}>
          {t('account.back')}
        </Anchor>
        <FailureAlert error={account.error} />
        {account.data === undefined ? undefined : (
          <AccountSummary
            account={account.data}
            onRename={() => account.data && dialogs.rename(account.data)}
            onTransfer={() => account.data && dialogs.transfer(account.data)}
          />
        )}
        <Paper withBorder p="md" component="section" aria-labelledby="balance-history">
          <Stack gap="sm">
            <Title order={2} size="h3" id="balance-history">
              {t('history.title')}
            </Title>
            <BalanceHistory
              seq={seq}
              account={account.data}
              search={search}
              onSearchChange={onSearchChange}
              today={today}
            />
          </Stack>
        </Paper>
      </Stack>
      {dialogs.element}
    </Container>
  );
}

function AccountSummary(props: {
  account: WalletAccount;
  onRename: () => void;
  onTransfer: () => void;
}) {
  const { t } = useTranslation('wallet');
  const locale = useAtomValue(localeAtom);
  const { account } = props;
  const figure = (label: string, amount: string) => (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <AmountText
        amount={amount}
        decimalPoint={account.decimal_point}
        assetCode={account.asset}
        fw={600}
      />
    </Paper>
  );
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={1}>{account.title ?? account.account_number}</Title>
          <AccountStatusBadge status={account.status} />
        </Group>
        <Group gap="sm">
          <Button variant="default" onClick={props.onRename}>
            {t('accounts.rename')}
          </Button>
          <Button onClick={props.onTransfer}>{t('accounts.transfer')}</Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {t('account.identity', {
          number: account.account_number,
          asset: account.asset,
          opened: formatDateTime(account.regdate, locale, { isDateOnly: true }),
        })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {figure(t('columns.balance'), account.balance)}
        {figure(t('columns.holding'), account.holding_balance)}
        {figure(t('columns.available'), account.available_balance)}
      </SimpleGrid>
    </Stack>
  );
}

/** The balance-change log of one account, with the available balance after each change. */
function BalanceHistory(props: {
  seq: number;
  account: WalletAccount | undefined;
  search: BalanceLogSearch;
  onSearchChange: (update: (previous: BalanceLogSearch) => BalanceLogSearch) => void;
  today?: string | undefined;
}) {
  const { t } = useTranslation('wallet');
  const log = useQuery({
    ...balanceLogQuery(props.seq, props.search),
    placeholderData: keepPreviousData,
  });
  return (
    <BalanceLogTable
      label={t('history.title')}
      log={log}
      decimalPoint={props.account?.decimal_point}
      balancesAfter={[{ accessor: 'available_after', title: t('history.availableAfter') }]}
      search={props.search}
      onSearchChange={props.onSearchChange}
      today={props.today}
    />
  );
}
