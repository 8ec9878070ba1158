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
import { type AdminRealname, type RealnameSearch, realnameListQuery } from './admin-kyc-api.ts';
import type { KycListPageProps } from './kyc-certification-list-page.tsx';
import { memberColumn, realnameStatuses, statusColumn, validColumn } from './kyc-columns.tsx';

/**
 * SPEC §2 admin kyc-realname/list: real-name authentications with authority, sex, nationality,
 * birth date (6 digits), DI, CI, carrier, cell number, validity, expiry, closed date and IP. The
 * personal data is joined at query time; after a member's withdrawal it reads as empty.
 */
export function RealnameListPage({ search, onSearchChange }: KycListPageProps<RealnameSearch>) {
  const { t } = useTranslation('admin-kyc');
  const { t: tAdmin } = useTranslation('admin');
  const locale = useAtomValue(localeAtom);
  const list = useQuery({ ...realnameListQuery(search), placeholderData: keepPreviousData });
  const none = t('none');
  const date = (value: string | null) => (value === null ? none : formatDateTime(value, locale));
  const mono = (value: string | null) => (
    <Text
      component="span"
      size="xs"
      ff="monospace"
      title={value ?? undefined}
      lineClamp={1}
      maw={140}
    >
      {value ?? none}
    </Text>
  );
  const columns: ListColumn<AdminRealname>[] = [
    { accessor: 'seq', title: t('columns.seq'), text: (row) => String(row.seq) },
    {
      accessor: 'regdate',
      title: t('columns.regdate'),
      isSortable: true,
      text: (row) => date(row.regdate),
    },
    memberColumn(t),
    { accessor: 'authority', title: t('columns.authority'), text: (row) => row.authority },
    statusColumn(t),
    { accessor: 'user_name', title: t('columns.userName'), text: (row) => row.user_name ?? none },
    {
      accessor: 'sex',
      title: t('columns.sex'),
      text: (row) => (row.sex === null ? none : t(`sexes.${row.sex as 'male'}`)),
    },
    {
      accessor: 'nationality',
      title: t('columns.nationality'),
      text: (row) =>
        row.nationality === null ? none : t(`nationalities.${row.nationality as 'domestic'}`),
    },
    {
      accessor: 'birth_date',
      title: t('columns.birthDate'),
      text: (row) => row.birth_date ?? none,
    },
    {
      accessor: 'di',
      title: t('columns.di'),
      text: (row) => row.di ?? none,
      render: (row) => mono(row.di),
    },
    {
      accessor: 'ci',
      title: t('columns.ci'),
      text: (row) => row.ci ?? none,
      render: (row) => mono(row.ci),
    },
    {
      accessor: 'cell_carrier',
      title: t('columns.carrier'),
      text: (row) => row.cell_carrier ?? none,
    },
    {
      accessor: 'cell_number',
      title: t('columns.cellNumber'),
      text: (row) => row.cell_number ?? none,
    },
    validColumn(t),
    { accessor: 'expdate', title: t('columns.expdate'), text: (row) => date(row.expdate) },
    {
      accessor: 'closed_date',
      title: t('columns.closedDate'),
      text: (row) => date(row.closed_date),
    },
    { accessor: 'ipaddress', title: t('columns.ipAddress'), text: (row) => row.ipaddress ?? none },
  ];
  const set = (change: Partial<RealnameSearch>) =>
    onSearchChange((previous) => ({ ...previous, ...change, page: 1 }));
  return (
    <ListScreen
      title={tAdmin('screens.kycRealnameList')}
      search={search}
      onSearchChange={onSearchChange}
      columns={columns}
      rows={list.data?.data}
      total={list.data?.paging.total}
      isFetching={list.isFetching}
      error={list.error}
      rowKey={(row) => String(row.seq)}
      exportFileName="realname-authentications"
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
            choices={realnameStatuses.map((status) => ({
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
