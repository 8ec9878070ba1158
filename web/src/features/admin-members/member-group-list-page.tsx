import { Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, mutationOptions, useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { api } from '../../lib/api-client.ts';
import {
  adminMemberKeys,
  type MemberGroup,
  memberGroupListQuery,
} from '../../lib/queries/admin-member-queries.ts';
import { rememberWrite } from '../../lib/written-position.ts';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { FilterBar, SearchFilter } from '../../ui-kit/list/list-filters.tsx';
import { type ListColumn, ListScreen } from '../../ui-kit/list/list-screen.tsx';
import { useSubmissionKey } from '../../ui-kit/submission-key.ts';
import { showSuccessToast } from '../../ui-kit/toasts.ts';
import type { MemberGroupListSearch } from './admin-list-search.ts';

/** The longest group name (contracts `MemberGroupRequestSchema`). */
const groupNameMaxLength = 64;

type GroupEdit = { mode: 'create' } | { mode: 'rename'; group: MemberGroup };

/** POST /admin/member-group (create) or PUT /admin/member-group/{seq} (rename). */
function saveGroupMutation() {
  return mutationOptions({
    mutationFn: async (
      request: { edit: GroupEdit; name: string; idempotencyKey: string },
      { client },
    ) => {
      const json = { name: request.name };
      const answer =
        request.edit.mode === 'create'
          ? await api.post('admin/member-group', { json, idempotencyKey: request.idempotencyKey })
          : await api.put(`admin/member-group/${request.edit.group.group_seq}`, {
              json,
              idempotencyKey: request.idempotencyKey,
            });
      rememberWrite(client, answer);
      await client.invalidateQueries({ queryKey: adminMemberKeys.groups });
    },
  });
}

function GroupDialog({ edit, onClose }: { edit: GroupEdit | undefined; onClose: () => void }) {
  const { t } = useTranslation('admin-members');
  const submissionKey = useSubmissionKey();
  const [name, setName] = useState(edit?.mode === 'rename' ? edit.group.name : '');
  const [isEmpty, setEmpty] = useState(false);
  const save = useMutation({
    ...saveGroupMutation(),
    onSuccess: (_answer, { edit: done }) => {
      submissionKey.renew();
      showSuccessToast(done.mode === 'create' ? t('groups.created') : t('groups.renamed'));
      close();
    },
  });
  const close = () => {
    setName('');
    setEmpty(false);
    save.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (edit === undefined) return;
    const trimmed = name.trim();
    setEmpty(trimmed === '');
    if (trimmed !== '')
      save.mutate({ edit, name: trimmed, idempotencyKey: submissionKey.current() });
  };
  const title =
    edit?.mode === 'rename'
      ? t('groups.renameTitle', { name: edit.group.name })
      : t('groups.createTitle');
  return (
    <Modal
      opened={edit !== undefined}
      onClose={close}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('groups.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('groups.name')}
            required
            data-autofocus
            maxLength={groupNameMaxLength}
            value={name}
            error={isEmpty ? t('groups.nameRequired') : undefined}
            onChange={(event) => {
              submissionKey.renew();
              setName(event.currentTarget.value);
            }}
          />
          <FailureAlert error={save.error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('groups.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {edit?.mode === 'rename' ? t('groups.rename') : t('groups.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export type MemberGroupListPageProps = {
  search: MemberGroupListSearch;
  onSearchChange: (update: (previous: MemberGroupListSearch) => MemberGroupListSearch) => void;
};

/**
 * SPEC §2 admin member/group/list: member groups with their member counts (each opens the member
 * list filtered by the group), searched and sorted in the URL; create and rename a group.
 */
export function MemberGroupListPage({ search, onSearchChange }: MemberGroupListPageProps) {
  const { t } = useTranslation('admin-members');
  const { t: tAdmin } = useTranslation('admin');
  const locale = useAtomValue(localeAtom);
  const groups = useQuery({ ...memberGroupListQuery(search), placeholderData: keepPreviousData });
  const [edit, setEdit] = useState<GroupEdit | undefined>(undefined);
  const number = new Intl.NumberFormat(locale);
  const columns: ListColumn<MemberGroup>[] = [
    {
      accessor: 'group_seq',
      title: t('groups.columns.seq'),
      isSortable: true,
      text: (row) => String(row.group_seq),
    },
    {
      accessor: 'name',
      title: t('groups.columns.name'),
      isSortable: true,
      text: (row) => row.name,
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{row.name}</Text>
          <Button
            size="compact-xs"
            variant="subtle"
            aria-label={t('groups.renameLabel', { name: row.name })}
            onClick={() => setEdit({ mode: 'rename', group: row })}
          >
            {t('groups.rename')}
          </Button>
        </Group>
      ),
    },
    {
      accessor: 'member_count',
      title: t('groups.columns.members'),
      textAlign: 'right',
      text: (row) => number.format(row.member_count),
      render: (row) => (
        <Anchor
          size="sm"
          renderRoot={(props) => (
            <Link {...props} to="/admin/member/list" search={{ group_seq: row.group_seq }} />
          )}
        >
          {number.format(row.member_count)}
        </Anchor>
      ),
    },
    {
      accessor: 'regdate',
      title: t('groups.columns.created'),
      text: (row) => formatDateTime(row.regdate, locale),
    },
    {
      accessor: 'updated_date',
      title: t('groups.columns.updated'),
      text: (row) => formatDateTime(row.updated_date, locale),
    },
  ];
  return (
    <>
      <ListScreen
        title={tAdmin('screens.memberGroupList')}
        search={search}
        onSearchChange={onSearchChange}
        columns={columns}
        rows={groups.data?.data}
        total={groups.data?.paging.total}
        isFetching={groups.isFetching}
        error={groups.error}
        rowKey={(row) => String(row.group_seq)}
        emptyText={t('groups.empty')}
        hasDateRange={false}
        exportFileName="member-groups"
        filters={
          <FilterBar>
            <SearchFilter
              label={t('groups.search')}
              value={search.search}
              onChange={(value) =>
                onSearchChange((previous) => ({ ...previous, search: value, page: 1 }))
              }
            />
            <Button onClick={() => setEdit({ mode: 'create' })}>{t('groups.create')}</Button>
          </FilterBar>
        }
      />
      <GroupDialog
        // A fresh dialog per edit, starting from the group's current name.
        key={edit?.mode === 'rename' ? `rename-${edit.group.group_seq}` : (edit?.mode ?? 'closed')}
        edit={edit}
        onClose={() => setEdit(undefined)}
      />
    </>
  );
}
