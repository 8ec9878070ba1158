import { Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import { type ListColumn, ListScreen } from '../../ui-kit/list/list-screen.tsx';
import {
  ChoiceFilter,
  FilterBar,
  SearchFilter,
  SeqFilter,
} from '../admin-members/list-filters.tsx';
import { localeAtom } from '../shell/locale-atom.ts';
import {
  type AdminWithdrawAddress,
  type WithdrawAddressSearch,
  withdrawAddressListQuery,
} from './admin-kyc-api.ts';
import type { KycListPageProps } from './kyc-certification-list-page.tsx';
import { kycStatuses, memberColumn, statusColumn, validColumn } from './kyc-columns.tsx';
import { KycReviewActions } from './kyc-review-actions.tsx';

/**
 * SPEC §2 admin kyc-asset-withdraw-address-certification/list: each request's asset, bank code,
 * address and holder name, its review (approve with the valid flag, deny) and validity.
 */
export function WithdrawAddressListPage({
  search,
  onSearchChange,
}: KycListPageProps<WithdrawAddressSearch>) {
  const { t } = useTranslation('admin-kyc');
  const { t: tAdmin } = useTranslation('admin');
  const locale = useAtomValue(localeAtom);
  const list = useQuery({ ...withdrawAddressListQuery(search), placeholderData: keepPreviousData });
  const none = t('none');
  const columns: ListColumn<AdminWithdrawAddress>[] = [
    { accessor: 'seq', title: t('columns.seq'), text: (row) => String(row.seq) },
    {
      accessor: 'regdate',
      title: t('columns.regdate'),
      isSortable: true,
      text: (row) => formatDateTime(row.regdate, locale),
    },
    memberColumn(t),
    { accessor: 'asset', title: t('columns.asset'), text: (row) => row.asset },
    { accessor: 'bank_code', title: t('columns.bankCode'), text: (row) => row.bank_code ?? none },
    {
      accessor: 'withdraw_address',
      title: t('columns.withdrawAddress'),
      text: (row) => row.withdraw_address ?? none,
      render: (row) => (
        <Text component="span" size="xs" ff="monospace">
          {row.withdraw_address ?? none}
        </Text>
      ),
    },
    {
      accessor: 'holder_name',
      title: t('columns.holderName'),
      text: (row) => row.holder_name ?? none,
    },
    statusColumn(t),
    validColumn(t),
    {
      accessor: 'actions',
      title: t('columns.actions'),
      text: () => '',
      render: (row) => (
        <KycReviewActions
          target="kyc-asset-withdraw-address-certification"
          seq={row.seq}
          status={row.status}
          isValid={row.is_valid}
        />
      ),
    },
  ];
  const set = (change: Partial<WithdrawAddressSearch>) =>
    onSearchChange((previous) => ({ ...previous, ...change, page: 1 }));
  return (
    <ListScreen
      title={tAdmin('screens.kycWithdrawAddressList')}
      search={search}
      onSearchChange={onSearchChange}
      columns={columns}
      rows={list.data?.data}
      total={list.data?.paging.total}
      isFetching={list.isFetching}
      error={list.error}
      rowKey={(row) => String(row.seq)}
      exportFileName="withdraw-address-certifications"
      filters={
        <FilterBar>
          <SearchFilter
            label={t('filters.userId')}
            value={search.search}
            onChange={(value) => set({ search: value })}
          />
          <SeqFilter
            label={t('filters.memberSeq')}
            value={search.member_seq}
            onChange={(value) => set({ member_seq: value })}
          />
          <ChoiceFilter
            label={t('columns.status')}
            value={search.status}
            choices={kycStatuses.map((status) => ({
              value: status,
              label: t(`statuses.${status}`),
            }))}
            onChange={(value) => set({ status: value })}
          />
        </FilterBar>
      }
    />
  );
}
