import {
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  keepPreviousData,
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { api } from '../../lib/api-client.ts';
import { adminMemberKeys, type Role, RoleSchema } from '../../lib/queries/admin-member-queries.ts';
import { afterLatestWrite, rememberWrite } from '../../lib/written-position.ts';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { FilterBar, SearchFilter } from '../../ui-kit/list/list-filters.tsx';
import { type ListColumn, ListScreen } from '../../ui-kit/list/list-screen.tsx';
import { listPageSchema, listQueryParams } from '../../ui-kit/list/list-search.ts';
import { useSubmissionKey } from '../../ui-kit/submission-key.ts';
import { showSuccessToast } from '../../ui-kit/toasts.ts';
import type { RoleListSearch } from './admin-access-search.ts';

const PermissionSchema = z.object({ method: z.string(), path: z.string(), summary: z.string() });
type Permission = z.infer<typeof PermissionSchema>;

/** The longest role name (contracts `RoleRequestSchema`). */
const roleNameMaxLength = 64;

const permissionKey = (permission: { method: string; path: string }) =>
  `${permission.method} ${permission.path}`;

/**
 * The i18n key of a permission's label: method and path without the /api/v1 prefix, parameters and
 * slashes (`PUT /api/v1/admin/member/:seq/deny` → `PUT_admin_member_seq_deny`); a test in
 * services/platform checks every grantable route has one in every locale.
 */
export const permissionLabelKey = (permission: { method: string; path: string }) =>
  `${permission.method}_${permission.path
    .replace(/^\/api\/v1\//, '')
    .replaceAll(':', '')
    .replaceAll('/', '_')}`;

/** A permission's label in the active locale (the route table's English summary if none). */
function usePermissionLabel() {
  const { t } = useTranslation('admin-access');
  return (permission: Permission) =>
    t(`permissions.${permissionLabelKey(permission)}` as 'acs.catalogue', {
      defaultValue: permission.summary,
    });
}

/** GET /admin/acs/role: one page of roles. */
export function roleListQuery(search: RoleListSearch) {
  return queryOptions({
    queryKey: [...adminMemberKeys.roles, 'list', search] as const,
    queryFn: async ({ client, signal }) =>
      listPageSchema(RoleSchema).parse(
        await api.get('admin/acs/role', {
          searchParams: { ...listQueryParams(search), ...afterLatestWrite(client) },
          signal,
        }),
      ),
  });
}

/** GET /admin/acs/permission: every permission a role can hold (administrator routes). */
export function permissionCatalogueQuery() {
  return queryOptions({
    queryKey: ['admin', 'acs', 'permission'] as const,
    queryFn: async ({ signal }) =>
      z
        .object({ data: z.array(PermissionSchema) })
        .parse(await api.get('admin/acs/permission', { signal })).data,
    // The catalogue is the route table: it changes with a deployment only.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

type RoleEdit = { mode: 'create' } | { mode: 'change'; role: Role };

/** POST /admin/acs/role or PUT /admin/acs/role/{id} (the chief administrator only). */
function saveRoleMutation() {
  return mutationOptions({
    mutationFn: async (
      request: {
        edit: RoleEdit;
        name: string;
        permissions: { method: string; path: string }[];
        idempotencyKey: string;
      },
      { client },
    ) => {
      const json = { name: request.name, permissions: request.permissions };
      const options = { json, idempotencyKey: request.idempotencyKey };
      const answer =
        request.edit.mode === 'create'
          ? await api.post('admin/acs/role', options)
          : await api.put(
              `admin/acs/role/${encodeURIComponent(request.edit.role.role_id)}`,
              options,
            );
      rememberWrite(client, answer);
      await client.invalidateQueries({ queryKey: adminMemberKeys.roles });
    },
  });
}

function RoleDialog(props: {
  edit: RoleEdit | undefined;
  catalogue: Permission[];
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-access');
  const permissionLabel = usePermissionLabel();
  const { edit } = props;
  const submissionKey = useSubmissionKey();
  const [name, setName] = useState(edit?.mode === 'change' ? edit.role.name : '');
  const [chosen, setChosen] = useState<string[]>(
    edit?.mode === 'change' ? edit.role.permissions.map(permissionKey) : [],
  );
  const [isNameMissing, setNameMissing] = useState(false);
  const save = useMutation({
    ...saveRoleMutation(),
    onSuccess: (_answer, request) => {
      showSuccessToast(request.edit.mode === 'create' ? t('acs.created') : t('acs.changed'));
      props.onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (edit === undefined) return;
    const trimmed = name.trim();
    setNameMissing(trimmed === '');
    if (trimmed === '') return;
    const permissions = props.catalogue
      .filter((permission) => chosen.includes(permissionKey(permission)))
      .map(({ method, path }) => ({ method, path }));
    save.mutate({ edit, name: trimmed, permissions, idempotencyKey: submissionKey.current() });
  };
  return (
    <Modal
      opened={edit !== undefined}
      onClose={props.onClose}
      size="lg"
      centered
      title={
        edit?.mode === 'change'
          ? t('acs.changeTitle', { name: edit.role.name })
          : t('acs.createTitle')
      }
      closeButtonProps={{ 'aria-label': t('acs.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('acs.roleName')}
            required
            data-autofocus
            maxLength={roleNameMaxLength}
            value={name}
            error={isNameMissing ? t('acs.nameRequired') : undefined}
            onChange={(event) => {
              submissionKey.renew();
              setName(event.currentTarget.value);
            }}
          />
          <Text size="sm" fw={600}>
            {t('acs.permissions')}
          </Text>
          <ScrollArea.Autosize mah={320}>
            <Checkbox.Group
              aria-label={t('acs.permissions')}
              value={chosen}
              onChange={(values) => {
                submissionKey.renew();
                setChosen(values);
              }}
            >
              <Stack gap={6}>
                {props.catalogue.map((permission) => (
                  <Checkbox
                    key={permissionKey(permission)}
                    value={permissionKey(permission)}
                    label={
                      <Group gap={6} wrap="nowrap">
                        <Badge size="xs" variant="light">
                          {permission.method}
                        </Badge>
                        <Code fz="xs">{permission.path}</Code>
                      </Group>
                    }
                    description={permissionLabel(permission)}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          </ScrollArea.Autosize>
          <FailureAlert error={save.error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose}>
              {t('acs.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('acs.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The catalogue of grantable permissions: each an administrator route (method and path). */
function PermissionCatalogue({ catalogue }: { catalogue: Permission[] }) {
  const { t } = useTranslation('admin-access');
  const permissionLabel = usePermissionLabel();
  return (
    <Card withBorder padding="lg" component="section" aria-label={t('acs.catalogue')}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('acs.catalogue')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('acs.catalogueHint')}
        </Text>
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing={4} aria-label={t('acs.catalogue')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('acs.columns.method')}</Table.Th>
                <Table.Th>{t('acs.columns.path')}</Table.Th>
                <Table.Th>{t('acs.columns.summary')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {catalogue.map((permission) => (
                <Table.Tr key={permissionKey(permission)}>
                  <Table.Td>
                    <Badge size="sm" variant="light">
                      {permission.method}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Code fz="xs">{permission.path}</Code>
                  </Table.Td>
                  <Table.Td>{permissionLabel(permission)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}

export type AcsCatalogPageProps = {
  search: RoleListSearch;
  onSearchChange: (update: (previous: RoleListSearch) => RoleListSearch) => void;
};

/**
 * SPEC §2 admin acs/catalog: access-control roles (each a set of permissions, a permission being
 * one administrator route's method and path), defined and changed by the chief administrator, and
 * the catalogue of grantable permissions. Roles are granted to members on the member view.
 */
export function AcsCatalogPage({ search, onSearchChange }: AcsCatalogPageProps) {
  const { t } = useTranslation('admin-access');
  const { t: tAdmin } = useTranslation('admin');
  const locale = useAtomValue(localeAtom);
  const roles = useQuery({ ...roleListQuery(search), placeholderData: keepPreviousData });
  const catalogue = useQuery(permissionCatalogueQuery());
  const [edit, setEdit] = useState<RoleEdit | undefined>(undefined);
  const number = new Intl.NumberFormat(locale);
  const columns: ListColumn<Role>[] = [
    {
      accessor: 'name',
      title: t('acs.columns.name'),
      isSortable: true,
      text: (row) => row.name,
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{row.name}</Text>
          <Button
            size="compact-xs"
            variant="subtle"
            aria-label={t('acs.editLabel', { name: row.name })}
            onClick={() => setEdit({ mode: 'change', role: row })}
          >
            {t('acs.edit')}
          </Button>
        </Group>
      ),
    },
    {
      accessor: 'permissions',
      title: t('acs.columns.permissions'),
      textAlign: 'right',
      text: (row) => number.format(row.permissions.length),
    },
    {
      accessor: 'regdate',
      title: t('acs.columns.defined'),
      text: (row) => formatDateTime(row.regdate, locale),
    },
    {
      accessor: 'changed_at',
      title: t('acs.columns.changed'),
      isSortable: true,
      text: (row) => formatDateTime(row.updated_date, locale),
    },
  ];
  return (
    <Stack gap="lg">
      <ListScreen
        title={tAdmin('screens.acsCatalog')}
        search={search}
        onSearchChange={onSearchChange}
        columns={columns}
        rows={roles.data?.data}
        total={roles.data?.paging.total}
        isFetching={roles.isFetching}
        error={roles.error}
        rowKey={(row) => row.role_id}
        emptyText={t('acs.empty')}
        hasDateRange={false}
        exportFileName="roles"
        filters={
          <FilterBar>
            <SearchFilter
              label={t('acs.search')}
              value={search.search}
              onChange={(value) =>
                onSearchChange((previous) => ({ ...previous, search: value, page: 1 }))
              }
            />
            <Button
              onClick={() => setEdit({ mode: 'create' })}
              disabled={catalogue.data === undefined}
            >
              {t('acs.create')}
            </Button>
          </FilterBar>
        }
      />
      <FailureAlert error={catalogue.error} />
      {catalogue.data === undefined ? undefined : (
        <PermissionCatalogue catalogue={catalogue.data} />
      )}
      <RoleDialog
        // A fresh dialog per edit, starting from the role as it is.
        key={edit?.mode === 'change' ? `change-${edit.role.role_id}` : (edit?.mode ?? 'closed')}
        edit={edit}
        catalogue={catalogue.data ?? []}
        onClose={() => setEdit(undefined)}
      />
    </Stack>
  );
}
