import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { loginLogQuery, loginResults, useLoginLogColumns } from '../../ui-kit/admin/login-log.tsx';
import { ChoiceFilter, FilterBar, SeqFilter } from '../../ui-kit/list/list-filters.tsx';
import { ListScreen } from '../../ui-kit/list/list-screen.tsx';
import type { LoginLogListSearch } from './admin-access-search.ts';

export type LoginLogListPageProps = {
  search: LoginLogListSearch;
  onSearchChange: (update: (previous: LoginLogListSearch) => LoginLogListSearch) => void;
};

/**
 * SPEC §2 admin loginlog/list: every login attempt (result, IP, user agent, time), filtered by
 * period (with the SPEC §9 shortcuts), member and result in the URL; CSV/Excel export.
 */
export function LoginLogListPage({ search, onSearchChange }: LoginLogListPageProps) {
  const { t } = useTranslation('admin-access');
  const { t: tAdmin } = useTranslation('admin');
  const log = useQuery({ ...loginLogQuery(search), placeholderData: keepPreviousData });
  const columns = useLoginLogColumns(true);
  const set = (change: Partial<LoginLogListSearch>) =>
    onSearchChange((previous) => ({ ...previous, ...change, page: 1 }));
  return (
    <ListScreen
      title={tAdmin('screens.loginlogList')}
      search={search}
      onSearchChange={onSearchChange}
      columns={columns}
      rows={log.data?.data}
      total={log.data?.paging.total}
      isFetching={log.isFetching}
      error={log.error}
      rowKey={(row) => row.attempt_id}
      exportFileName="login-history"
      filters={
        <FilterBar>
          <SeqFilter
            label={t('filters.memberSeq')}
            value={search.member_seq}
            onChange={(value) => set({ member_seq: value })}
          />
          <ChoiceFilter
            label={t('loginlog.columns.result')}
            value={search.result}
            choices={loginResults.map((result) => ({
              value: result,
              label: t(`loginlog.results.${result}`),
            }))}
            onChange={(value) => set({ result: value })}
          />
        </FilterBar>
      }
    />
  );
}
