import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import type { ListColumn } from '../../ui-kit/list/list-screen.tsx';
import {
  type AdminKycCertification,
  type KycCertificationSearch,
  kycCertificationListQuery,
} from './admin-kyc-api.ts';
import { kycStatuses, reviewColumn, statusColumn, validColumn } from './kyc-columns.tsx';
import { type KycListPageProps, KycListScreen } from './kyc-list-screen.tsx';

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
    reviewColumn(t, 'kyc-certification'),
  ];
  return (
    <KycListScreen
      title={tAdmin('screens.kycCertificationList')}
      exportFileName="kyc-certifications"
      list={list}
      statuses={kycStatuses}
      columns={columns}
      search={search}
      onSearchChange={onSearchChange}
    />
  );
}
