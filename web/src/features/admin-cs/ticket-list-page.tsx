import type { CsTicket } from '@ledger/contracts';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import { confirmAction } from '../../ui-kit/dialogs/confirm-dialog.tsx';
import { TextPromptDialog } from '../../ui-kit/dialogs/text-prompt-dialog.tsx';
import { ChoiceFilter, FilterBar } from '../../ui-kit/list/list-filters.tsx';
import type { ListColumn } from '../../ui-kit/list/list-screen.tsx';
import { ResourceListPage } from '../../ui-kit/list/resource-list-page.tsx';
import { showSuccessToast, toastFailure } from '../../ui-kit/toasts.ts';
import {
  type TicketListSearch,
  ticketActionMutation,
  ticketDetailQuery,
  ticketListQuery,
  ticketTypesQuery,
} from './admin-cs-api.ts';

export type TicketListPageProps = {
  search: TicketListSearch;
  onSearchChange: (update: (previous: TicketListSearch) => TicketListSearch) => void;
  today?: string | undefined;
};

const statuses = ['open', 'answered', 'completed', 'closed'] as const;
const statusColors = { open: 'orange', answered: 'blue', completed: 'green', closed: 'gray' };

/** The ticket's question, read when the administrator opens its answer dialog. */
function TicketQuestion({ ticketId }: { ticketId: string }) {
  const { t } = useTranslation('cs');
  const detail = useQuery(ticketDetailQuery(ticketId));
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('actions.question')}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {detail.data?.content ?? detail.data?.title ?? t('ticketList.none')}
      </Text>
    </Stack>
  );
}

function useTicketColumns(actions: {
  answer: (row: CsTicket) => void;
  finish: (row: CsTicket, kind: 'complete' | 'close') => void;
}): ListColumn<CsTicket>[] {
  const { t } = useTranslation('cs');
  const locale = useAtomValue(localeAtom);
  const date = (value: string | null) =>
    value === null ? t('ticketList.none') : formatDateTime(value, locale);
  const status = (row: CsTicket) => t(`statuses.${row.status}`);
  const isFinal = (row: CsTicket) => row.status === 'completed' || row.status === 'closed';
  return [
    {
      accessor: 'title',
      title: t('ticketList.columns.title'),
      text: (row) => row.title ?? t('ticketList.erased'),
    },
    { accessor: 'type_id', title: t('ticketList.columns.type'), text: (row) => row.type_id },
    {
      accessor: 'status',
      title: t('ticketList.columns.status'),
      text: status,
      render: (row) => <Badge color={statusColors[row.status]}>{status(row)}</Badge>,
    },
    {
      accessor: 'member_seq',
      title: t('ticketList.columns.member'),
      text: (row) =>
        row.member_seq === null
          ? t('ticketList.guest')
          : t('ticketList.member', { seq: row.member_seq }),
    },
    {
      accessor: 'filed_at',
      title: t('ticketList.columns.filedAt'),
      isSortable: true,
      text: (row) => date(row.filed_at),
    },
    {
      accessor: 'answered_at',
      title: t('ticketList.columns.answeredAt'),
      text: (row) => date(row.answered_at),
    },
    {
      accessor: 'actions',
      title: '',
      text: () => '',
      render: (row) =>
        isFinal(row) ? undefined : (
          <Group gap={4} wrap="nowrap">
            <Button size="compact-xs" onClick={() => actions.answer(row)}>
              {t('actions.answer')}
            </Button>
            {row.status === 'answered' ? (
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => actions.finish(row, 'complete')}
              >
                {t('actions.complete')}
              </Button>
            ) : undefined}
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              onClick={() => actions.finish(row, 'close')}
            >
              {t('actions.close')}
            </Button>
          </Group>
        ),
    },
  ];
}

/**
 * SPEC §2 admin cs/ticket/list: every ticket, members' and guests', with its state and type,
 * filtered by state, type and the date shortcuts; a row's answer dialog shows the question and
 * sends the answer; an answered ticket is completed, an open or answered one closed.
 */
export function TicketListPage({ search, onSearchChange, today }: TicketListPageProps) {
  const { t } = useTranslation('cs');
  const list = useQuery({ ...ticketListQuery(search), placeholderData: keepPreviousData });
  const types = useQuery(ticketTypesQuery());
  const action = useMutation({
    ...ticketActionMutation(),
    onSuccess: () => showSuccessToast(t('actions.done')),
    onError: toastFailure,
  });
  const [answering, setAnswering] = useState<CsTicket | undefined>();
  const [text, setText] = useState('');
  const set = (change: Partial<TicketListSearch>) =>
    onSearchChange((previous) => ({ ...previous, ...change, page: 1 }));
  const finish = async (row: CsTicket, kind: 'complete' | 'close') => {
    const isConfirmed = await confirmAction({
      title: t(kind === 'complete' ? 'actions.completeTitle' : 'actions.closeTitle'),
      message: t(kind === 'complete' ? 'actions.completeMessage' : 'actions.closeMessage'),
      isDestructive: kind === 'close',
    });
    if (isConfirmed) action.mutate({ kind, ticketId: row.ticket_id });
  };
  const columns = useTicketColumns({
    answer: setAnswering,
    finish: (row, kind) => void finish(row, kind),
  });
  return (
    <ResourceListPage
      title={t('ticketList.title')}
      list={list}
      search={search}
      onSearchChange={onSearchChange}
      columns={columns}
      rowKey={(row) => row.ticket_id}
      emptyText={t('ticketList.empty')}
      exportFileName="cs-tickets"
      today={today}
      filters={
        <FilterBar>
          <ChoiceFilter
            label={t('ticketList.columns.status')}
            value={search.status}
            choices={statuses.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
            onChange={(value) => set({ status: value })}
          />
          <ChoiceFilter
            label={t('ticketList.columns.type')}
            value={search.type_id}
            choices={(types.data ?? []).map((type) => ({ value: type.type_id, label: type.title }))}
            onChange={(value) => set({ type_id: value })}
          />
        </FilterBar>
      }
    >
      <TextPromptDialog
        opened={answering !== undefined}
        onClose={() => setAnswering(undefined)}
        title={t('actions.answerTitle')}
        notice={
          answering === undefined ? undefined : <TicketQuestion ticketId={answering.ticket_id} />
        }
        label={t('actions.answerLabel')}
        value={text}
        onChange={setText}
        error={action.error}
        cancelLabel={t('actions.cancel')}
        confirmLabel={t('actions.confirm')}
        isPending={action.isPending}
        onSubmit={(value) => {
          if (answering !== undefined)
            action.mutate({ kind: 'answer', ticketId: answering.ticket_id, answer: value });
          setAnswering(undefined);
          setText('');
        }}
      />
    </ResourceListPage>
  );
}
