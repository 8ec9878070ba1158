import { queryOptions } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { afterLatestWrite } from '../../lib/written-position.ts';
import { type ListSearch, listPageSchema, listQueryParams } from '../../ui-kit/list/list-search.ts';

/** The identity events the activity log holds (docs/events.md, Identity streams). */
export const activityEventTypes = [
  'MemberRegistered',
  'EmailVerificationRequested',
  'EmailVerified',
  'PasswordResetRequested',
  'PasswordChanged',
  'MemberWithdrawn',
  'MemberDenied',
  'MemberAllowed',
  'SecurityLevelSet',
  'SecurityLevelLockChanged',
  'StatisticsExclusionChanged',
  'MemberGroupsChanged',
  'AdministratorFlagChanged',
  'MemberRolesChanged',
  'OtpRegistered',
  'OtpActivated',
  'OtpDeactivated',
  'MemberGroupCreated',
  'MemberGroupRenamed',
  'RoleDefined',
  'RoleChanged',
  'SettingChanged',
] as const;
export type ActivityEventType = (typeof activityEventTypes)[number];

export const ActivityRowSchema = z.object({
  event_id: z.string(),
  position: z.string(),
  stream_name: z.string(),
  event_type: z.string(),
  actor: z.string().nullable(),
  request_id: z.string().nullable(),
  member_seq: z.number().int().nullable(),
  data: z.unknown(),
  occurred_at: z.string(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type ActivityRow = z.infer<typeof ActivityRowSchema>;

/** GET /admin/activity-log after the app's last write. */
export function activityLogQuery(search: ListSearch & Record<string, unknown>) {
  return queryOptions({
    queryKey: ['admin', 'activity-log', search] as const,
    queryFn: async ({ client, signal }) =>
      listPageSchema(ActivityRowSchema).parse(
        await api.get('admin/activity-log', {
          searchParams: { ...listQueryParams(search), ...afterLatestWrite(client) },
          signal,
        }),
      ),
  });
}

function isKnownEvent(type: string): type is ActivityEventType {
  return (activityEventTypes as readonly string[]).includes(type);
}

/** The event's localized name; an event this build does not know keeps its technical name. */
export function eventTypeText(type: string, t: TFunction<'admin-access'>): string {
  return isKnownEvent(type) ? t(`activity.events.${type}`) : type;
}

/** The event's fields, compact, for the details column (its text is what the export writes). */
export function eventDataText(data: unknown): string {
  if (data === null || typeof data !== 'object') return '';
  const { memberSeq: _member, ...rest } = data as Record<string, unknown>;
  return JSON.stringify(rest);
}
