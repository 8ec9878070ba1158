import type { AdminWalletAccount, AssetBook } from '@ledger/contracts';
import {
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLedgerLabels } from '../../i18n/labels/ledger-labels.ts';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { memberDetailQuery } from '../../lib/queries/admin-member-queries.ts';
import { useMayCall } from '../../lib/session/member-access.ts';
import { actorText } from '../../ui-kit/admin/actor-link.tsx';
import { memberViewHref } from '../../ui-kit/admin/admin-links.ts';
import { AmountText } from '../../ui-kit/amount/amount-text.tsx';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { AccountStatusBadge } from '../../ui-kit/ledger/account-status-badge.tsx';
import { showSuccessToast } from '../../ui-kit/toasts.ts';
import { AdjustmentForm } from './adjustment-form.tsx';
import { AdjustmentTable } from './adjustment-table.tsx';
import { adminAccountQuery, booksQuery } from './admin-ledger-api.ts';
import { BalanceAtPanel } from './balance-at-panel.tsx';
import { StatusChangeForm } from './status-change-form.tsx';

type Dialog = 'status' | 'adjust' | undefined;

/**
 * SPEC §2 admin account/{seq}/view: the account's balances, status (with the last reason), open
 * holds, the books of its asset, its forced adjustments; the status change (SPEC §4) and the
 * forced adjustment (SPEC §6) start here.
 */
