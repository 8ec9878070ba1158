import { Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { FailureAlert } from '../failure-alert.tsx';
import { DateRangeFilter } from './date-range-filter.tsx';
import { ExportButtons } from './export-buttons.tsx';
import { type ListSearch, pageSizes, type SortOrder } from './list-search.ts';
import { exportTable } from './table-export.ts';

export type ListColumn<Row> = {
  /** The column's key; for a sortable column, also the server's sort key. */
  accessor: string;
  title: string;
  isSortable?: boolean;
  /** The cell's text: shown, and written by the export. */
  text: (row: Row) => string;
  /** A richer cell (badge, link, AmountText); the export still writes `text`. */
  render?: (row: Row) => ReactNode;
  textAlign?: 'left' | 'center' | 'right';
};

export type ListScreenProps<Row, Search extends ListSearch> = {
  title: string;
  search: Search;
  /** Writes the URL (`navigate({ search })`): the URL is the list's only state. */
  onSearchChange: (update: (previous: Search) => Search) => void;
  columns: ListColumn<Row>[];
  rows: Row[] | undefined;
  total: number | undefined;
  isFetching: boolean;
  error?: unknown;
  rowKey: (row: Row) => string;
  /** The screen's own empty-list message (SPEC §8 has one per list). */
  emptyText?: string | undefined;
  hasDateRange?: boolean | undefined;
  /** The screen's own filter inputs. */
  filters?: ReactNode;
  exportFileName: string;
  /** Fixed "today" for the date shortcuts (tests). */
  today?: string | undefined;
};

type Update = (change: Partial<ListSearch>, keepPage?: boolean) => void;

/**
 * A list screen: filters and date range, server paging and sorting, ascending/descending, empty
 * message, CSV/Excel export of the rows shown. Every control writes the URL; a change of filter,
 * sort or page size goes back to page 1.
 */
export function ListScreen<Row, Search extends ListSearch>(props: ListScreenProps<Row, Search>) {
  const { t } = useTranslation('kit');
  useDocumentTitle(props.title);
  const { search, onSearchChange } = props;
  const rows = props.rows ?? [];
  const update: Update = (change, keepPage = false) =>
    onSearchChange((previous) => ({ ...previous, ...change, ...(keepPage ? {} : { page: 1 }) }));
  return (
    <Stack gap="md">
      <Title order={1}>{props.title}</Title>
      <Paper withBorder p="sm" component="section" aria-label={t('list.filters')}>
        <Stack gap="sm">
          {props.hasDateRange === false ? undefined : (
            <DateRangeFilter
              period={search}
              today={props.today}
              onChange={(period) => update(period)}
            />
          )}
          {props.filters}
        </Stack>
      </Paper>
      <Group justify="space-between" gap="sm">
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
        <ExportButtons
          fileName={props.exportFileName}
          isDisabled={rows.length === 0}
          table={() => exportTable(props.columns, rows)}
        />
      </Group>
      <FailureAlert error={props.error} />
      <ListTable {...props} rows={rows} update={update} />
    </Stack>
  );
}

/** The rows, with server paging and column sorting wired to the URL. */
function ListTable<Row, Search extends ListSearch>(
  props: ListScreenProps<Row, Search> & { rows: Row[]; update: Update },
) {
  const { t } = useTranslation('kit');
  const { search, rows, update } = props;
  const hasPeriod =
    search.date_range !== undefined ||
    search.date_from !== undefined ||
    search.date_to !== undefined;
  const columns: DataTableColumn<Row>[] = props.columns.map((column) => ({
    accessor: column.accessor,
    title: column.title,
    sortable: column.isSortable ?? false,
    textAlign: column.textAlign ?? 'left',
    render: (row: Row) => column.render?.(row) ?? column.text(row),
  }));
  return (
    <DataTable<Row>
      withTableBorder
      striped
      highlightOnHover
      {...(rows.length === 0 ? { minHeight: 160 } : {})}
      records={rows}
      columns={columns}
      idAccessor={props.rowKey}
      fetching={props.isFetching}
      noRecordsText={props.emptyText ?? (hasPeriod ? t('list.emptyForPeriod') : t('list.empty'))}
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
      getPaginationControlProps={(control) => ({ 'aria-label': t(`list.pageControls.${control}`) })}
      getPaginationItemProps={(page) => ({ 'aria-label': t('list.pageNumber', { page }) })}
    />
  );
}
