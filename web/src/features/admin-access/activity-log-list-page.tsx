import { Anchor, Code, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { actorText } from '../../ui-kit/admin/actor-link.tsx';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import {
  ChoiceFilter,
  FilterBar,
  SearchFilter,
  SeqFilter,
} from '../../ui-kit/list/list-filters.tsx';
import { type ListColumn, ListScreen } from '../../ui-kit/list/list-screen.tsx';
import {
  type ActivityRow,
  activityEventTypes,
  activityLogQuery,
  eventDataText,
  eventTypeText,
} from './activity-log.ts';
import type { ActivityLogListSearch } from './admin-access-search.ts';

export type ActivityLogListPageProps = {
  search: ActivityLogListSearch;
  onSearchChange: (update: (previous: ActivityLogListSearch) => ActivityLogListSearch) => void;
};

/**
 * SPEC §2 admin activity-log/list: every identity event but logins (registrations, changes by
 * members and administrators, groups, roles, settings) with who caused it, from where and when;
 * filtered by period, member, event and actor in the URL; CSV/Excel export.
 */
export function ActivityLogListPage({ search, onSearchChange }: ActivityLogListPageProps) {
  const { t } = useTranslation('admin-access');
  const { t: tAdmin } = useTranslation('admin');
  const locale = useAtomValue(localeAtom);
  const log = useQuery({ ...activityLogQuery(search), placeholderData: keepPreviousData });
  const none = t('none');
  const columns: ListColumn<ActivityRow>[] = [
    {
      accessor: 'occurred_at',
      title: t('activity.columns.occurredAt'),
      isSortable: true,
      text: (row) => formatDateTime(row.occurred_at, locale),
    },
    {
      accessor: 'event_type',
      title: t('activity.columns.event'),
      text: (row) => eventTypeText(row.event_type, t),
    },
    {
      accessor: 'actor',
      title: t('activity.columns.actor'),
      text: (row) => actorText(row.actor, t),
    },
    {
      accessor: 'member_seq',
      title: t('activity.columns.member'),
      text: (row) => (row.member_seq === null ? none : String(row.member_seq)),
      render: (row) =>
        row.member_seq === null ? (
          none
        ) : (
          <Anchor component={Link} to={`/admin/member/${row.member_seq}/view`} size="sm">
            {t('activity.memberNumber', { seq: row.member_seq })}
          </Anchor>
        ),
    },
    {
      accessor: 'data',
      title: t('activity.columns.details'),
      text: (row) => eventDataText(row.data),
      render: (row) => (
        <Code fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {eventDataText(row.data)}
        </Code>
      ),
    },
    {
      accessor: 'ip_address',
      title: t('activity.columns.ipAddress'),
      text: (row) => row.ip_address ?? none,
      render: (row) => (
        <Text component="span" size="sm" ff="monospace">
          {row.ip_address ?? none}
        </Text>
      ),
    },
  ];
  const set = (change: Partial<ActivityLogListSearch>) =>
    onSearchChange((previous) => ({ ...previous, ...change, page: 1 }));
  return (
    <ListScreen
      title={tAdmin('screens.activityLogList')}
      search={search}
      onSearchChange={onSearchChange}
      columns={columns}
      rows={log.data?.data}
      total={log.data?.paging.total}
      isFetching={log.isFetching}
      error={log.error}
      rowKey={(row) => row.event_id}
      exportFileName="activity-log"
      filters={
        <FilterBar>
          <SeqFilter
            label={t('filters.memberSeq')}
            value={search.member_seq}
            onChange={(value) => set({ member_seq: value })}
          />
          <ChoiceFilter
            label={t('activity.columns.event')}
            value={search.event_type}
            choices={activityEventTypes.map((type) => ({
              value: type,
              label: eventTypeText(type, t),
            }))}
            onChange={(value) => set({ event_type: value })}
          />
          <SearchFilter
            label={t('activity.actorFilter')}
            description={t('activity.actorFilterHint')}
            value={search.actor}
            onChange={(value) => set({ actor: value })}
          />
        </FilterBar>
      }
    />
  );
}