export function AccountViewTab({ seq }: { seq: number }) {
  const { t } = useTranslation('admin-ledger');
  const account = useQuery(adminAccountQuery(seq));
  const [dialog, setDialog] = useState<Dialog>(undefined);
  // The dialog's title follows the status it was opened for, not the one read since. Every hook
  // comes before the early return: a render without the account must call the same hooks.
  const [freezing, setFreezing] = useState(true);
  const mayChangeStatus = useMayCall({
    method: 'PUT',
    path: '/api/v1/admin/account/:seq/status',
  });
  const mayPropose = useMayCall({ method: 'POST', path: '/api/v1/admin/adjustment' });
  if (account.data === undefined) return <FailureAlert error={account.error} />;
  const data = account.data;
  const close = () => setDialog(undefined);
  return (
    <Stack gap="lg">
      <Group gap="sm">
        {mayChangeStatus ? (
          <Button
            color={data.status === 'normal' ? 'red' : 'blue'}
            variant="light"
            onClick={() => {
              setFreezing(data.status === 'normal');
              setDialog('status');
            }}
          >
            {data.status === 'normal' ? t('statusChange.freeze') : t('statusChange.unfreeze')}
          </Button>
        ) : undefined}
        {mayPropose ? (
          <Button color="red" onClick={() => setDialog('adjust')}>
            {t('adjust.open')}
          </Button>
        ) : undefined}
      </Group>
      <AccountFacts account={data} />
      <Holds account={data} />
      <BalanceAtPanel account={data} />
      <AssetBookPanel asset={data.asset} />
      <Paper withBorder p="md">
        <AdjustmentTable
          filter={{ account_seq: seq }}
          label={t('adjustments.accountTitle')}
          emptyText={t('adjustments.accountEmpty')}
        />
      </Paper>
      <Modal
        opened={dialog !== undefined}
        onClose={close}
        title={
          dialog === 'adjust'
            ? t('adjust.title')
            : freezing
              ? t('statusChange.freezeTitle')
              : t('statusChange.unfreezeTitle')
        }
        size={dialog === 'adjust' ? 'lg' : 'md'}
        centered
        closeButtonProps={{ 'aria-label': t('actions.close') }}
      >
        {dialog === 'status' ? (
          <StatusChangeForm
            account={data}
            onCancel={close}
            onDone={(status) => {
              close();
              showSuccessToast(
                status === 'fraud' ? t('statusChange.frozen') : t('statusChange.unfrozen'),
              );
            }}
          />
        ) : dialog === 'adjust' ? (
          <AdjustmentForm
            account={data}
            onCancel={close}
            onDone={(adjustment) => {
              close();
              showSuccessToast(
                adjustment.status === 'executed'
                  ? t('adjust.executed')
                  : adjustment.status === 'proposed'
                    ? t('adjust.awaitingApproval')
                    : t('adjust.failed'),
              );
            }}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}

function Fact(props: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <div>{props.children}</div>
    </Stack>
  );
}

function AccountFacts({ account }: { account: AdminWalletAccount }) {
  const { t } = useTranslation('admin-ledger');
  const { t: tAccess } = useTranslation('admin-access');
  const locale = useAtomValue(localeAtom);
  // The owner's user id (the same read as the frame's, from the cache).
  const owner = useQuery(memberDetailQuery(account.member_seq));
  const amount = (value: string) => (
    <AmountText
      amount={value}
      decimalPoint={account.decimal_point}
      assetCode={account.asset}
      fw={600}
    />
  );
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
        <Fact label={t('columns.accountNumber')}>
          <Text ff="monospace">{account.account_number}</Text>
        </Fact>
        <Fact label={t('columns.title')}>
          <Text>{account.title ?? '—'}</Text>
        </Fact>
        <Fact label={t('columns.member')}>
          <Anchor component={Link} to={memberViewHref(account.member_seq)}>
            {owner.data?.user_id ?? t('columns.memberSeq', { seq: account.member_seq })}
          </Anchor>
        </Fact>
        <Fact label={t('columns.regdate')}>
          <Text>{formatDateTime(account.regdate, locale)}</Text>
        </Fact>
        <Fact label={t('columns.balance')}>{amount(account.balance)}</Fact>
        <Fact label={t('columns.holding')}>{amount(account.holding_balance)}</Fact>
        <Fact label={t('columns.available')}>{amount(account.available_balance)}</Fact>
        <Fact label={t('columns.status')}>
          <AccountStatusBadge status={account.status} />
        </Fact>
        <Fact label={t('view.ledgerAccount')}>
          <Text ff="monospace" size="sm">
            {account.account}
          </Text>
        </Fact>
        <Fact label={t('view.statusReason')}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {account.status_reason ?? t('view.noStatusReason')}
          </Text>
        </Fact>
        {account.status_noted_at === null ? undefined : (
          <Fact label={t('view.statusNoted')}>
            <Text size="sm">
              {t('view.statusNotedBy', {
                at: formatDateTime(account.status_noted_at, locale),
                by:
                  account.status_noted_by === null
                    ? '—'
                    : actorText(account.status_noted_by, tAccess),
              })}
            </Text>
          </Fact>
        )}
      </SimpleGrid>
    </Paper>
  );
}

function Holds({ account }: { account: AdminWalletAccount }) {
  const { t } = useTranslation('admin-ledger');
  const locale = useAtomValue(localeAtom);
  const holds = account.holds ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="account-holds">
      <Stack gap="sm">
        <Title order={2} size="h4" id="account-holds">
          {t('holds.title')}
        </Title>
        {holds.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('holds.empty')}
          </Text>
        ) : (
          <Table striped aria-labelledby="account-holds">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('holds.placedAt')}</Table.Th>
                <Table.Th>{t('holds.reason')}</Table.Th>
                <Table.Th ta="right">{t('holds.amount')}</Table.Th>
                <Table.Th>{t('holds.expiresAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {holds.map((hold) => (
                <Table.Tr key={hold.hold_id}>
                  <Table.Td>{formatDateTime(hold.placed_at, locale)}</Table.Td>
                  <Table.Td>{hold.reason}</Table.Td>
                  <Table.Td ta="right">
                    <AmountText
                      amount={hold.amount}
                      decimalPoint={account.decimal_point}
                      size="sm"
                    />
                  </Table.Td>
                  <Table.Td>
                    {hold.expires_at === null
                      ? t('holds.noExpiry')
                      : formatDateTime(hold.expires_at, locale)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

/** The books of the account's asset: every system account, the members' total, the sum (zero). */
function AssetBookPanel({ asset }: { asset: string }) {
  const { t } = useTranslation('admin-ledger');
  const labels = useLedgerLabels();
  const books = useQuery(booksQuery());
  const book: AssetBook | undefined = books.data?.find((candidate) => candidate.asset === asset);
  const amount = (value: string) =>
    book === undefined ? null : (
      <AmountText amount={value} decimalPoint={book.decimal_point} size="sm" />
    );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="asset-book">
      <Stack gap="sm">
        <Title order={2} size="h4" id="asset-book">
          {t('book.title', { asset })}
        </Title>
        <FailureAlert error={books.error} />
        {book === undefined ? undefined : (
          <Table striped aria-labelledby="asset-book">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('book.account')}</Table.Th>
                <Table.Th ta="right">{t('columns.balance')}</Table.Th>
                <Table.Th ta="right">{t('columns.holding')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {book.system_accounts.map((system) => (
                <Table.Tr key={system.account}>
                  <Table.Td>{labels.systemRole(system.system_role)}</Table.Td>
                  <Table.Td ta="right">{amount(system.balance)}</Table.Td>
                  <Table.Td ta="right">{amount(system.holding_balance)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td>{t('book.members', { accounts: book.member_accounts })}</Table.Td>
                <Table.Td ta="right">{amount(book.member_balance_total)}</Table.Td>
                <Table.Td ta="right">{amount(book.member_holding_total)}</Table.Td>
              </Table.Tr>
              <Table.Tr fw={700}>
                <Table.Td>{t('book.sum')}</Table.Td>
                <Table.Td ta="right" {...(/^-?0(\.0+)?$/.test(book.sum) ? {} : { c: 'red' })}>
                  {amount(book.sum)}
                </Table.Td>
                <Table.Td />
              </Table.Tr>
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
