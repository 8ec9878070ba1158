import type { WalletAccount, WalletAsset } from '@ledger/contracts';
import { Anchor, Button, Container, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useLedgerLabels } from '../../i18n/labels/ledger-labels.ts';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { walletAccountsQuery, walletAssetsQuery } from '../../lib/queries/wallet-api.ts';
import type { WalletSearch } from '../../lib/queries/wallet-search.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { formatAmount } from '../../ui-kit/amount/amount-format.ts';
import { AmountText } from '../../ui-kit/amount/amount-text.tsx';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { AccountStatusBadge } from '../../ui-kit/ledger/account-status-badge.tsx';
import { ChoiceFilter } from '../../ui-kit/list/list-filters.tsx';
import type { ListColumn } from '../../ui-kit/list/list-screen.tsx';
import { MemberTabTable } from '../../ui-kit/list/member-tab-table.tsx';
import { AccountActions } from './account-actions.tsx';
import { useWalletDialogs } from './wallet-dialogs.tsx';

export type WalletPageProps = {
  search: WalletSearch;
  onSearchChange: (update: (previous: WalletSearch) => WalletSearch) => void;
};

/**
 * SPEC §2 Wallet: the asset list (every asset the exchange keeps, with the member's totals and an
 * "open account" button), the account list (title, number, balance, holding, available, status,
 * paged and filtered by asset in the URL), account creation, modification and transfers.
 */
export function WalletPage({ search, onSearchChange }: WalletPageProps) {
  const { t } = useTranslation('wallet');
  useDocumentTitle(t('title'));
  const assets = useQuery(walletAssetsQuery());
  const dialogs = useWalletDialogs(assets.data);
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1}>{t('title')}</Title>
          <Group gap="sm">
            <Button
              variant="default"
              renderRoot={(rootProps) => <Link {...rootProps} to="/wallet/deposit" />}
            >
              {t('nav.deposit')}
            </Button>
            <Button
              variant="default"
              renderRoot={(rootProps) => <Link {...rootProps} to="/wallet/withdraw" />}
            >
              {t('nav.withdraw')}
            </Button>
            <Button onClick={() => dialogs.openAccount()} disabled={assets.data === undefined}>
              {t('open.button')}
            </Button>
          </Group>
        </Group>
        <AssetList
          assets={assets.data}
          error={assets.error}
          onOpenAccount={(asset) => dialogs.openAccount(asset)}
          onShowAccounts={(asset) =>
            onSearchChange((previous) => ({ ...previous, asset, page: 1 }))
          }
        />
        <AccountList
          search={search}
          onSearchChange={onSearchChange}
          assets={assets.data ?? []}
          onRename={dialogs.rename}
          onTransfer={dialogs.transfer}
        />
      </Stack>
      {dialogs.element}
    </Container>
  );
}

