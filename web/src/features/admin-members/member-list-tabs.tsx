import type { MemberInfo } from '@ledger/contracts';
import { Anchor, Group, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import {
  memberInviteRelationQuery,
  memberUnknownTabQuery,
} from '../../lib/queries/admin-member-queries.ts';
import { memberViewHref } from '../../ui-kit/admin/admin-links.ts';
import {
  type LoginLogRow,
  loginLogQuery,
  useLoginLogColumns,
} from '../../ui-kit/admin/login-log.tsx';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import type { ListColumn } from '../../ui-kit/list/list-screen.tsx';
import type { ListSearch } from '../../ui-kit/list/list-search.ts';
import { MemberTabTable } from '../../ui-kit/list/member-tab-table.tsx';
import type { MemberTabSearch } from './admin-list-search.ts';
import { MemberStatusBadges, memberStatusText } from './member-status.tsx';

type TabProps<Search extends ListSearch> = {
  seq: number;
  search: Search;
  onSearchChange: (update: (previous: Search) => Search) => void;
};

type UnknownRow = Record<string, unknown>;

function field(row: UnknownRow, name: string): string {
  const value = row[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function rowKeyOf(row: UnknownRow): string {
  return field(row, 'seq') || field(row, 'client_id') || JSON.stringify(row);
}

/**
 * SPEC §2 member/{seq}/oauth2-client: the member's OAuth2 clients (SPEC §3: name, id, redirect
 * URI), active or revoked; they are registered and managed on admin oauth2-client/list.
 */
export function MemberOauth2ClientTab({ seq, search, onSearchChange }: TabProps<MemberTabSearch>) {
  const { t } = useTranslation('admin-members');
  const locale = useAtomValue(localeAtom);
  const clients = useQuery({
    ...memberUnknownTabQuery(seq, 'oauth2-client', search),
    placeholderData: keepPreviousData,
  });
  const columns: ListColumn<UnknownRow>[] = [
    { accessor: 'name', title: t('oauth2Clients.name'), text: (row) => field(row, 'name') },
    {
      accessor: 'client_id',
      title: t('oauth2Clients.clientId'),
      text: (row) => field(row, 'client_id'),
    },
    {
      accessor: 'redirect_uri',
      title: t('oauth2Clients.redirectUri'),
      text: (row) => field(row, 'redirect_uri'),
    },
    {
      accessor: 'regdate',
      title: t('oauth2Clients.regdate'),
      isSortable: true,
      text: (row) => formatDateTime(field(row, 'regdate'), locale),
    },
    {
      accessor: 'revoked_at',
      title: t('oauth2Clients.state'),
      text: (row) =>
        field(row, 'revoked_at') === '' ? t('oauth2Clients.active') : t('oauth2Clients.revoked'),
    },
  ];
  return (
    <MemberTabTable
      label={t('detail.tabs.oauth2Client')}
      search={search}
      onSearchChange={onSearchChange}
      columns={columns}
      rows={clients.data?.data}
      total={clients.data?.paging.total}
      isFetching={clients.isFetching}
      error={clients.error}
      rowKey={rowKeyOf}
      emptyText={t('oauth2Clients.empty')}
    />
  );
}

/** SPEC §2 member/{seq}/invite-relation: who invited the member, and the members it invited. */
export function MemberInviteRelationTab({
  seq,
  search,
  onSearchChange,
}: TabProps<MemberTabSearch>) {
  const { t } = useTranslation('admin-members');
  const locale = useAtomValue(localeAtom);
  const relation = useQuery({
    ...memberInviteRelationQuery(seq, search),
    placeholderData: keepPreviousData,
  });
  const inviter = relation.data?.inviter;
  const columns: ListColumn<MemberInfo>[] = [
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
    { accessor: 'uid', title: t('members.columns.uid'), text: (row) => row.uid },
    {
      accessor: 'user_name',
      title: t('members.columns.userName'),
      text: (row) => row.user_name ?? '',
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
      text: (row) => formatDateTime(row.regdate, locale),
    },
  ];
  return (
    <MemberTabTable
      label={t('invites.invitees')}
      search={search}
      onSearchChange={onSearchChange}
      columns={columns}
      rows={relation.data?.data}
      total={relation.data?.paging.total}
      isFetching={relation.isFetching}
      error={relation.error}
      rowKey={(row) => String(row.seq)}
      emptyText={t('invites.empty')}
      header={
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {t('invites.invitedBy')}
          </Text>
          {inviter === undefined || inviter.seq === null ? (
            <Text size="sm">{t('invites.noInviter')}</Text>
          ) : (
            <Anchor component={Link} to={memberViewHref(inviter.seq)} size="sm">
              {inviter.user_id ?? t('members.erased')}
            </Anchor>
          )}
        </Group>
      }
    />
  );
}

/** SPEC §2 member/{seq}/loginlog: the member's login attempts with IP and user agent. */
export function MemberLoginlogTab<Search extends ListSearch>({
  seq,
  search,
  onSearchChange,
}: TabProps<Search>) {
  const { t } = useTranslation('admin-members');
  const log = useQuery({ ...loginLogQuery(search, seq), placeholderData: keepPreviousData });
  const columns = useLoginLogColumns(false);
  return (
    <MemberTabTable<LoginLogRow, Search>
      label={t('detail.tabs.loginlog')}
      search={search}
      onSearchChange={onSearchChange}
      columns={columns}
      rows={log.data?.data}
      total={log.data?.paging.total}
      isFetching={log.isFetching}
      error={log.error}
      rowKey={(row) => row.attempt_id}
      emptyText={t('loginlog.empty')}
      header={
        <Anchor
          size="sm"
          renderRoot={(props) => (
            <Link {...props} to="/admin/loginlog/list" search={{ member_seq: seq }} />
          )}
        >
          {t('loginlog.openFullLog')}
        </Anchor>
      }
    />
  );
}
