import type { Adjustment } from '@ledger/contracts';
import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import i18next from 'i18next';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { useMayCall } from '../../lib/session/member-access.ts';
import { memberViewHref } from '../../ui-kit/admin/admin-links.ts';
import { decimalsOf, formatAmount } from '../../ui-kit/amount/amount-format.ts';
import { AmountText } from '../../ui-kit/amount/amount-text.tsx';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import { confirmAction } from '../../ui-kit/dialogs/confirm-dialog.tsx';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { useSubmissionKey } from '../../ui-kit/submission-key.ts';
import { showSuccessToast } from '../../ui-kit/toasts.ts';
import {
  type AdjustmentFilter,
  adjustmentListQuery,
  approveAdjustmentMutation,
  rejectAdjustmentMutation,
} from './admin-ledger-api.ts';
import { reasonProblem } from './ledger-admin-validation.ts';

/** The ledger's rejections an adjustment can meet, as the problem codes the app localizes. */
const rejectionCodes: Record<string, string> = {
  InsufficientFunds: 'insufficient_funds',
  AccountFrozen: 'account_frozen',
  AccountNotFound: 'account_not_found',
  AccountKindNotAllowed: 'account_kind_not_allowed',
  InvalidAmount: 'amount_invalid',
  AssetMismatch: 'asset_mismatch',
};

/** Why the ledger refused an approved adjustment, in the user's language where the app knows it. */
function failureText(failure: Record<string, unknown>): string {
  const type = typeof failure.type === 'string' ? failure.type : '';
  const code = rejectionCodes[type];
  return code !== undefined && i18next.exists(`codes.${code}`, { ns: 'errors' })
    ? i18next.t(`codes.${code}` as 'codes.internal_error', { ns: 'errors' })
    : type;
}

const statusColors: Record<Adjustment['status'], string> = {
  proposed: 'yellow',
  approved: 'blue',
  rejected: 'gray',
  executed: 'teal',
  failed: 'red',
};

/**
 * Forced adjustments (SPEC §6) with their maker-checker state. A proposal waiting for approval
 * can be approved by another administrator (the server refuses the proposer itself, and its
 * localized refusal is shown) or rejected with a reason.
 */
