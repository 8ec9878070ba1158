import type { Withdrawal } from '@ledger/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Menu,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DynamicT,
  feeText,
  statusColor,
  useRefusalText,
  useWithdrawLabels,
} from '../../i18n/labels/withdraw-labels.ts';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { memberViewHref } from '../../ui-kit/admin/admin-links.ts';
import { formatAmount } from '../../ui-kit/amount/amount-format.ts';
import { AmountText } from '../../ui-kit/amount/amount-text.tsx';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import { confirmAction } from '../../ui-kit/dialogs/confirm-dialog.tsx';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { extraValuesText } from '../../ui-kit/forms/extra-form-fields.tsx';
import { ChoiceFilter, FilterBar, SeqFilter } from '../../ui-kit/list/list-filters.tsx';
import { type ListColumn, ListScreen } from '../../ui-kit/list/list-screen.tsx';
import { useSubmissionKey } from '../../ui-kit/submission-key.ts';
import { showSuccessToast, toastFailure } from '../../ui-kit/toasts.ts';
import {
  adminWithdrawListQuery,
  approveAllMutation,
  withdrawActionMutation,
} from './admin-withdraw-api.ts';
import type { AdminWithdrawListSearch } from './admin-withdraw-search.ts';

export type WithdrawListPageProps = {
  search: AdminWithdrawListSearch;
  onSearchChange: (update: (previous: AdminWithdrawListSearch) => AdminWithdrawListSearch) => void;
  today?: string | undefined;
};

/** An action that needs a text first: a reason (reject, fail) or a txid (complete, key in). */
type Asking = { kind: 'reject' | 'fail' | 'complete' | 'keyIn'; row: Withdrawal };

const isOpenBeforeSent = (row: Withdrawal) =>
  (row.status === 'requested' || row.status === 'approved') && row.hold === 'placed';

/**
 * SPEC §2 admin withdraw/list: every withdrawal with the holder name (personal data, joined at
 * read time), status and amounts; approve or reject singly or all at once; after sending,
 * re-send or key in a txid (both may duplicate a transfer: the SPEC's warning is shown first),
 * complete (the transfer arrived) or fail (it never will: the holds go back).
 */
