import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MemberTabTable } from '../../ui-kit/list/member-tab-table.tsx';
import { useAdminAccountColumns } from './account-list-page.tsx';
import { adminMemberAccountListQuery } from './admin-ledger-api.ts';
import type { MemberAccountSearch } from './admin-ledger-search.ts';

/**
 * SPEC §2 admin member/{seq}/account: the member's wallet accounts (GET
 * /admin/member/{seq}/account, the route the screen's permission names), each opening its account
 * view.
 */
export function MemberAccountsTab(props: {
  memberSeq: number;
  search: MemberAccountSearch;
  onSearchChange: (update: (previous: MemberAccountSearch) => MemberAccountSearch) => void;
}) {
  const { t } = useTranslation('admin-ledger');
  const accounts = useQuery({
    ...adminMemberAccountListQuery(props.memberSeq, props.search),
    placeholderData: keepPreviousData,
  });
  const columns = useAdminAccountColumns({ withMember: false });
  return (
    <MemberTabTable
      label={t('memberAccounts.label')}
      search={props.search}
      onSearchChange={props.onSearchChange}
      columns={columns}
      rows={accounts.data?.data}
      total={accounts.data?.paging.total}
      isFetching={accounts.isFetching}
      error={accounts.error}
      rowKey={(row) => String(row.seq)}
      emptyText={t('memberAccounts.empty')}
    />
  );
}
