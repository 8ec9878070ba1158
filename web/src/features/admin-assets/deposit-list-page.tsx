import type { ChainDepositView, DepositRequestView } from '@ledger/contracts';
import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { allAssetsQuery } from '../../lib/queries/asset-queries.ts';
import { useCatalogScale } from '../../lib/queries/catalog-scale.ts';
import { memberViewHref } from '../../ui-kit/admin/admin-links.ts';
import { confirmApproveAll } from '../../ui-kit/admin/approve-all-confirm.ts';
import { formatAmount } from '../../ui-kit/amount/amount-format.ts';
import { AmountText } from '../../ui-kit/amount/amount-text.tsx';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import { confirmAction } from '../../ui-kit/dialogs/confirm-dialog.tsx';
import { TextPromptDialog } from '../../ui-kit/dialogs/text-prompt-dialog.tsx';
import { extraValuesText } from '../../ui-kit/forms/extra-form-fields.tsx';
import { ChoiceFilter, FilterBar, SeqFilter } from '../../ui-kit/list/list-filters.tsx';
import { type ListColumn, ListScreen } from '../../ui-kit/list/list-screen.tsx';
import { showSuccessToast, toastFailure } from '../../ui-kit/toasts.ts';
import {
  adminDepositListQuery,
  adminDepositRequestListQuery,
  type DepositCommand,
  depositCommandMutation,
  previewDepositApproveAll,
} from './admin-assets-api.ts';
import type { AdminDepositSearch } from './admin-assets-search.ts';

export type DepositListPageProps = {
  search: AdminDepositSearch;
  onSearchChange: (update: (previous: AdminDepositSearch) => AdminDepositSearch) => void;
  today?: string | undefined;
};

type Asking =
  | { kind: 'reject'; row: DepositRequestView }
  | { kind: 'attribute'; row: ChainDepositView }
  | { kind: 'return'; row: ChainDepositView };

const chainStatuses = ['pending', 'crediting', 'credited', 'orphaned'] as const;
const requestStatuses = ['requested', 'approved', 'rejected', 'credited', 'failed'] as const;

/**
 * SPEC §2 admin deposit/list: chain deposits (status, confirmations, suspense deposits to
 * attribute to a member account or return to the sender) and deposit requests (approve or reject
 * singly, or approve all). Filters, paging and export come from the list kit.
 */