export function WithdrawListPage({ search, onSearchChange, today }: WithdrawListPageProps) {
  const { t } = useTranslation('admin-withdrawals');
  const dynamicText = t as unknown as DynamicT;
  const { t: tAdmin } = useTranslation('admin');
  const locale = useAtomValue(localeAtom);
  const labels = useWithdrawLabels();
  const refusalText = useRefusalText();
  const list = useQuery({ ...adminWithdrawListQuery(search), placeholderData: keepPreviousData });
  const action = useMutation({
    ...withdrawActionMutation(),
    onSuccess: () => showSuccessToast(t('actions.done')),
    onError: toastFailure,
  });
  const approveAll = useMutation({
    ...approveAllMutation(),
    onSuccess: (approved) => showSuccessToast(t('actions.approvedAll', { count: approved })),
    onError: toastFailure,
  });
  const submissionKey = useSubmissionKey();
  const [asking, setAsking] = useState<Asking | undefined>();
  const [text, setText] = useState('');
  const set = (change: Partial<AdminWithdrawListSearch>) =>
    onSearchChange((previous) => ({ ...previous, ...change, page: 1 }));
  const amountOf = (row: Withdrawal) =>
    `${formatAmount(row.request_amount, locale, { decimalPoint: row.decimal_point })} ${row.asset}`;

  const approve = async (row: Withdrawal) => {
    const isConfirmed = await confirmAction({
      title: t('actions.approveTitle'),
      message: t('actions.approveMessage', {
        amount: amountOf(row),
        address: row.withdraw_address,
      }),
    });
    if (isConfirmed) action.mutate({ kind: 'approve', withdrawalId: row.withdrawal_id });
  };
  const resend = async (row: Withdrawal) => {
    const isConfirmed = await confirmAction({
      title: t('actions.resendTitle'),
      message: t('actions.duplicateWarning'),
      isDestructive: true,
    });
    if (!isConfirmed) return;
    action.mutate({
      kind: 'resend',
      withdrawalId: row.withdrawal_id,
      idempotencyKey: submissionKey.current(),
    });
    submissionKey.renew();
  };
  const askApproveAll = async () => {
    const isConfirmed = await confirmAction({
      title: t('actions.approveAllTitle'),
      message: t('actions.approveAllMessage'),
    });
    if (isConfirmed) approveAll.mutate(undefined);
  };
  const submitAsked = (event: FormEvent) => {
    event.preventDefault();
    if (asking === undefined || text.trim() === '') return;
    const withdrawalId = asking.row.withdrawal_id;
    const value = text.trim();
    if (asking.kind === 'reject' || asking.kind === 'fail')
      action.mutate({ kind: asking.kind, withdrawalId, reason: value });
    else if (asking.kind === 'complete')
      action.mutate({ kind: 'complete', withdrawalId, txid: value });
    else {
      action.mutate({
        kind: 'keyIn',
        withdrawalId,
        txid: value,
        idempotencyKey: submissionKey.current(),
      });
      submissionKey.renew();
    }
    setAsking(undefined);
    setText('');
  };

  const columns: ListColumn<Withdrawal>[] = [
    {
      accessor: 'regdate',
      title: t('columns.regdate'),
      isSortable: true,
      text: (row) => formatDateTime(row.regdate, locale),
    },
    {
      accessor: 'member_seq',
      title: t('columns.member'),
      text: (row) => String(row.member_seq),
      render: (row) => (
        <Anchor component={Link} to={memberViewHref(row.member_seq)} size="sm">
          {row.member_seq}
        </Anchor>
      ),
    },
    {
      accessor: 'account_seq',
      title: t('columns.account'),
      text: (row) => String(row.account_seq),
    },
    {
      accessor: 'holder_name',
      title: t('columns.holderName'),
      text: (row) => row.holder_name ?? '',
    },
    {
      accessor: 'extra',
      title: t('columns.extra'),
      text: (row) => extraValuesText(row.extra),
    },
    { accessor: 'asset', title: t('columns.asset'), text: (row) => row.asset },
    {
      accessor: 'request_amount',
      title: t('columns.requestAmount'),
      textAlign: 'right',
      text: (row) => formatAmount(row.request_amount, locale, { decimalPoint: row.decimal_point }),
      render: (row) => (
        <AmountText amount={row.request_amount} decimalPoint={row.decimal_point} size="sm" />
      ),
    },
    {
      accessor: 'fee_amount',
      title: t('columns.fee'),
      textAlign: 'right',
      text: (row) => `${feeText(row, locale)} (${labels.feeType(row.fee_type)})`,
    },
    {
      accessor: 'net_amount',
      title: t('columns.netAmount'),
      textAlign: 'right',
      text: (row) => formatAmount(row.net_amount, locale, { decimalPoint: row.decimal_point }),
      render: (row) => (
        <AmountText amount={row.net_amount} decimalPoint={row.decimal_point} size="sm" />
      ),
    },
    {
      accessor: 'withdraw_address',
      title: t('columns.address'),
      text: (row) => row.withdraw_address,
    },
    { accessor: 'bank_code', title: t('columns.bankCode'), text: (row) => row.bank_code ?? '' },
    {
      accessor: 'txid',
      title: t('columns.txid'),
      text: (row) => row.confirmed_txid ?? row.txid ?? '',
      // The whole txid is in the export and the title; the cell shows its start.
      render: (row) => {
        const txid = row.confirmed_txid ?? row.txid;
        return txid === null ? '' : <Code title={txid}>{`${txid.slice(0, 12)}…`}</Code>;
      },
    },
    {
      accessor: 'status',
      title: t('columns.status'),
      text: (row) =>
        row.refusal === null
          ? labels.status(row.status)
          : `${labels.status(row.status)}: ${refusalText(row.refusal.type)}`,
      render: (row) => (
        <Stack gap={2}>
          <Badge color={statusColor(row.status)}>{labels.status(row.status)}</Badge>
          {row.refusal === null ? undefined : (
            <Text size="xs" c="dimmed">
              {refusalText(row.refusal.type)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'actions',
      title: t('columns.actions'),
      text: () => '',
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          {row.status === 'requested' && row.hold === 'placed' ? (
            <Button size="compact-xs" onClick={() => void approve(row)}>
              {t('actions.approve')}
            </Button>
          ) : undefined}
          {isOpenBeforeSent(row) ? (
            <Button
              size="compact-xs"
              color="red"
              variant="light"
              onClick={() => setAsking({ kind: 'reject', row })}
            >
              {t('actions.reject')}
            </Button>
          ) : undefined}
          {(row.status === 'sent' && row.confirmed_txid === null) || row.status === 'approved' ? (
            <Menu withinPortal>
              <Menu.Target>
                <Button size="compact-xs" variant="default">
                  {t('actions.more')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {row.status === 'sent' ? (
                  <Menu.Item onClick={() => void resend(row)}>{t('actions.resend')}</Menu.Item>
                ) : undefined}
                <Menu.Item onClick={() => setAsking({ kind: 'keyIn', row })}>
                  {t('actions.keyIn')}
                </Menu.Item>
                {row.status === 'sent' ? (
                  <>
                    <Menu.Item onClick={() => setAsking({ kind: 'complete', row })}>
                      {t('actions.complete')}
                    </Menu.Item>
                    <Menu.Item color="red" onClick={() => setAsking({ kind: 'fail', row })}>
                      {t('actions.fail')}
                    </Menu.Item>
                  </>
                ) : undefined}
              </Menu.Dropdown>
            </Menu>
          ) : undefined}
        </Group>
      ),
    },
  ];
  const askLabel =
    asking?.kind === 'reject' || asking?.kind === 'fail' ? t('ask.reason') : t('ask.txid');
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button onClick={() => void askApproveAll()} loading={approveAll.isPending}>
          {t('actions.approveAll')}
        </Button>
      </Group>
      <ListScreen
        title={tAdmin('screens.withdrawList')}
        search={search}
        onSearchChange={onSearchChange}
        columns={columns}
        rows={list.data?.data}
        total={list.data?.paging.total}
        isFetching={list.isFetching}
        error={list.error}
        rowKey={(row) => row.withdrawal_id}
        emptyText={t('list.empty')}
        exportFileName="withdrawals"
        today={today}
        filters={
          <FilterBar>
            <ChoiceFilter
              label={t('columns.status')}
              value={search.status}
              choices={(
                [
                  'requested',
                  'refused',
                  'approved',
                  'sent',
                  'completed',
                  'cancelled',
                  'rejected',
                  'failed',
                ] as const
              ).map((status) => ({ value: status, label: labels.status(status) }))}
              onChange={(value) => set({ status: value })}
            />
            <SeqFilter
              label={t('list.memberSeq')}
              value={search.member_seq}
              onChange={(value) => set({ member_seq: value })}
            />
          </FilterBar>
        }
      />
      <Modal
        opened={asking !== undefined}
        onClose={() => setAsking(undefined)}
        title={asking === undefined ? '' : dynamicText(`ask.${asking.kind}`)}
      >
        <form onSubmit={submitAsked}>
          <Stack gap="sm">
            {asking?.kind === 'keyIn' ? (
              <Alert color="orange">{t('actions.duplicateWarning')}</Alert>
            ) : undefined}
            <TextInput
              label={askLabel}
              required
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            <FailureAlert error={action.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(undefined)}>
                {t('ask.cancel')}
              </Button>
              <Button type="submit" disabled={text.trim() === ''}>
                {t('ask.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
