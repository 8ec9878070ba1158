import type { UseQueryResult } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import {
  ChoiceFilter,
  FilterBar,
  SearchFilter,
  SeqFilter,
} from '../../ui-kit/list/list-filters.tsx';
import { type ListColumn, ListScreen } from '../../ui-kit/list/list-screen.tsx';
import type { ListSearch } from '../../ui-kit/list/list-search.ts';
import { memberColumn } from './kyc-columns.tsx';

export type KycListPageProps<Search> = {
  search: Search;
  onSearchChange: (update: (previous: Search) => Search) => void;
};

/** What every admin KYC list row has: its number, date and member. */
type KycListRow = { seq: number; regdate: string; member_seq: number; user_id: string | null };

/** What every admin KYC list filters by: user id (`search`), member number and status. */
type KycListSearch<Status extends string> = ListSearch & {
  member_seq?: number | undefined;
  status?: Status | undefined;
};

type KycListScreenProps<
  Row extends KycListRow,
  Status extends string,
  Search extends KycListSearch<Status>,
> = KycListPageProps<Search> & {
  title: string;
  exportFileName: string;
  /** The page's read (`useQuery` of one of admin-kyc-api's list queries). */
  list: UseQueryResult<{ data: Row[]; paging: { total: number } }>;
  /** The statuses the status filter offers. */
  statuses: readonly Status[];
  /** The page's own columns, shown after the number, date and member. */
  columns: ListColumn<Row>[];
};

/**
 * The admin KYC list screens (certification, real-name, withdrawal address): number, date and
 * member columns first, then the page's own; filters by user id, member number and status.
 */
export function KycListScreen<
  Row extends KycListRow,
  Status extends string,
  Search extends KycListSearch<Status>,
>({
  title,
  exportFileName,
  list,
  statuses,
  columns,
  search,
  onSearchChange,
}: KycListScreenProps<Row, Status, Search>) {
  const { t } = useTranslation('admin-kyc');
  const locale = useAtomValue(localeAtom);
  const leading: ListColumn<Row>[] = [
    { accessor: 'seq', title: t('columns.seq'), text: (row) => String(row.seq) },
    {
      accessor: 'regdate',
      title: t('columns.regdate'),
      isSortable: true,
      text: (row) => formatDateTime(row.regdate, locale),
    },
    memberColumn(t),
  ];
  const set = (change: Partial<KycListSearch<Status>>) =>
    onSearchChange((previous) => ({ ...previous, ...change, page: 1 }));
  return (
    <ListScreen
      title={title}
      search={search}
      onSearchChange={onSearchChange}
      columns={[...leading, ...columns]}
      rows={list.data?.data}
      total={list.data?.paging.total}
      isFetching={list.isFetching}
      error={list.error}
      rowKey={(row) => String(row.seq)}
      exportFileName={exportFileName}
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
            choices={statuses.map((status) => ({
              value: status,
              label: t(`statuses.${status as 'requested'}`),
            }))}
            onChange={(value) => set({ status: value })}
          />
        </FilterBar>
      }
    />
  );
}