function AssetList(props: {
  assets: WalletAsset[] | undefined;
  error: unknown;
  onOpenAccount: (asset: string) => void;
  onShowAccounts: (asset: string) => void;
}) {
  const { t } = useTranslation('wallet');
  const locale = useAtomValue(localeAtom);
  const count = new Intl.NumberFormat(locale);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="wallet-assets">
      <Stack gap="sm">
        <Title order={2} size="h3" id="wallet-assets">
          {t('assets.title')}
        </Title>
        <FailureAlert error={props.error} />
        {props.assets !== undefined && props.assets.length === 0 ? (
          <Text c="dimmed">{t('assets.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-labelledby="wallet-assets">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('assets.asset')}</Table.Th>
                  <Table.Th ta="right">{t('assets.accounts')}</Table.Th>
                  <Table.Th ta="right">{t('columns.balance')}</Table.Th>
                  <Table.Th ta="right">{t('columns.holding')}</Table.Th>
                  <Table.Th ta="right">{t('columns.available')}</Table.Th>
                  <Table.Th>{t('columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(props.assets ?? []).map((asset) => (
                  <Table.Tr key={asset.asset}>
                    <Table.Td fw={600}>{asset.asset}</Table.Td>
                    <Table.Td ta="right">
                      {asset.accounts === 0 ? (
                        count.format(0)
                      ) : (
                        <Anchor
                          component="button"
                          size="sm"
                          onClick={() => props.onShowAccounts(asset.asset)}
                        >
                          {count.format(asset.accounts)}
                        </Anchor>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      <AmountText
                        amount={asset.balance}
                        decimalPoint={asset.decimal_point}
                        size="sm"
                      />
                    </Table.Td>
                    <Table.Td ta="right">
                      <AmountText
                        amount={asset.holding_balance}
                        decimalPoint={asset.decimal_point}
                        size="sm"
                      />
                    </Table.Td>
                    <Table.Td ta="right">
                      <AmountText
                        amount={asset.available_balance}
                        decimalPoint={asset.decimal_point}
                        size="sm"
                      />
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="light"
                        aria-label={t('assets.openIn', { asset: asset.asset })}
                        onClick={() => props.onOpenAccount(asset.asset)}
                      >
                        {t('open.button')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

function AccountList(props: {
  search: WalletSearch;
  onSearchChange: (update: (previous: WalletSearch) => WalletSearch) => void;
  assets: WalletAsset[];
  onRename: (account: WalletAccount) => void;
  onTransfer: (account: WalletAccount) => void;
}) {
  const { t } = useTranslation('wallet');
  const locale = useAtomValue(localeAtom);
  const labels = useLedgerLabels();
  const { search, onSearchChange } = props;
  const accounts = useQuery({ ...walletAccountsQuery(search), placeholderData: keepPreviousData });
  const amount = (value: string, row: WalletAccount) =>
    formatAmount(value, locale, { decimalPoint: row.decimal_point });
  const amountCell = (value: string, row: WalletAccount) => (
    <AmountText amount={value} decimalPoint={row.decimal_point} assetCode={row.asset} size="sm" />
  );
  const columns: ListColumn<WalletAccount>[] = [
    {
      accessor: 'title',
      title: t('columns.title'),
      text: (row) => row.title ?? '',
      render: (row) => (
        <Anchor
          size="sm"
          renderRoot={(rootProps) => (
            <Link
              {...rootProps}
              to="/wallet/account/$account_seq"
              params={{ account_seq: String(row.seq) }}
            />
          )}
        >
          {row.title ?? row.account_number}
        </Anchor>
      ),
    },
    {
      accessor: 'account_number',
      title: t('columns.accountNumber'),
      text: (row) => row.account_number,
    },
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
      title: t('columns.opened'),
      isSortable: true,
      text: (row) => formatDateTime(row.regdate, locale, { isDateOnly: true }),
    },
    {
      accessor: 'actions',
      title: t('columns.actions'),
      text: () => '',
      render: (row) => (
        <AccountActions account={row} onRename={props.onRename} onTransfer={props.onTransfer} />
      ),
    },
  ];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="wallet-accounts">
      <Stack gap="sm">
        <Title order={2} size="h3" id="wallet-accounts">
          {t('accounts.title')}
        </Title>
        <MemberTabTable
          label={t('accounts.title')}
          search={search}
          onSearchChange={onSearchChange}
          columns={columns}
          rows={accounts.data?.data}
          total={accounts.data?.paging.total}
          isFetching={accounts.isFetching}
          error={accounts.error}
          rowKey={(row) => String(row.seq)}
          emptyText={search.asset === undefined ? t('accounts.empty') : t('accounts.emptyForAsset')}
          header={
            <ChoiceFilter
              label={t('accounts.assetFilter')}
              value={search.asset}
              choices={props.assets.map((asset) => ({ value: asset.asset, label: asset.asset }))}
              onChange={(asset) => onSearchChange((previous) => ({ ...previous, asset, page: 1 }))}
            />
          }
        />
      </Stack>
    </Paper>
  );
}
