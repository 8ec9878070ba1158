import { Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../ui-kit/list/list-screen.tsx';
import {
  type AdminWithdrawAddress,
  type WithdrawAddressSearch,
  withdrawAddressListQuery,
} from './admin-kyc-api.ts';
import { kycStatuses, reviewColumn, statusColumn, validColumn } from './kyc-columns.tsx';
import { type KycListPageProps, KycListScreen } from './kyc-list-screen.tsx';

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
  const list = useQuery({ ...withdrawAddressListQuery(search), placeholderData: keepPreviousData });
  const none = t('none');
  const columns: ListColumn<AdminWithdrawAddress>[] = [
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
    reviewColumn(t, 'kyc-asset-withdraw-address-certification'),
  ];
  return (
    <KycListScreen
      title={tAdmin('screens.kycWithdrawAddressList')}
      exportFileName="withdraw-address-certifications"
      list={list}
      statuses={kycStatuses}
      columns={columns}
      search={search}
      onSearchChange={onSearchChange}
    />
  );
}
