import { Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListScreen, type ListScreenProps } from './list-screen.tsx';
import type { ListSearch } from './list-search.ts';

/** What a list query gives the page (useQuery with placeholderData: keepPreviousData). */
export type ResourceListState<Row> = {
  data?: { data: Row[]; paging: { total: number } } | undefined;
  isFetching: boolean;
  error: unknown;
};

export type ResourceListPageProps<Row, Search extends ListSearch> = Omit<
  ListScreenProps<Row, Search>,
  'rows' | 'total' | 'isFetching' | 'error'
> & {
  list: ResourceListState<Row>;
  /** The page's own commands above the list (create, approve all). */
  actions?: ReactNode;
  /** The dialogs its commands and row actions open (create/edit, a reason). */
  children?: ReactNode;
};

/**
 * An administrator's catalog or queue page: its commands, the list screen (columns, filters, date
 * range, paging and order in the URL, CSV/Excel export) fed by the list query, and its dialogs.
 */
export function ResourceListPage<Row, Search extends ListSearch>({
  list,
  actions,
  children,
  ...screen
}: ResourceListPageProps<Row, Search>) {
  return (
    <Stack gap="md">
      {actions === undefined ? undefined : <Group justify="flex-end">{actions}</Group>}
      <ListScreen
        {...screen}
        rows={list.data?.data}
        total={list.data?.paging.total}
        isFetching={list.isFetching}
        error={list.error}
      />
      {children}
    </Stack>
  );
}
