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
  type AdminKycCertification,
  type KycCertificationSearch,
  kycCertificationListQuery,
} from './admin-kyc-api.ts';
import { kycStatuses, memberColumn, statusColumn, validColumn } from './kyc-columns.tsx';
import { KycReviewActions } from './kyc-review-actions.tsx';

export type KycListPageProps<Search> = {
  search: Search;
  onSearchChange: (update: (previous: Search) => Search) => void;
};

/**
 * SPEC §2 admin kyc-certification/list: KYC certification requests with their documents (metadata),
 * the CDD review (approve with the valid flag, deny), validity and expiry; filters by period,
 * member, user id and status; CSV/Excel export.
 */
export function KycCertificationListPage({
  search,
  onSearchChange,
}: KycListPageProps<KycCertificationSearch>) {
  const { t } = useTranslation('admin-kyc');
  const { t: tAdmin } = useTranslation('admin');
  const locale = useAtomValue(localeAtom);
  const list = useQuery({
    ...kycCertificationListQuery(search),
    placeholderData: keepPreviousData,
  });
  const none = t('none');
  const columns: ListColumn<AdminKycCertification>[] = [
    { accessor: 'seq', title: t('columns.seq'), text: (row) => String(row.seq) },
    {
      accessor: 'regdate',
      title: t('columns.regdate'),
      isSortable: true,
      text: (row) => formatDateTime(row.regdate, locale),
    },
    memberColumn(t),
    {
      accessor: 'kyc_type',
      title: t('columns.kycType'),
      text: (row) =>
        row.kyc_type === 'corporate' ? t('kycTypes.corporate') : t('kycTypes.individual'),
    },
    {
      accessor: 'documents',
      title: t('columns.documents'),
      text: (row) =>
        row.documents.length === 0
          ? none
          : row.documents
              .map((document) =>
                t('documentLine', {
                  kind: t(`documentKinds.${document.kind as 'other'}`),
                  name: document.name ?? none,
                }),
              )
              .join(', '),
    },
    statusColumn(t),
    validColumn(t),
    {
      accessor: 'expdate',
      title: t('columns.expdate'),
      text: (row) =>
        row.expdate === null
          ? none
          : row.is_expired
            ? t('expired', { date: formatDateTime(row.expdate, locale) })
            : formatDateTime(row.expdate, locale),
    },
    {
      accessor: 'actions',
      title: t('columns.actions'),
      text: () => '',
      render: (row) => (
        <KycReviewActions
          target="kyc-certification"
          seq={row.seq}
          status={row.status}
          isValid={row.is_valid}
        />
      ),
    },
  ];
  const set = (change: Partial<KycCertificationSearch>) =>
    onSearchChange((previous) => ({ ...previous, ...change, page: 1 }));
  return (
    <ListScreen
      title={tAdmin('screens.kycCertificationList')}
      search={search}
      onSearchChange={onSearchChange}
      columns={columns}
      rows={list.data?.data}
      total={list.data?.paging.total}
      isFetching={list.isFetching}
      error={list.error}
      rowKey={(row) => String(row.seq)}
      exportFileName="kyc-certifications"
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