export function AdjustmentTable(props: {
  filter: Omit<AdjustmentFilter, 'page' | 'page_size'>;
  /** The table's heading (also its accessible name). */
  label: string;
  emptyText: string;
}) {
  const { t } = useTranslation('admin-ledger');
  const locale = useAtomValue(localeAtom);
  const [page, setPage] = useState(1);
  const pageSize = 20;
  const adjustments = useQuery({
    ...adjustmentListQuery({ ...props.filter, page, page_size: pageSize }),
    placeholderData: keepPreviousData,
  });
  const mayApprove = useMayCall({
    method: 'POST',
    path: '/api/v1/admin/adjustment/:adjustmentId/approve',
  });
  const mayReject = useMayCall({
    method: 'POST',
    path: '/api/v1/admin/adjustment/:adjustmentId/reject',
  });
  const approveKey = useSubmissionKey();
  const approve = useMutation({
    ...approveAdjustmentMutation(),
    onSuccess: (adjustment) => {
      approveKey.renew();
      showSuccessToast(
        adjustment.status === 'executed' ? t('adjustments.executed') : t('adjustments.approved'),
      );
    },
  });
  const [rejecting, setRejecting] = useState<Adjustment | undefined>(undefined);
  const rows = adjustments.data?.data ?? [];
  const total = adjustments.data?.paging.total ?? 0;
  const onApprove = async (adjustment: Adjustment) => {
    const isConfirmed = await confirmAction({
      title: t('adjustments.approveTitle'),
      message: t('adjustments.approveMessage', {
        direction: t(`direction.${adjustment.direction}`),
        amount: formatAmount(adjustment.amount, locale, {
          decimalPoint: decimalsOf(adjustment.amount),
        }),
        asset: adjustment.asset,
        account: adjustment.account_seq,
      }),
      confirmLabel: t('adjustments.approve'),
      isDestructive: true,
    });
    if (!isConfirmed) return;
    approveKey.renew();
    approve.mutate({
      fields: { id: adjustment.adjustment_id },
      idempotencyKey: approveKey.current(),
    });
  };
  return (
    <Stack gap="sm" component="section" aria-label={props.label}>
      <Text fw={600}>{props.label}</Text>
      <FailureAlert error={adjustments.error ?? approve.error} />
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {props.emptyText}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped aria-label={props.label}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adjustments.proposedAt')}</Table.Th>
                <Table.Th>{t('adjustments.account')}</Table.Th>
                <Table.Th>{t('adjustments.direction')}</Table.Th>
                <Table.Th ta="right">{t('adjustments.amount')}</Table.Th>
                <Table.Th>{t('adjustments.reason')}</Table.Th>
                <Table.Th>{t('adjustments.status')}</Table.Th>
                <Table.Th>{t('adjustments.proposedBy')}</Table.Th>
                <Table.Th>{t('adjustments.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.adjustment_id}>
                  <Table.Td>{formatDateTime(row.proposed_at, locale)}</Table.Td>
                  <Table.Td>
                    <Anchor
                      size="sm"
                      renderRoot={(rootProps) => (
                        <Link
                          {...rootProps}
                          to="/admin/account/$account_seq/view"
                          params={{ account_seq: String(row.account_seq) }}
                        />
                      )}
                    >
                      {t('adjustments.accountSeq', { seq: row.account_seq })}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{t(`direction.${row.direction}`)}</Table.Td>
                  <Table.Td ta="right">
                    <AmountText
                      amount={row.amount}
                      decimalPoint={decimalsOf(row.amount)}
                      assetCode={row.asset}
                      size="sm"
                    />
                  </Table.Td>
                  <Table.Td maw={280} style={{ whiteSpace: 'pre-wrap' }}>
                    {row.reason}
                  </Table.Td>
                  <Table.Td miw={130}>
                    <Badge color={statusColors[row.status]} variant="light">
                      {t(`adjustmentStatus.${row.status}`)}
                    </Badge>
                    {row.failure === null ? undefined : (
                      <Text size="xs" c="red">
                        {failureText(row.failure)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={memberViewHref(row.proposed_by)} size="sm">
                      {t('adjustments.memberSeq', { seq: row.proposed_by })}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {row.status === 'proposed' ? (
                      <Group gap={6} wrap="nowrap">
                        {mayApprove ? (
                          <Button
                            size="compact-xs"
                            color="red"
                            loading={
                              approve.isPending &&
                              approve.variables?.fields.id === row.adjustment_id
                            }
                            onClick={() => void onApprove(row)}
                          >
                            {t('adjustments.approve')}
                          </Button>
                        ) : undefined}
                        {mayReject ? (
                          <Button
                            size="compact-xs"
                            variant="default"
                            onClick={() => setRejecting(row)}
                          >
                            {t('adjustments.reject')}
                          </Button>
                        ) : undefined}
                      </Group>
                    ) : row.decided_by === null ? undefined : (
                      <Text size="xs" c="dimmed">
                        {t('adjustments.decidedBy', { seq: row.decided_by })}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {total > pageSize ? (
        <Group gap="sm">
          <Button
            size="compact-sm"
            variant="default"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('adjustments.previous')}
          </Button>
          <Text size="sm">
            {t('adjustments.page', { page, pages: Math.ceil(total / pageSize) })}
          </Text>
          <Button
            size="compact-sm"
            variant="default"
            disabled={page * pageSize >= total}
            onClick={() => setPage(page + 1)}
          >
            {t('adjustments.next')}
          </Button>
        </Group>
      ) : undefined}
      <Modal
        opened={rejecting !== undefined}
        onClose={() => setRejecting(undefined)}
        title={t('adjustments.rejectTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('actions.close') }}
      >
        {rejecting === undefined ? null : (
          <RejectForm adjustment={rejecting} onDone={() => setRejecting(undefined)} />
        )}
      </Modal>
    </Stack>
  );
}

function RejectForm(props: { adjustment: Adjustment; onDone: () => void }) {
  const { t } = useTranslation('admin-ledger');
  const submissionKey = useSubmissionKey();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const reject = useMutation({
    ...rejectAdjustmentMutation(),
    onSuccess: () => {
      showSuccessToast(t('adjustments.rejected'));
      props.onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = reasonProblem(reason);
    setProblem(found === undefined ? undefined : t(`form.${found}`));
    if (found !== undefined) return;
    reject.mutate({
      fields: { id: props.adjustment.adjustment_id, reason },
      idempotencyKey: submissionKey.current(),
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('adjustments.rejectTitle')}>
      <Stack gap="sm">
        <Textarea
          label={t('adjustments.rejectReason')}
          required
          rows={3}
          data-autofocus
          value={reason}
          error={problem}
          onChange={(event) => {
            submissionKey.renew();
            setReason(event.currentTarget.value);
          }}
        />
        <FailureAlert error={reject.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" color="red" loading={reject.isPending}>
            {t('adjustments.reject')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
