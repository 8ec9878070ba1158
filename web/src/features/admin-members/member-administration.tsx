import {
  Button,
  Card,
  Checkbox,
  Divider,
  Group,
  NativeSelect,
  ScrollArea,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import {
  type AdminMember,
  allMemberGroupsQuery,
  allRolesQuery,
} from '../../lib/queries/admin-member-queries.ts';
import { memberMeQueryOptions } from '../../lib/session/member-info.ts';
import { confirmAction } from '../../ui-kit/dialogs/confirm-dialog.tsx';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import { showSuccessToast } from '../../ui-kit/toasts.ts';
import { changeMemberMutation, type MemberChange } from './admin-member-mutations.ts';

const securityLevels = Array.from({ length: 11 }, (_, level) => level);

function Setting(props: { title: string; description?: string | undefined; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        {props.title}
      </Text>
      {props.description === undefined ? undefined : (
        <Text size="xs" c="dimmed">
          {props.description}
        </Text>
      )}
      {props.children}
    </Stack>
  );
}

/** Keeps a local choice, reset to the server's value whenever that changes (`key` names it). */
function useDraft<Value>(serverValue: Value, key: string): [Value, (value: Value) => void] {
  const [draft, setDraft] = useState(serverValue);
  const [draftKey, setDraftKey] = useState(key);
  if (draftKey !== key) {
    setDraftKey(key);
    setDraft(serverValue);
  }
  return [draft, setDraft];
}

/**
 * The administrator's actions on one member (SPEC §6): deny or allow, set and lock the security
 * level, statistics exclusion, groups and roles. Every change asks for confirmation first and
 * shows the server's answer; the member is then read again (pessimistic, nothing changes before).
 */
export function MemberAdministration({ member }: { member: AdminMember }) {
  const { t } = useTranslation('admin-members');
  const locale = useAtomValue(localeAtom);
  const me = useQuery(memberMeQueryOptions());
  const groups = useQuery(allMemberGroupsQuery());
  const roles = useQuery(allRolesQuery());
  const change = useMutation({
    ...changeMemberMutation(member.seq),
    onSuccess: () => showSuccessToast(t('actions.saved')),
  });
  const name = member.user_id ?? member.uid;
  const [level, setLevel] = useDraft(member.security_level, String(member.security_level));
  const [groupSeqs, setGroupSeqs] = useDraft(member.group_seqs, member.group_seqs.join(','));
  const roleIds = member.role_ids ?? [];
  const [chosenRoles, setChosenRoles] = useDraft(roleIds, roleIds.join(','));
  const isSelf = me.data?.seq === member.seq;
  const apply = async (
    request: MemberChange,
    title: string,
    message: string,
    isDestructive = false,
  ) => {
    if (change.isPending) return;
    const isConfirmed = await confirmAction({ title, message, isDestructive });
    if (isConfirmed) change.mutate(request);
  };
  const number = new Intl.NumberFormat(locale);
  return (
    <Card withBorder padding="lg" component="section" aria-label={t('actions.title')}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('actions.title')}
        </Title>
        <FailureAlert error={change.error} />
        <Setting
          title={t('actions.standing')}
          description={isSelf ? t('actions.notOnSelf') : undefined}
        >
          <Group>
            {member.is_denied ? (
              <Button
                variant="light"
                loading={change.isPending && change.variables?.kind === 'deny'}
                onClick={() =>
                  void apply(
                    { kind: 'deny', is_denied: false },
                    t('actions.allowTitle'),
                    t('actions.allowMessage', { name }),
                  )
                }
              >
                {t('actions.allow')}
              </Button>
            ) : (
              <Button
                color="red"
                variant="light"
                disabled={isSelf || !member.is_alive}
                loading={change.isPending && change.variables?.kind === 'deny'}
                onClick={() =>
                  void apply(
                    { kind: 'deny', is_denied: true },
                    t('actions.denyTitle'),
                    t('actions.denyMessage', { name }),
                    true,
                  )
                }
              >
                {t('actions.deny')}
              </Button>
            )}
          </Group>
        </Setting>
        <Divider />
        <Setting title={t('actions.securityLevel')}>
          <Group align="flex-end">
            <NativeSelect
              label={t('actions.securityLevelLabel')}
              value={String(level)}
              data={securityLevels.map((value) => ({
                value: String(value),
                label: number.format(value),
              }))}
              onChange={(event) => setLevel(Number(event.currentTarget.value))}
              w={120}
            />
            <Button
              variant="default"
              disabled={level === member.security_level}
              loading={change.isPending && change.variables?.kind === 'security-level'}
              onClick={() =>
                void apply(
                  { kind: 'security-level', security_level: level },
                  t('actions.securityLevelTitle'),
                  t('actions.securityLevelMessage', {
                    name,
                    from: number.format(member.security_level),
                    to: number.format(level),
                  }),
                )
              }
            >
              {t('actions.apply')}
            </Button>
          </Group>
          <Switch
            label={t('actions.lock')}
            description={t('actions.lockDescription')}
            checked={member.is_security_level_locked}
            disabled={change.isPending}
            onChange={(event) => {
              const isLocked = event.currentTarget.checked;
              void apply(
                { kind: 'security-level-lock', is_security_level_locked: isLocked },
                isLocked ? t('actions.lockTitle') : t('actions.unlockTitle'),
                isLocked
                  ? t('actions.lockMessage', { name })
                  : t('actions.unlockMessage', { name }),
              );
            }}
          />
        </Setting>
        <Divider />
        <Setting title={t('actions.statistics')}>
          <Switch
            label={t('actions.statisticsExclude')}
            checked={member.use_statistics_exclude}
            disabled={change.isPending}
            onChange={(event) => {
              const isExcluded = event.currentTarget.checked;
              void apply(
                { kind: 'statistics-exclusion', use_statistics_exclude: isExcluded },
                t('actions.statisticsTitle'),
                isExcluded
                  ? t('actions.statisticsExcludeMessage', { name })
                  : t('actions.statisticsIncludeMessage', { name }),
              );
            }}
          />
        </Setting>
        <Divider />
        <Setting title={t('actions.groups')}>
          {groups.data?.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('actions.noGroups')}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={180}>
              <Checkbox.Group
                aria-label={t('actions.groups')}
                value={groupSeqs.map(String)}
                onChange={(values) => setGroupSeqs(values.map(Number))}
              >
                <Stack gap={6}>
                  {(groups.data ?? []).map((group) => (
                    <Checkbox
                      key={group.group_seq}
                      value={String(group.group_seq)}
                      label={group.name}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
            </ScrollArea.Autosize>
          )}
          <FailureAlert error={groups.error} />
          <Group>
            <Button
              variant="default"
              disabled={sameSet(groupSeqs, member.group_seqs)}
              loading={change.isPending && change.variables?.kind === 'groups'}
              onClick={() =>
                void apply(
                  { kind: 'groups', group_seqs: [...groupSeqs].sort((a, b) => a - b) },
                  t('actions.groupsTitle'),
                  t('actions.groupsMessage', { name }),
                )
              }
            >
              {t('actions.saveGroups')}
            </Button>
          </Group>
        </Setting>
        <Divider />
        <Setting title={t('actions.roles')} description={t('actions.rolesDescription')}>
          {roles.data?.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('actions.noRoles')}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={180}>
              <Checkbox.Group
                aria-label={t('actions.roles')}
                value={chosenRoles}
                onChange={setChosenRoles}
              >
                <Stack gap={6}>
                  {(roles.data ?? []).map((role) => (
                    <Checkbox key={role.role_id} value={role.role_id} label={role.name} />
                  ))}
                </Stack>
              </Checkbox.Group>
            </ScrollArea.Autosize>
          )}
          <FailureAlert error={roles.error} />
          <Group>
            <Button
              variant="default"
              disabled={sameSet(chosenRoles, roleIds)}
              loading={change.isPending && change.variables?.kind === 'roles'}
              onClick={() =>
                void apply(
                  { kind: 'roles', role_ids: [...chosenRoles].sort() },
                  t('actions.rolesTitle'),
                  t('actions.rolesMessage', { name }),
                )
              }
            >
              {t('actions.saveRoles')}
            </Button>
          </Group>
        </Setting>
      </Stack>
    </Card>
  );
}

function sameSet<Value>(left: readonly Value[], right: readonly Value[]): boolean {
  return left.length === right.length && left.every((value) => right.includes(value));
}
