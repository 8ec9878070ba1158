import { z } from 'zod';
import { listQuerySchema, QueryBooleanSchema, QuerySeqSchema } from './list-query.ts';
import { storableJson, text } from './text.ts';

/**
 * Administrator requests of identity and access: the member list and its tabs, member
 * groups, the login log, roles and permissions (acs), the activity log, and the admin commands on
 * members. Strict objects throughout.
 */
export const MemberListQuerySchema = listQuerySchema({
  sortable: ['regdate', 'seq', 'last_login', 'security_level'],
  filters: {
    is_denied: QueryBooleanSchema.optional(),
    is_admin: QueryBooleanSchema.optional(),
    is_alive: QueryBooleanSchema.optional(),
    security_level: z.coerce.number().int().min(0).max(10).optional(),
    group_seq: QuerySeqSchema.optional(),
  },
});
export type MemberListQuery = z.infer<typeof MemberListQuerySchema>;

export const LoginLogQuerySchema = listQuerySchema({
  sortable: ['attempted_at'],
  filters: {
    member_seq: QuerySeqSchema.optional(),
    result: z
      .enum([
        'succeeded',
        'otp_required',
        'invalid_credentials',
        'otp_invalid',
        'rate_limited',
        'denied',
      ])
      .optional(),
  },
});

export const ActivityLogQuerySchema = listQuerySchema({
  sortable: ['occurred_at'],
  filters: {
    member_seq: QuerySeqSchema.optional(),
    event_type: z
      .string()
      .regex(/^[A-Za-z]{1,64}$/)
      .optional(),
    actor: z
      .string()
      .regex(/^(member|admin|system):[\w-]{1,64}$/)
      .optional(),
  },
});

export const MemberGroupListQuerySchema = listQuerySchema({ sortable: ['group_seq', 'name'] });
export const RoleListQuerySchema = listQuerySchema({ sortable: ['name', 'changed_at'] });
export const MailOutboxQuerySchema = listQuerySchema({
  sortable: ['created_at'],
  filters: { recipient: text({ trim: true, max: 254 }).optional() },
});

/** Tabs of the member view that list related rows (account, oauth2-client, invite-relation). */
export const MemberTabQuerySchema = listQuerySchema({ sortable: ['regdate'] });

export const SetDeniedRequestSchema = z.strictObject({ is_denied: z.boolean() });
export const SetSecurityLevelRequestSchema = z.strictObject({
  security_level: z.number().int().min(0).max(10),
});
export const SetSecurityLevelLockRequestSchema = z.strictObject({
  is_security_level_locked: z.boolean(),
});
export const SetStatisticsExclusionRequestSchema = z.strictObject({
  use_statistics_exclude: z.boolean(),
});
export const SetMemberGroupsRequestSchema = z.strictObject({
  group_seqs: z.array(z.number().int().min(1)).max(100),
});
export const SetMemberRolesRequestSchema = z.strictObject({
  role_ids: z.array(z.string().uuid()).max(100),
});
export const SetAdministratorRequestSchema = z.strictObject({ is_admin: z.boolean() });

export const MemberGroupRequestSchema = z.strictObject({
  name: text({ trim: true, min: 1, max: 64 }),
});

/** An admin route of the route table: the admin routes and the development ones. */
export const PermissionSchema = z.strictObject({
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE']),
  path: text({ max: 200 }).regex(
    /^\/api\/v1\/(admin|development)\//,
    'an admin or development route',
  ),
});
export const RoleRequestSchema = z.strictObject({
  name: text({ trim: true, min: 1, max: 64 }),
  permissions: z.array(PermissionSchema).max(200),
});

export const ChangeSettingRequestSchema = z.strictObject({ value: storableJson() });

/** PUT /admin/setting-secret/{key}: a new secret (one line), or null to clear it. Never answered. */
export const SettingSecretRequestSchema = z.strictObject({
  value: text({ min: 1, max: 512 })
    .regex(/^[^\r\n]*$/)
    .nullable(),
});

/** POST /admin/config/mail/test-send: where the test mail goes. */
export const TestMailRequestSchema = z.strictObject({
  to: text({ trim: true, max: 254 }).pipe(z.email()),
});

/** POST /admin/config/phone/test-send: the number the test SMS goes to. */
export const TestSmsRequestSchema = z.strictObject({
  to: text({ trim: true, max: 16 }).regex(/^\+?[0-9]{4,15}$/),
});

/** A member's seq in a path (the member view and its tabs). */
export const MemberParameterSchema = z.strictObject({ seq: QuerySeqSchema });
export const MemberGroupParameterSchema = z.strictObject({ seq: QuerySeqSchema });
export const RoleParameterSchema = z.strictObject({ roleId: z.uuid() });
export const SettingKeyParameterSchema = z.strictObject({ key: text({ max: 100 }) });
