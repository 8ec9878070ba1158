import type { MemberInfo } from '@ledger/contracts';
import { Anchor } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { allMemberGroupsQuery, memberListQuery } from '../../lib/queries/admin-member-queries.ts';
import { memberViewHref } from '../../ui-kit/admin/admin-links.ts';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import { ChoiceFilter, FilterBar, SearchFilter } from '../../ui-kit/list/list-filters.tsx';
import { type ListColumn, ListScreen } from '../../ui-kit/list/list-screen.tsx';
import type { MemberListSearch } from './admin-list-search.ts';
import { MemberStatusBadges, memberStatusText } from './member-status.tsx';

export type MemberListPageProps = {
  search: MemberListSearch;
  onSearchChange: (update: (previous: MemberListSearch) => MemberListSearch) => void;
};

const securityLevels = Array.from({ length: 11 }, (_, level) => level);

/**
 * SPEC §2 admin member/list: server paging and sorting (join date, number, recent login, security
 * level), filters (text, standing, administrators, withdrawn, security level, group) and the period
 * of joining, all in the URL; CSV/Excel export of the rows shown; each member opens its view.
 */
export function MemberListPage({ search, onSearchChange }: MemberListPageProps) {
  const { t } = useTranslation('admin-members');
  const { t: tAdmin } = useTranslation('admin');
  const locale = useAtomValue(localeAtom);
  const members = useQuery({ ...memberListQuery(search), placeholderData: keepPreviousData });
  const groups = useQuery(allMemberGroupsQuery());
  const date = (value: string | null) =>
    value === null ? t('members.never') : formatDateTime(value, locale);
  const columns: ListColumn<MemberInfo>[] = [
    {
      accessor: 'seq',
      title: t('members.columns.seq'),
      isSortable: true,
      text: (row) => String(row.seq),
    },
    { accessor: 'uid', title: t('members.columns.uid'), text: (row) => row.uid },
    {
      accessor: 'user_id',
      title: t('members.columns.userId'),
      text: (row) => row.user_id ?? t('members.erased'),
      render: (row) => (
        <Anchor component={Link} to={memberViewHref(row.seq)} size="sm">
          {row.user_id ?? t('members.erased')}
        </Anchor>
      ),
    },
    {
      accessor: 'user_name',
      title: t('members.columns.userName'),
      text: (row) => row.user_name ?? '',
    },
    {
      accessor: 'email_address',
      title: t('members.columns.email'),
      text: (row) => row.email_address ?? '',
    },
    {
      accessor: 'security_level',
      title: t('members.columns.securityLevel'),
      isSortable: true,
      textAlign: 'right',
      text: (row) => new Intl.NumberFormat(locale).format(row.security_level),
    },
    {
      accessor: 'status',
      title: t('members.columns.status'),
      text: (row) => memberStatusText(row, t),
      render: (row) => <MemberStatusBadges member={row} />,
    },
    {
      accessor: 'regdate',
      title: t('members.columns.joined'),
      isSortable: true,
      text: (row) => date(row.regdate),
    },
    {
      accessor: 'last_login',
      title: t('members.columns.lastLogin'),
      isSortable: true,
      text: (row) => date(row.last_login),
    },
  ];
  const set = (change: Partial<MemberListSearch>) =>
    onSearchChange((previous) => ({ ...previous, ...change, page: 1 }));
  const yesNo = [
    { value: true, label: t('filters.yes') },
    { value: false, label: t('filters.no') },
  ];
  return (
    <ListScreen
      title={tAdmin('screens.memberList')}
      search={search}
      onSearchChange={onSearchChange}
      columns={columns}
      rows={members.data?.data}
      total={members.data?.paging.total}
      isFetching={members.isFetching}
      error={members.error}
      rowKey={(row) => String(row.seq)}
      emptyText={t('members.empty')}
      exportFileName="members"
      filters={
        <FilterBar>
          <SearchFilter
            label={t('members.filters.search')}
            value={search.search}
            onChange={(value) => set({ search: value })}
          />
          <ChoiceFilter
            label={t('members.filters.denied')}
            value={search.is_denied}
            choices={yesNo}
            onChange={(value) => set({ is_denied: value })}
          />
          <ChoiceFilter
            label={t('members.filters.administrator')}
            value={search.is_admin}
            choices={yesNo}
            onChange={(value) => set({ is_admin: value })}
          />
          <ChoiceFilter
            label={t('members.filters.alive')}
            value={search.is_alive}
            choices={[
              { value: true, label: t('status.active') },
              { value: false, label: t('status.withdrawn') },
            ]}
            onChange={(value) => set({ is_alive: value })}
          />
          <ChoiceFilter
            label={t('members.filters.securityLevel')}
            value={search.security_level}
            choices={securityLevels.map((level) => ({
              value: level,
              label: new Intl.NumberFormat(locale).format(level),
            }))}
            onChange={(value) => set({ security_level: value })}
          />
          <ChoiceFilter
            label={t('members.filters.group')}
            value={search.group_seq}
            choices={(groups.data ?? []).map((group) => ({
              value: group.group_seq,
              label: group.name,
            }))}
            onChange={(value) => set({ group_seq: value })}
          />
        </FilterBar>
      }
    />
  );
}
