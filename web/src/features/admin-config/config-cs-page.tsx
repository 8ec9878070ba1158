import { Container, NumberInput, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
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

/**
 * SPEC §2 admin config/cs: the ticket defaults (the ticket type a new ticket starts with, and
 * whether a new ticket type notifies the member and the managers), whether visitors may file
 * tickets, and the managers' addresses told of new tickets. Customer service reads these keys;
 * each change is one SettingChanged event (chief administrator only).
 */
export function ConfigCsPage() {
  const { t } = useTranslation('admin-config');
  const { t: tAdmin } = useTranslation('admin');
  useDocumentTitle(tAdmin('screens.configCs'));
  const settings = useQuery(configSettingsQuery());
  const save = useMutation({ ...configSettingMutation() });
  const [ticketType, setTicketType] = useState<number | string>('');
  const [notifyMember, setNotifyMember] = useState(true);
  const [notifyManager, setNotifyManager] = useState(true);
  const [guests, setGuests] = useState(false);
  const [emails, setEmails] = useState('');
  useEffect(() => {
    const data = settings.data;
    if (data === undefined) return;
    setTicketType(settingOf(data, 'cs.defaultTicketTypeSeq', z.number().nullable(), null) ?? '');
    setNotifyMember(settingOf(data, 'cs.defaultNotifyMember', z.boolean(), true));
    setNotifyManager(settingOf(data, 'cs.defaultNotifyManager', z.boolean(), true));
    setGuests(settingOf(data, 'cs.guestTicketsEnabled', z.boolean(), false));
    setEmails(settingOf(data, 'cs.notifiedManagerEmails', z.array(z.string()), []).join(', '));
  }, [settings.data]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changes: [string, unknown][] = [
      ['cs.defaultTicketTypeSeq', ticketType === '' ? null : Number(ticketType)],
      ['cs.defaultNotifyMember', notifyMember],
      ['cs.defaultNotifyManager', notifyManager],
      ['cs.guestTicketsEnabled', guests],
      ['cs.notifiedManagerEmails', listOfText(emails)],
    ];
    if (await saveChangedSettings(changes, settings.data, save.mutateAsync)) {
      showSuccessToast(t('saved'));
    }
  };
  const fieldError = (key: string) => settingFieldError(save.error, save.variables, key);
  return (
    <Container size="sm" py="md">
      <form onSubmit={(event) => void submit(event)} aria-label={tAdmin('screens.configCs')}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {tAdmin('screens.configCs')}
          </Title>
          {settings.error ? <FailureAlert error={settings.error} /> : undefined}
          <NumberInput
            label={t('cs.defaultTicketType')}
            description={t('cs.defaultTicketTypeNote')}
            allowDecimal={false}
            value={ticketType}
            onChange={setTicketType}
            error={fieldError('cs.defaultTicketTypeSeq')}
          />
          <Switch
            label={t('cs.defaultNotifyMember')}
            checked={notifyMember}
            onChange={(event) => setNotifyMember(event.currentTarget.checked)}
          />
          <Switch
            label={t('cs.defaultNotifyManager')}
            checked={notifyManager}
            onChange={(event) => setNotifyManager(event.currentTarget.checked)}
          />
          <Switch
            label={t('cs.guestTicketsEnabled')}
            checked={guests}
            onChange={(event) => setGuests(event.currentTarget.checked)}
          />
          <TextInput
            label={t('cs.notifiedManagerEmails')}
            description={t('cs.notifiedManagerEmailsNote')}
            value={emails}
            onChange={(event) => setEmails(event.currentTarget.value)}
            error={fieldError('cs.notifiedManagerEmails')}
          />
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
