import {
  Checkbox,
  Container,
  NativeSelect,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { allMemberGroupsQuery } from '../../lib/queries/admin-member-queries.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import {
  SettingsSaveFooter,
  saveChangedSettings,
  settingFieldError,
} from '../../ui-kit/settings-form.tsx';
import { showSuccessToast } from '../../ui-kit/toasts.ts';
import {
  configSettingMutation,
  configSettingsQuery,
  listOfText,
  settingOf,
} from './admin-config-api.ts';

const loginIdentifiers = ['user_id', 'email'] as const;
type LoginIdentifier = (typeof loginIdentifiers)[number];

/**
 * SPEC §2 admin config/member: whether visitors may sign up, the consents a sign-up must give,
 * what members log in with, and the member groups whose members may be named as recommender (none
 * chosen: every member may). Each change is one SettingChanged event (chief administrator only);
 * a refused value is said under its field.
 */
export function ConfigMemberPage() {
  const { t } = useTranslation('admin-config');
  const { t: tAdmin } = useTranslation('admin');
  useDocumentTitle(tAdmin('screens.configMember'));
  const settings = useQuery(configSettingsQuery());
  const groups = useQuery(allMemberGroupsQuery()).data ?? [];
  const save = useMutation({ ...configSettingMutation() });
  const [signUp, setSignUp] = useState(true);
  const [consents, setConsents] = useState('');
  const [identifier, setIdentifier] = useState<LoginIdentifier>('user_id');
  const [recommenderGroups, setRecommenderGroups] = useState<string[]>([]);
  useEffect(() => {
    const data = settings.data;
    if (data === undefined) return;
    setSignUp(settingOf(data, 'member.signUpEnabled', z.boolean(), true));
    setConsents(settingOf(data, 'member.requiredConsents', z.array(z.string()), []).join(', '));
    setIdentifier(settingOf(data, 'member.loginIdentifier', z.enum(loginIdentifiers), 'user_id'));
    setRecommenderGroups(
      settingOf(data, 'member.recommenderAllowedGroups', z.array(z.number()), []).map(String),
    );
  }, [settings.data]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changes: [string, unknown][] = [
      ['member.signUpEnabled', signUp],
      ['member.requiredConsents', listOfText(consents)],
      ['member.loginIdentifier', identifier],
      ['member.recommenderAllowedGroups', recommenderGroups.map(Number)],
    ];
    if (await saveChangedSettings(changes, settings.data, save.mutateAsync)) {
      showSuccessToast(t('saved'));
    }
  };
  const fieldError = (key: string) => settingFieldError(save.error, save.variables, key);
  return (
    <Container size="sm" py="md">
      <form onSubmit={(event) => void submit(event)} aria-label={tAdmin('screens.configMember')}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {tAdmin('screens.configMember')}
          </Title>
          {settings.error ? <FailureAlert error={settings.error} /> : undefined}
          <Switch
            label={t('member.signUpEnabled')}
            checked={signUp}
            onChange={(event) => setSignUp(event.currentTarget.checked)}
            error={fieldError('member.signUpEnabled')}
          />
          <TextInput
            label={t('member.requiredConsents')}
            description={t('member.requiredConsentsNote')}
            value={consents}
            onChange={(event) => setConsents(event.currentTarget.value)}
            error={fieldError('member.requiredConsents')}
          />
          <NativeSelect
            label={t('member.loginIdentifier')}
            value={identifier}
            data={loginIdentifiers.map((value) => ({
              value,
              label: t(`member.loginIdentifiers.${value}`),
            }))}
            onChange={(event) => setIdentifier(event.currentTarget.value as LoginIdentifier)}
            error={fieldError('member.loginIdentifier')}
          />
          <Checkbox.Group
            label={t('member.recommenderAllowedGroups')}
            description={t('member.everyGroup')}
            value={recommenderGroups}
            onChange={setRecommenderGroups}
            error={fieldError('member.recommenderAllowedGroups')}
          >
            <Stack gap="xs" mt="xs">
              {groups.map((group) => (
                <Checkbox
                  key={group.group_seq}
                  value={String(group.group_seq)}
                  label={group.name}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <Text size="xs" c="dimmed">
            {t('member.effectNote')}
          </Text>
          <SettingsSaveFooter
            error={save.error}
            pending={save.isPending}
            disabled={settings.data === undefined}
            label={t('save')}
          />
        </Stack>
      </form>
    </Container>
  );
}
