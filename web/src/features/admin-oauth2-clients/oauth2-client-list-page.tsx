import type { OAuth2Client } from '@ledger/contracts';
import {
  Anchor,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { formatDateTime } from '../../ui-kit/date-time/format-date-time.ts';
import { confirmAction } from '../../ui-kit/dialogs/confirm-dialog.tsx';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import {
  ChoiceFilter,
  FilterBar,
  SearchFilter,
  SeqFilter,
} from '../../ui-kit/list/list-filters.tsx';
import { type ListColumn, ListScreen } from '../../ui-kit/list/list-screen.tsx';
import { useSubmissionKey } from '../../ui-kit/submission-key.ts';
import { showSuccessToast } from '../../ui-kit/toasts.ts';
import {
  type ClientDetails,
  type OAuth2ClientListSearch,
  oauth2ClientListQuery,
  oauth2ClientMutation,
} from './oauth2-client-queries.ts';

type ClientEdit = { mode: 'register' } | { mode: 'change'; client: OAuth2Client };

/** One entry per line, blanks dropped. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** Checks the form like the server does (an https redirect URI, or http on loopback). */
export function clientFormErrors(form: {
  memberSeq: number | undefined;
  name: string;
  redirectUris: string[];
  authorities: string[];
  isRegistration: boolean;
}): Partial<Record<'memberSeq' | 'name' | 'redirectUris' | 'authorities', string>> {
  const errors: Partial<Record<'memberSeq' | 'name' | 'redirectUris' | 'authorities', string>> = {};
  if (form.isRegistration && form.memberSeq === undefined) errors.memberSeq = 'memberRequired';
  if (form.name.trim() === '') errors.name = 'nameRequired';
  const isRedirectUri = (value: string) => {
    try {
      const url = new URL(value);
      if (url.hash !== '') return false;
      return (
        url.protocol === 'https:' ||
        (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname))
      );
    } catch {
      return false;
    }
  };
  if (
    form.redirectUris.length === 0 ||
    form.redirectUris.length > 10 ||
    !form.redirectUris.every(isRedirectUri)
  ) {
    errors.redirectUris = 'redirectUrisInvalid';
  }
  if (
    form.authorities.length > 20 ||
    !form.authorities.every((authority) => /^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/.test(authority))
  ) {
    errors.authorities = 'authoritiesInvalid';
  }
  return errors;
}

