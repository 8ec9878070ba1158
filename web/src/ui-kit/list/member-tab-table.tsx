import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../failure-alert.tsx';
import type { ListColumn } from './list-screen.tsx';
import { type ListSearch, pageSizes, type SortOrder } from './list-search.ts';

export type MemberTabTableProps<Row, Search extends ListSearch> = {
  /** Names the table for assistive technology (the tab's content). */
  label: string;
  search: Search;
  onSearchChange: (update: (previous: Search) => Search) => void;
  columns: ListColumn<Row>[];
  rows: Row[] | undefined;
  total: number | undefined;
  isFetching: boolean;
  error?: unknown;
  rowKey: (row: Row) => string;
  /** The tab's own empty-list message (SPEC §8). */
  emptyText: string;
  /** What the tab shows above its rows (a filter, the inviter). */
  header?: ReactNode;
};

/**
 * A list inside a member-view tab: the list kit's server paging, page size and order in the URL,
 * without a page heading of its own (the member view has it).
 */
export function MemberTabTable<Row, Search extends ListSearch>(
  props: MemberTabTableProps<Row, Search>,
) {
  const { t } = useTranslation('kit');
  const { search, onSearchChange } = props;
  const update = (change: Partial<ListSearch>, keepPage = false) =>
    onSearchChange((previous) => ({ ...previous, ...change, ...(keepPage ? {} : { page: 1 }) }));
  const rows = props.rows ?? [];
  const columns: DataTableColumn<Row>[] = props.columns.map((column) => ({
    accessor: column.accessor,
    title: column.title,
    sortable: column.isSortable ?? false,
    textAlign: column.textAlign ?? 'left',
    render: (row: Row) => column.render?.(row) ?? column.text(row),
  }));
  return (
    <Stack gap="sm">
      {props.header}
      <Group gap="sm">
        <Text size="sm" aria-live="polite">
          {t('list.total', { total: props.total ?? 0 })}
        </Text>
        <SegmentedControl
          size="xs"
          aria-label={t('list.direction')}
          value={search.order}
          onChange={(order) => update({ order: order as SortOrder })}
          data={[
            { value: 'asc', label: t('list.ascending') },
            { value: 'desc', label: t('list.descending') },
          ]}
        />
      </Group>
      <FailureAlert error={props.error} />
      <DataTable<Row>
        aria-label={props.label}
        withTableBorder
        striped
        {...(rows.length === 0 ? { minHeight: 160 } : {})}
        records={rows}
        columns={columns}
        idAccessor={props.rowKey}
        fetching={props.isFetching}
        noRecordsText={props.emptyText}
        sortStatus={{ columnAccessor: search.sort, direction: search.order }}
        onSortStatusChange={(status) =>
          update({ sort: String(status.columnAccessor), order: status.direction })
        }
        page={search.page}
        onPageChange={(page) => update({ page }, true)}
        totalRecords={props.total ?? 0}
        recordsPerPage={search.page_size}
        recordsPerPageOptions={[...pageSizes]}
        onRecordsPerPageChange={(size) => update({ page_size: size })}
        recordsPerPageLabel={t('list.pageSize')}
        loadingText={t('list.loading')}
        paginationText={({ from, to, totalRecords }) =>
          t('list.range', { from, to, total: totalRecords })
        }
        getPaginationControlProps={(control) => ({
          'aria-label': t(`list.pageControls.${control}`),
        })}
        getPaginationItemProps={(page) => ({ 'aria-label': t('list.pageNumber', { page }) })}
      />
    </Stack>
  );
}
