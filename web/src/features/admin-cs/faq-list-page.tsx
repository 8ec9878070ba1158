import { type CsFaq, csLocaleValues } from '@ledger/contracts';
import { Badge, Button, Group } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import { ChoiceFilter, FilterBar } from '../../ui-kit/list/list-filters.tsx';
import type { ListColumn } from '../../ui-kit/list/list-screen.tsx';
import { ResourceListPage } from '../../ui-kit/list/resource-list-page.tsx';
import { showSuccessToast, toastFailure } from '../../ui-kit/toasts.ts';
import {
  type FaqListSearch,
  faqActionMutation,
  faqListQuery,
  faqTypesQuery,
} from './admin-cs-api.ts';
import { FaqEntryDialog } from './faq-entry-dialog.tsx';

export type FaqListPageProps = {
  search: FaqListSearch;
  onSearchChange: (update: (previous: FaqListSearch) => FaqListSearch) => void;
};

/**
 * SPEC §2 admin cs/faq/list: every FAQ entry of every locale in its type's and its own order,
 * published or hidden; a new entry or an edit in a dialog, and publish or hide per row.
 */
export function FaqListPage({ search, onSearchChange }: FaqListPageProps) {
  const { t } = useTranslation('cs');
  const locale = useAtomValue(localeAtom);
  const list = useQuery({ ...faqListQuery(search), placeholderData: keepPreviousData });
  const faqTypes = useQuery(faqTypesQuery());
  const [editing, setEditing] = useState<CsFaq | null | undefined>();
  const action = useMutation({
    ...faqActionMutation(),
    onSuccess: () => {
      setEditing(undefined);
      showSuccessToast(t('actions.done'));
    },
    onError: toastFailure,
  });
  const set = (change: Partial<FaqListSearch>) =>
    onSearchChange((previous) => ({ ...previous, ...change, page: 1 }));
  const typeTitle = (row: CsFaq) =>
    faqTypes.data?.find((type) => type.faq_type_id === row.faq_type_id)?.title ?? row.faq_type_id;
  const shown = (row: CsFaq) => (row.published ? t('faqList.yes') : t('faqList.no'));
  const columns: ListColumn<CsFaq>[] = [
    { accessor: 'question', title: t('faqList.columns.question'), text: (row) => row.question },
    { accessor: 'locale', title: t('faqList.columns.locale'), text: (row) => row.locale },
    { accessor: 'faq_type_id', title: t('faqList.columns.type'), text: typeTitle },
    {
      accessor: 'list_order',
      title: t('faqList.columns.order'),
      isSortable: true,
      textAlign: 'right',
      text: (row) => new Intl.NumberFormat(locale).format(row.list_order),
    },
    {
      accessor: 'published',
      title: t('faqList.columns.published'),
      text: shown,
      render: (row) => <Badge color={row.published ? 'green' : 'gray'}>{shown(row)}</Badge>,
    },
    {
      accessor: 'updated_at',
      title: t('faqList.columns.updatedAt'),
      text: (row) => formatDateTime(row.updated_at, locale),
    },
    {
      accessor: 'actions',
      title: '',
      text: () => '',
      render: (row) => (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="light" onClick={() => setEditing(row)}>
            {t('faqList.actions.edit')}
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() =>
              action.mutate({ kind: 'publish', faqId: row.faq_id, published: !row.published })
            }
          >
            {row.published ? t('faqList.actions.unpublish') : t('faqList.actions.publish')}
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <ResourceListPage
      title={t('faqList.title')}
      actions={<Button onClick={() => setEditing(null)}>{t('faqList.actions.create')}</Button>}
      list={list}
      search={search}
      onSearchChange={onSearchChange}
      columns={columns}
      rowKey={(row) => row.faq_id}
      emptyText={t('faqList.empty')}
      exportFileName="cs-faq"
      hasDateRange={false}
      filters={
        <FilterBar>
          <ChoiceFilter
            label={t('faqList.columns.locale')}
            value={search.locale}
            choices={csLocaleValues.map((value) => ({ value, label: value }))}
            onChange={(value) => set({ locale: value })}
          />
          <ChoiceFilter
            label={t('faqList.columns.published')}
            value={search.published}
            choices={[
              { value: true, label: t('faqList.yes') },
              { value: false, label: t('faqList.no') },
            ]}
            onChange={(value) => set({ published: value })}
          />
        </FilterBar>
      }
    >
      <FaqEntryDialog
        entry={editing}
        faqTypes={faqTypes.data ?? []}
        isPending={action.isPending}
        onClose={() => setEditing(undefined)}
        onSave={(entry) => action.mutate({ kind: 'write', faqId: editing?.faq_id, entry })}
      />
    </ResourceListPage>
  );
}
