import type { Withdrawal } from '@ledger/contracts';
import { Alert, Button } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DynamicT, useWithdrawLabels } from '../../i18n/labels/withdraw-labels.ts';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { useCatalogScale } from '../../lib/queries/catalog-scale.ts';
import { confirmApproveAll } from '../../ui-kit/admin/approve-all-confirm.ts';
import { formatAmount } from '../../ui-kit/amount/amount-format.ts';
import { confirmAction } from '../../ui-kit/dialogs/confirm-dialog.tsx';
import { TextPromptDialog } from '../../ui-kit/dialogs/text-prompt-dialog.tsx';
import { ChoiceFilter, FilterBar, SeqFilter } from '../../ui-kit/list/list-filters.tsx';
import { ResourceListPage } from '../../ui-kit/list/resource-list-page.tsx';
import { useSubmissionKey } from '../../ui-kit/submission-key.ts';
import { showSuccessToast, toastFailure } from '../../ui-kit/toasts.ts';
import {
  adminWithdrawListQuery,
  approveAllMutation,
  previewWithdrawApproveAll,
  withdrawActionMutation,
} from './admin-withdraw-api.ts';
import type { AdminWithdrawListSearch } from './admin-withdraw-search.ts';
import { type Asking, useWithdrawColumns } from './withdraw-columns.tsx';

export type WithdrawListPageProps = {
  search: AdminWithdrawListSearch;
  onSearchChange: (update: (previous: AdminWithdrawListSearch) => AdminWithdrawListSearch) => void;
  today?: string | undefined;
};

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
  const scaleOf = useCatalogScale();
  const [isPreviewing, setIsPreviewing] = useState(false);
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
    setIsPreviewing(true);
    const preview = await previewWithdrawApproveAll()
      .catch(toastFailure)
      .finally(() => setIsPreviewing(false));
    if (preview === undefined) return;
    const isConfirmed = await confirmApproveAll({
      title: t('actions.approveAllTitle'),
      message: t('actions.approveAllMessage'),
      preview,
      locale,
      scaleOf,
    });
    if (isConfirmed) approveAll.mutate(undefined);
  };
  const submitAsked = (value: string) => {
    if (asking === undefined) return;
    const withdrawalId = asking.row.withdrawal_id;
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

  const columns = useWithdrawColumns({
    approve: (row) => void approve(row),
    resend: (row) => void resend(row),
    ask: setAsking,
  });
  const askLabel =
    asking?.kind === 'reject' || asking?.kind === 'fail' ? t('ask.reason') : t('ask.txid');
  return (
    <ResourceListPage
      title={tAdmin('screens.withdrawList')}
      actions={
        <Button onClick={() => void askApproveAll()} loading={approveAll.isPending || isPreviewing}>
          {t('actions.approveAll')}
        </Button>
      }
      list={list}
      search={search}
      onSearchChange={onSearchChange}
      columns={columns}
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
    >
      <TextPromptDialog
        opened={asking !== undefined}
        onClose={() => setAsking(undefined)}
        title={asking === undefined ? '' : dynamicText(`ask.${asking.kind}`)}
        notice={
          asking?.kind === 'keyIn' ? (
            <Alert color="orange">{t('actions.duplicateWarning')}</Alert>
          ) : undefined
        }
        label={askLabel}
        value={text}
        onChange={setText}
        error={action.error}
        cancelLabel={t('ask.cancel')}
        confirmLabel={t('ask.confirm')}
        onSubmit={submitAsked}
      />
    </ResourceListPage>
  );
}
