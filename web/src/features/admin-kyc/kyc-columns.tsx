import { Anchor, Badge } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import type { ListColumn } from '../../ui-kit/list/list-screen.tsx';
import type { ReviewTarget } from './admin-kyc-api.ts';
import { KycReviewActions } from './kyc-review-actions.tsx';

const statusColors: Record<string, string> = {
  requested: 'blue',
  started: 'blue',
  approved: 'teal',
  authenticated: 'teal',
  denied: 'red',
  failed: 'red',
  closed: 'gray',
};

export const kycStatuses = ['requested', 'approved', 'denied'] as const;
export const realnameStatuses = ['started', 'authenticated', 'failed', 'closed'] as const;

export function statusText(status: string, t: TFunction<'admin-kyc'>): string {
  return status in statusColors ? t(`statuses.${status as 'requested'}`) : status;
}

/** The member column: the user id linking to the member's view (erased: the member number). */
export function memberColumn<Row extends { member_seq: number; user_id: string | null }>(
  t: TFunction<'admin-kyc'>,
): ListColumn<Row> {
  return {
    accessor: 'member',
    title: t('columns.member'),
    text: (row) => row.user_id ?? String(row.member_seq),
    render: (row) => (
      <Anchor component={Link} to={`/admin/member/${row.member_seq}/view`} size="sm">
        {row.user_id ?? t('memberNumber', { seq: row.member_seq })}
      </Anchor>
    ),
  };
}

export function statusColumn<Row extends { status: string }>(
  t: TFunction<'admin-kyc'>,
): ListColumn<Row> {
  return {
    accessor: 'status',
    title: t('columns.status'),
    text: (row) => statusText(row.status, t),
    render: (row) => (
      <Badge size="sm" variant="light" color={statusColors[row.status] ?? 'gray'} miw="max-content">
        {statusText(row.status, t)}
      </Badge>
    ),
  };
}

export function validColumn<Row extends { is_valid: boolean; status: string }>(
  t: TFunction<'admin-kyc'>,
): ListColumn<Row> {
  return {
    accessor: 'is_valid',
    title: t('columns.valid'),
    text: (row) =>
      row.status === 'approved' || row.status === 'authenticated'
        ? row.is_valid
          ? t('yes')
          : t('no')
        : t('none'),
  };
}

/** The review column: approve (with the valid flag) or deny a request, or change its validity. */
export function reviewColumn<Row extends { seq: number; status: string; is_valid: boolean }>(
  t: TFunction<'admin-kyc'>,
  target: ReviewTarget,
): ListColumn<Row> {
  return {
    accessor: 'actions',
    title: t('columns.actions'),
    text: () => '',
    render: (row) => (
      <KycReviewActions target={target} seq={row.seq} status={row.status} isValid={row.is_valid} />
    ),
  };
}
