import {
  Checkbox,
  Container,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type Locale, locales } from '../../i18n/locales.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { FailureAlert } from '../../ui-kit/failure-alert.tsx';
import {
  SettingsSaveFooter,
  saveChangedSettings,
  settingFieldError,
} from '../../ui-kit/settings-form.tsx';
import { showSuccessToast } from '../../ui-kit/toasts.ts';
import { configSettingMutation, configSettingsQuery, settingOf } from './admin-config-api.ts';
import { previewSample, renderTemplate } from './template-preview.ts';

/** The events a notification may follow: the catalogue's closed list, in its order. */
const events = [
  'sign_up',
  'password_changed',
  'email_changed',
  'otp_changed',
  'deposit_credited',
  'withdrawal_sent',
  'withdrawal_refused',
  'kyc_reviewed',
  'cs_ticket_created',
  'cs_ticket_answered',
] as const;
type NotificationEvent = (typeof events)[number];
const audiences = ['member', 'manager'] as const;
const channels = ['mail', 'sms'] as const;
type Channel = (typeof channels)[number];
type Rule = { member: Channel[]; manager: Channel[] };
type Template = { subject: string; body: string };
const placeholderList = Object.keys(previewSample)
  .map((name) => `{{${name}}}`)
  .join(', ');
type Rules = Partial<Record<NotificationEvent, Rule>>;
type Templates = Partial<Record<NotificationEvent, Partial<Record<Locale, Template>>>>;

const RuleSchema = z.object({
  member: z.array(z.enum(channels)),
  manager: z.array(z.enum(channels)),
});
const TemplateSchema = z.object({ subject: z.string(), body: z.string() });

/** Only the events someone hears of; channels in the catalogue's order. */
function savedRules(rules: Rules): Rules {
  const kept = events.flatMap((event) => {
    const rule = rules[event];
    if (rule === undefined || rule.member.length + rule.manager.length === 0) return [];
    const ordered = (list: Channel[]) => channels.filter((channel) => list.includes(channel));
    return [[event, { member: ordered(rule.member), manager: ordered(rule.manager) }] as const];
  });
  return Object.fromEntries(kept);
}

/** Only the templates with some text. */
function savedTemplates(templates: Templates): Templates {
  const kept = events.flatMap((event) => {
    const perLocale = Object.entries(templates[event] ?? {}).filter(
      ([, template]) => template.subject.trim() !== '' || template.body.trim() !== '',
    );
    return perLocale.length === 0 ? [] : [[event, Object.fromEntries(perLocale)] as const];
  });
  return Object.fromEntries(kept);
}

/**
 * SPEC §2 admin config/notification: per event, whether the member it concerns and the managers
 * hear of it by mail or SMS, and per event and locale the text sent, with a preview filled with
 * sample values. Each change is one SettingChanged event (chief administrator only).
 */
export function ConfigNotificationPage() {
  const { t } = useTranslation('admin-config');
  const { t: tAdmin } = useTranslation('admin');
  useDocumentTitle(tAdmin('screens.configNotification'));
  const settings = useQuery(configSettingsQuery());
  const save = useMutation({ ...configSettingMutation() });
  const [rules, setRules] = useState<Rules>({});
  const [templates, setTemplates] = useState<Templates>({});
  const [event, setEvent] = useState<NotificationEvent>('sign_up');
  const [locale, setLocale] = useState<Locale>('ko-KR');
  useEffect(() => {
    const data = settings.data;
    if (data === undefined) return;
    setRules(
      settingOf(data, 'notification.rules', z.partialRecord(z.enum(events), RuleSchema), {}),
    );
    setTemplates(
      settingOf(
        data,
        'notification.templates',
        z.partialRecord(z.enum(events), z.partialRecord(z.enum(locales), TemplateSchema)),
        {},
      ),
    );
  }, [settings.data]);
  const toggle = (on: NotificationEvent, audience: keyof Rule, channel: Channel) =>
    setRules((all) => {
      const rule = all[on] ?? { member: [], manager: [] };
      const list = rule[audience];
      const next = list.includes(channel) ? list.filter((c) => c !== channel) : [...list, channel];
      return { ...all, [on]: { ...rule, [audience]: next } };
    });
  const template = templates[event]?.[locale] ?? { subject: '', body: '' };
  const edit = (field: keyof Template, value: string) =>
    setTemplates((all) => ({
      ...all,
      [event]: { ...all[event], [locale]: { ...template, [field]: value } },
    }));
  const submit = async (submitted: FormEvent) => {
    submitted.preventDefault();
    const changes: [string, unknown][] = [
      ['notification.rules', savedRules(rules)],
      ['notification.templates', savedTemplates(templates)],
    ];
    if (await saveChangedSettings(changes, settings.data, save.mutateAsync)) {
      showSuccessToast(t('saved'));
    }
  };
  const fieldError = (key: string) => settingFieldError(save.error, save.variables, key);
  return (
    <Container size="md" py="md">
      <form
        onSubmit={(submitted) => void submit(submitted)}
        aria-label={tAdmin('screens.configNotification')}
      >
        <Stack gap="md">
          <Title order={1} size="h2">
            {tAdmin('screens.configNotification')}
          </Title>
          {settings.error ? <FailureAlert error={settings.error} /> : undefined}
          <Table aria-label={t('notification.rules')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('notification.event')}</Table.Th>
                {audiences.flatMap((audience) =>
                  channels.map((channel) => (
                    <Table.Th key={`${audience}-${channel}`}>
                      {t(`notification.column.${audience}.${channel}`)}
                    </Table.Th>
                  )),
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((on) => (
                <Table.Tr key={on}>
                  <Table.Td>{t(`notification.events.${on}`)}</Table.Td>
                  {audiences.flatMap((audience) =>
                    channels.map((channel) => (
                      <Table.Td key={`${audience}-${channel}`}>
                        <Checkbox
                          aria-label={t('notification.cell', {
                            event: t(`notification.events.${on}`),
                            column: t(`notification.column.${audience}.${channel}`),
                          })}
                          checked={rules[on]?.[audience].includes(channel) ?? false}
                          onChange={() => toggle(on, audience, channel)}
                        />
                      </Table.Td>
                    )),
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {fieldError('notification.rules') ? (
            <Text c="red" size="sm">
              {fieldError('notification.rules')}
            </Text>
          ) : undefined}
          <Title order={2} size="h4">
            {t('notification.templates')}
          </Title>
          <Group grow>
            <NativeSelect
              label={t('notification.event')}
              value={event}
              data={events.map((value) => ({ value, label: t(`notification.events.${value}`) }))}
              onChange={(changed) => setEvent(changed.currentTarget.value as NotificationEvent)}
            />
            <NativeSelect
              label={t('notification.locale')}
              value={locale}
              data={[...locales]}
              onChange={(changed) => setLocale(changed.currentTarget.value as Locale)}
            />
          </Group>
          <TextInput
            label={t('notification.subject')}
            maxLength={200}
            value={template.subject}
            onChange={(changed) => edit('subject', changed.currentTarget.value)}
            error={fieldError('notification.templates')}
          />
          <Textarea
            label={t('notification.body')}
            description={t('notification.placeholders', { list: placeholderList })}
            rows={5}
            maxLength={4_000}
            value={template.body}
            onChange={(changed) => edit('body', changed.currentTarget.value)}
          />
          <Paper withBorder p="sm" aria-label={t('notification.preview')} role="region">
            <Text fw={600}>{renderTemplate(template.subject, previewSample)}</Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>
              {renderTemplate(template.body, previewSample)}
            </Text>
          </Paper>
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