export function DepositListPage({ search, onSearchChange, today }: DepositListPageProps) {
  const { t } = useTranslation('admin-assets');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tDepositTyped } = useTranslation('deposit');
  // Keys built from server values (statuses, reasons): every one exists (the locale test checks).
  const depositText = tDepositTyped as unknown as (key: string) => string;
  const dynamicText = t as unknown as (key: string) => string;
  const locale = useAtomValue(localeAtom);
  const isChain = search.tab === 'chain';
  const deposits = useQuery({
    ...adminDepositListQuery(search),
    placeholderData: keepPreviousData,
    enabled: isChain,
  });
  const requests = useQuery({
    ...adminDepositRequestListQuery(search),
    placeholderData: keepPreviousData,
    enabled: !isChain,
  });
  const assets = useQuery(allAssetsQuery());
  const scaleOf = useCatalogScale();
  const command = useMutation({
    ...depositCommandMutation(),
    onSuccess: () => {
      showSuccessToast(t('deposits.done'));
      setAsking(undefined);
      setText('');
    },
    onError: toastFailure,
  });
  const [asking, setAsking] = useState<Asking | undefined>();
  const [text, setText] = useState('');
  const [isPreviewing, setIsPreviewing] = useState(false);
  const set = (change: Partial<AdminDepositSearch>) =>
    onSearchChange((previous) => ({ ...previous, ...change, page: 1 }));
  const amountOf = (amount: string, asset: string) =>
    `${formatAmount(amount, locale, { decimalPoint: scaleOf(asset) })} ${asset}`;

  const approve = async (row: DepositRequestView) => {
    const isConfirmed = await confirmAction({
      title: t('deposits.approveTitle'),
      message: t('deposits.approveMessage', {
        amount: amountOf(row.request_amount, row.asset),
        account: row.account_seq,
      }),
    });
    if (isConfirmed) command.mutate({ kind: 'approve', requestId: row.request_id });
  };
  const approveAll = async () => {
    setIsPreviewing(true);
    const preview = await previewDepositApproveAll()
      .catch(toastFailure)
      .finally(() => setIsPreviewing(false));
    if (preview === undefined) return;
    const isConfirmed = await confirmApproveAll({
      title: t('deposits.approveAllTitle'),
      message: t('deposits.approveAllMessage'),
      preview,
      locale,
      scaleOf,
    });
    if (isConfirmed) command.mutate({ kind: 'approveAll' });
  };
  const submitAsked = (value: string) => {
    if (asking === undefined) return;
    const next: DepositCommand =
      asking.kind === 'reject'
        ? { kind: 'reject', requestId: asking.row.request_id, reason: value }
        : asking.kind === 'attribute'
          ? { kind: 'attribute', depositId: asking.row.deposit_id, accountSeq: Number(value) }
          : { kind: 'return', depositId: asking.row.deposit_id, reason: value };
    command.mutate(next);
  };
  const memberLink = (memberSeq: number | null) =>
    memberSeq === null ? (
      ''
    ) : (
      <Anchor component={Link} to={memberViewHref(memberSeq)} size="sm">
        {memberSeq}
      </Anchor>
    );

  const chainColumns: ListColumn<ChainDepositView>[] = [
    {
      accessor: 'regdate',
      title: t('deposits.detectedAt'),
      isSortable: true,
      text: (row) => formatDateTime(row.detected_at, locale),
    },
    {
      accessor: 'member_seq',
      title: t('deposits.member'),
      text: (row) => (row.member_seq === null ? '' : String(row.member_seq)),
      render: (row) => memberLink(row.member_seq),
    },
    {
      accessor: 'account_seq',
      title: t('deposits.account'),
      text: (row) => String(row.account_seq ?? row.resolved_account_seq ?? ''),
    },
    { accessor: 'asset', title: t('deposits.asset'), text: (row) => row.asset },
    {
      accessor: 'amount',
      title: t('deposits.amount'),
      textAlign: 'right',
      text: (row) => formatAmount(row.amount, locale, { decimalPoint: scaleOf(row.asset) }),
      render: (row) => (
        <AmountText amount={row.amount} decimalPoint={scaleOf(row.asset)} size="sm" />
      ),
    },
    {
      accessor: 'confirmations',
      title: t('deposits.confirmations'),
      textAlign: 'right',
      text: (row) => `${row.confirmations} / ${row.confirmations_required}`,
    },
    {
      accessor: 'status',
      title: t('deposits.status'),
      text: (row) => depositText(`status.${row.status}`),
      render: (row) => (
        <Stack gap={2}>
          <Badge color={row.status === 'credited' ? 'green' : 'yellow'}>
            {depositText(`status.${row.status}`)}
          </Badge>
          {row.reorged_after_credit ? (
            <Badge color="red">{t('deposits.reorged')}</Badge>
          ) : undefined}
        </Stack>
      ),
    },
    {
      accessor: 'suspense',
      title: t('deposits.suspense'),
      text: (row) =>
        row.destination === 'suspense'
          ? `${dynamicText(`deposits.suspenseReason.${row.suspense_reason ?? 'memo_missing'}`)} · ${dynamicText(`deposits.suspenseStatus.${row.suspense_status ?? 'open'}`)}`
          : '',
    },
    {
      accessor: 'txid',
      title: t('deposits.txid'),
      text: (row) => `${row.txid}:${row.output}`,
      render: (row) => (
        <Text size="xs" ff="monospace" title={row.txid}>
          {`${row.txid.slice(0, 10)}…:${row.output}`}
        </Text>
      ),
    },
    {
      accessor: 'actions',
      title: t('common.actions'),
      text: () => '',
      render: (row) =>
        row.destination === 'suspense' && row.suspense_status === 'open' ? (
          <Group gap="xs" wrap="nowrap">
            <Button size="compact-xs" onClick={() => setAsking({ kind: 'attribute', row })}>
              {t('deposits.attribute')}
            </Button>
            <Button
              size="compact-xs"
              color="red"
              variant="light"
              onClick={() => setAsking({ kind: 'return', row })}
            >
              {t('deposits.return')}
            </Button>
          </Group>
        ) : undefined,
    },
  ];
  const requestColumns: ListColumn<DepositRequestView>[] = [
    {
      accessor: 'regdate',
      title: t('deposits.requestedAt'),
      isSortable: true,
      text: (row) => formatDateTime(row.regdate, locale),
    },
    { accessor: 'seq', title: t('deposits.seq'), text: (row) => String(row.seq) },
    {
      accessor: 'member_seq',
      title: t('deposits.member'),
      text: (row) => String(row.member_seq),
      render: (row) => memberLink(row.member_seq),
    },
    {
      accessor: 'account_seq',
      title: t('deposits.account'),
      text: (row) => String(row.account_seq),
    },
    { accessor: 'asset', title: t('deposits.asset'), text: (row) => row.asset },
    {
      accessor: 'request_amount',
      title: t('deposits.amount'),
      textAlign: 'right',
      text: (row) => formatAmount(row.request_amount, locale, { decimalPoint: scaleOf(row.asset) }),
      render: (row) => (
        <AmountText amount={row.request_amount} decimalPoint={scaleOf(row.asset)} size="sm" />
      ),
    },
    {
      accessor: 'extra',
      title: t('deposits.extra'),
      text: (row) => extraValuesText(row.extra),
    },
    {
      accessor: 'status',
      title: t('deposits.status'),
      text: (row) =>
        row.reason === null
          ? depositText(`requestStatus.${row.status}`)
          : `${depositText(`requestStatus.${row.status}`)}: ${row.reason}`,
    },
    {
      accessor: 'actions',
      title: t('common.actions'),
      text: () => '',
      render: (row) =>
        row.status === 'requested' ? (
          <Group gap="xs" wrap="nowrap">
            <Button size="compact-xs" onClick={() => void approve(row)}>
              {t('deposits.approve')}
            </Button>
            <Button
              size="compact-xs"
              color="red"
              variant="light"
              onClick={() => setAsking({ kind: 'reject', row })}
            >
              {t('deposits.reject')}
            </Button>
          </Group>
        ) : undefined,
    },
  ];
  const filters = (
    <FilterBar>
      <ChoiceFilter
        label={t('deposits.asset')}
        value={search.asset}
        choices={(assets.data ?? []).map((asset) => ({ value: asset.code, label: asset.code }))}
        onChange={(value) => set({ asset: value })}
      />
      <ChoiceFilter
        label={t('deposits.status')}
        value={search.status}
        choices={(isChain ? chainStatuses : requestStatuses).map((status) => ({
          value: status as string,
          label: isChain ? depositText(`status.${status}`) : depositText(`requestStatus.${status}`),
        }))}
        onChange={(value) => set({ status: value })}
      />
      <SeqFilter
        label={t('deposits.memberSeq')}
        value={search.member_seq}
        onChange={(value) => set({ member_seq: value })}
      />
      {isChain ? (
        <ChoiceFilter
          label={t('deposits.suspense')}
          value={search.suspense}
          choices={[{ value: true, label: t('deposits.suspenseOnly') }]}
          onChange={(value) => set({ suspense: value })}
        />
      ) : undefined}
    </FilterBar>
  );
  const askLabel = asking?.kind === 'attribute' ? t('deposits.targetAccount') : t('common.reason');
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <SegmentedControl
          value={search.tab}
          onChange={(value) =>
            set({ tab: value === 'requests' ? 'requests' : 'chain', status: undefined })
          }
          data={[
            { value: 'chain', label: t('deposits.chainTab') },
            { value: 'requests', label: t('deposits.requestsTab') },
          ]}
        />
        {isChain ? undefined : (
          <Button onClick={() => void approveAll()} loading={command.isPending || isPreviewing}>
            {t('deposits.approveAll')}
          </Button>
        )}
      </Group>
      {isChain ? (
        <ListScreen
          title={tAdmin('screens.depositList')}
          search={search}
          onSearchChange={onSearchChange}
          columns={chainColumns}
          rows={deposits.data?.data}
          total={deposits.data?.paging.total}
          isFetching={deposits.isFetching}
          error={deposits.error}
          rowKey={(row) => row.deposit_id}
          emptyText={t('deposits.empty')}
          exportFileName="deposits"
          today={today}
          filters={filters}
        />
      ) : (
        <ListScreen
          title={tAdmin('screens.depositList')}
          search={search}
          onSearchChange={onSearchChange}
          columns={requestColumns}
          rows={requests.data?.data}
          total={requests.data?.paging.total}
          isFetching={requests.isFetching}
          error={requests.error}
          rowKey={(row) => row.request_id}
          emptyText={t('deposits.requestsEmpty')}
          exportFileName="deposit-requests"
          today={today}
          filters={filters}
        />
      )}
      <TextPromptDialog
        opened={asking !== undefined}
        onClose={() => setAsking(undefined)}
        title={asking === undefined ? '' : t(`deposits.ask.${asking.kind}`)}
        notice={
          asking?.kind === 'return' ? <Text size="sm">{t('deposits.returnHint')}</Text> : undefined
        }
        label={askLabel}
        inputMode={asking?.kind === 'attribute' ? 'numeric' : 'text'}
        value={text}
        onChange={setText}
        error={command.error}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('common.confirm')}
        isPending={command.isPending}
        onSubmit={submitAsked}
      />
    </Stack>
  );
}
