import { Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import type { ListColumn } from '../../ui-kit/list/list-screen.tsx';
import { type AdminRealname, type RealnameSearch, realnameListQuery } from './admin-kyc-api.ts';
import { realnameStatuses, statusColumn, validColumn } from './kyc-columns.tsx';
import { type KycListPageProps, KycListScreen } from './kyc-list-screen.tsx';

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
  return (
    <KycListScreen
      title={tAdmin('screens.kycRealnameList')}
      exportFileName="realname-authentications"
      list={list}
      statuses={realnameStatuses}
      columns={columns}
      search={search}
      onSearchChange={onSearchChange}
    />
  );
}