function SecretDialog({ secret, onClose }: { secret: string | undefined; onClose: () => void }) {
  const { t } = useTranslation('admin-oauth2-clients');
  return (
    <Modal
      opened={secret !== undefined}
      onClose={onClose}
      title={t('secret.title')}
      centered
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('secret.onceOnly')}</Text>
        <Code block data-testid="client-secret">
          {secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? t('secret.copied') : t('secret.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t('secret.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ClientDialog({
  edit,
  onClose,
  onSecret,
}: {
  edit: ClientEdit | undefined;
  onClose: () => void;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation('admin-oauth2-clients');
  const submissionKey = useSubmissionKey();
  const existing = edit?.mode === 'change' ? edit.client : undefined;
  const [memberSeq, setMemberSeq] = useState<number | undefined>(undefined);
  const [name, setName] = useState(existing?.name ?? '');
  const [redirectUris, setRedirectUris] = useState(existing?.redirect_uris.join('\n') ?? '');
  const [authorities, setAuthorities] = useState(existing?.authorities.join('\n') ?? '');
  const [errors, setErrors] = useState<ReturnType<typeof clientFormErrors>>({});
  const save = useMutation({
    ...oauth2ClientMutation(),
    onSuccess: (answer) => {
      submissionKey.renew();
      showSuccessToast(edit?.mode === 'change' ? t('toast.changed') : t('toast.registered'));
      onClose();
      if (answer.secret !== undefined) onSecret(answer.secret);
    },
  });
  const changed = () => submissionKey.renew();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (edit === undefined) return;
    const details: ClientDetails = {
      name: name.trim(),
      redirect_uris: linesOf(redirectUris),
      authorities: linesOf(authorities),
    };
    const found = clientFormErrors({
      memberSeq,
      name: details.name,
      redirectUris: details.redirect_uris,
      authorities: details.authorities,
      isRegistration: edit.mode === 'register',
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const idempotencyKey = submissionKey.current();
    if (edit.mode === 'register' && memberSeq !== undefined) {
      save.mutate({ kind: 'register', member_seq: memberSeq, details, idempotencyKey });
    } else if (edit.mode === 'change') {
      save.mutate({ kind: 'change', clientId: edit.client.client_id, details, idempotencyKey });
    }
  };
  const errorText = (key: keyof typeof errors) => {
    const code = errors[key];
    return code === undefined ? undefined : t(`form.errors.${code}` as 'form.errors.nameRequired');
  };
  return (
    <Modal
      opened={edit !== undefined}
      onClose={onClose}
      title={edit?.mode === 'change' ? t('form.changeTitle') : t('form.registerTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {edit?.mode === 'register' && (
            <TextInput
              label={t('form.memberSeq')}
              required
              inputMode="numeric"
              value={memberSeq === undefined ? '' : String(memberSeq)}
              error={errorText('memberSeq')}
              onChange={(event) => {
                changed();
                const value = Number.parseInt(event.currentTarget.value.replace(/\D/g, ''), 10);
                setMemberSeq(Number.isSafeInteger(value) && value >= 1 ? value : undefined);
              }}
            />
          )}
          <TextInput
            label={t('form.name')}
            required
            maxLength={64}
            value={name}
            error={errorText('name')}
            onChange={(event) => {
              changed();
              setName(event.currentTarget.value);
            }}
          />
          <Textarea
            label={t('form.redirectUris')}
            description={t('form.redirectUrisHint')}
            required
            rows={3}
            value={redirectUris}
            error={errorText('redirectUris')}
            onChange={(event) => {
              changed();
              setRedirectUris(event.currentTarget.value);
            }}
          />
          <Textarea
            label={t('form.authorities')}
            description={t('form.authoritiesHint')}
            rows={3}
            value={authorities}
            error={errorText('authorities')}
            onChange={(event) => {
              changed();
              setAuthorities(event.currentTarget.value);
            }}
          />
          <FailureAlert error={save.error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {edit?.mode === 'change' ? t('form.save') : t('form.register')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export type OAuth2ClientListPageProps = {
  search: OAuth2ClientListSearch;
  onSearchChange: (update: (previous: OAuth2ClientListSearch) => OAuth2ClientListSearch) => void;
};

/**
 * SPEC §2 admin oauth2-client/list: every member's OAuth2 clients (name, id, redirect URIs,
 * authorities), filtered by member and state; register one for a member (its secret is shown
 * once), change it, rotate its secret, revoke it (final, after a confirmation).
 */
export function OAuth2ClientListPage({ search, onSearchChange }: OAuth2ClientListPageProps) {
  const { t } = useTranslation('admin-oauth2-clients');
  const { t: tAdmin } = useTranslation('admin');
  const locale = useAtomValue(localeAtom);
  const clients = useQuery({ ...oauth2ClientListQuery(search), placeholderData: keepPreviousData });
  const [edit, setEdit] = useState<ClientEdit | undefined>(undefined);
  const [secret, setSecret] = useState<string | undefined>(undefined);
  const actionKey = useSubmissionKey();
  const action = useMutation({
    ...oauth2ClientMutation(),
    onSuccess: (answer, change) => {
      actionKey.renew();
      showSuccessToast(change.kind === 'revoke' ? t('toast.revoked') : t('toast.rotated'));
      if (answer.secret !== undefined) setSecret(answer.secret);
    },
  });
  const rotate = async (client: OAuth2Client) => {
    const confirmed = await confirmAction({
      title: t('rotate.title'),
      message: t('rotate.message', { name: client.name }),
      confirmLabel: t('rotate.confirm'),
    });
    if (confirmed) {
      action.mutate({
        kind: 'rotate',
        clientId: client.client_id,
        idempotencyKey: actionKey.current(),
      });
    }
  };
  const revoke = async (client: OAuth2Client) => {
    const confirmed = await confirmAction({
      title: t('revoke.title'),
      message: t('revoke.message', { name: client.name }),
      confirmLabel: t('revoke.confirm'),
      isDestructive: true,
    });
    if (confirmed) {
      action.mutate({
        kind: 'revoke',
        clientId: client.client_id,
        idempotencyKey: actionKey.current(),
      });
    }
  };
  const columns: ListColumn<OAuth2Client>[] = [
    {
      accessor: 'name',
      title: t('columns.name'),
      isSortable: true,
      text: (row) => row.name,
    },
    { accessor: 'client_id', title: t('columns.clientId'), text: (row) => row.client_id },
    {
      accessor: 'member_seq',
      title: t('columns.member'),
      text: (row) => String(row.member_seq),
      render: (row) => (
        <Anchor
          size="sm"
          renderRoot={(props) => (
            <Link
              {...props}
              to="/admin/member/$member_seq/view"
              params={{ member_seq: String(row.member_seq) }}
            />
          )}
        >
          {row.member_seq}
        </Anchor>
      ),
    },
    {
      accessor: 'redirect_uris',
      title: t('columns.redirectUris'),
      text: (row) => row.redirect_uris.join(' '),
    },
    {
      accessor: 'authorities',
      title: t('columns.authorities'),
      text: (row) => row.authorities.join(', '),
    },
    {
      accessor: 'regdate',
      title: t('columns.regdate'),
      isSortable: true,
      text: (row) => formatDateTime(row.regdate, locale),
    },
    {
      accessor: 'revoked_at',
      title: t('columns.state'),
      text: (row) => (row.revoked_at === null ? t('state.active') : t('state.revoked')),
      render: (row) =>
        row.revoked_at === null ? (
          <Badge color="green" variant="light">
            {t('state.active')}
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            {t('state.revoked')}
          </Badge>
        ),
    },
    {
      accessor: 'actions',
      title: t('columns.actions'),
      text: () => '',
      render: (row) =>
        row.revoked_at === null ? (
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-xs"
              variant="subtle"
              aria-label={t('actions.changeLabel', { name: row.name })}
              onClick={() => setEdit({ mode: 'change', client: row })}
            >
              {t('actions.change')}
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              aria-label={t('actions.rotateLabel', { name: row.name })}
              onClick={() => void rotate(row)}
            >
              {t('actions.rotate')}
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              aria-label={t('actions.revokeLabel', { name: row.name })}
              onClick={() => void revoke(row)}
            >
              {t('actions.revoke')}
            </Button>
          </Group>
        ) : null,
    },
  ];
  return (
    <>
      <FailureAlert error={action.error} />
      <ListScreen
        title={tAdmin('screens.oauth2ClientList')}
        search={search}
        onSearchChange={onSearchChange}
        columns={columns}
        rows={clients.data?.data}
        total={clients.data?.paging.total}
        isFetching={clients.isFetching}
        error={clients.error}
        rowKey={(row) => row.client_id}
        emptyText={t('empty')}
        exportFileName="oauth2-clients"
        filters={
          <FilterBar>
            <SearchFilter
              label={t('filters.search')}
              value={search.search}
              onChange={(value) =>
                onSearchChange((previous) => ({ ...previous, search: value, page: 1 }))
              }
            />
            <SeqFilter
              label={t('filters.member')}
              value={search.member_seq}
              onChange={(value) =>
                onSearchChange((previous) => ({ ...previous, member_seq: value, page: 1 }))
              }
            />
            <ChoiceFilter
              label={t('filters.state')}
              value={search.is_revoked}
              choices={[
                { value: false, label: t('state.active') },
                { value: true, label: t('state.revoked') },
              ]}
              onChange={(value) =>
                onSearchChange((previous) => ({ ...previous, is_revoked: value, page: 1 }))
              }
            />
            <Button onClick={() => setEdit({ mode: 'register' })}>{t('actions.register')}</Button>
          </FilterBar>
        }
      />
      <ClientDialog
        key={edit?.mode === 'change' ? `change-${edit.client.client_id}` : (edit?.mode ?? 'closed')}
        edit={edit}
        onClose={() => setEdit(undefined)}
        onSecret={setSecret}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(undefined)} />
    </>
  );
}
