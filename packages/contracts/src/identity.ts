import { z } from 'zod';
import { PermissionSchema } from './identity-administration.ts';
import { listQuerySchema, PositionSchema, QuerySeqSchema } from './list-query.ts';
import { text } from './text.ts';

/**
 * Request and answer shapes of identity: login, refresh, registration, my page, OTP,
 * constants. Requests are strict objects: an unknown field (balance, is_admin, security_level, ...)
 * is refused with 400 validation_failed. Field names follow SPEC (snake_case).
 */
const UserIdSchema = text({ trim: true, min: 3, max: 64 }).regex(/^[\p{L}\p{N}._@+-]+$/u);
const EmailSchema = text({ trim: true, max: 254 }).pipe(z.email());
const PasswordSchema = text({ min: 1, max: 1_024 });
const OtpTokenSchema = z.string().regex(/^\d{6}$/);
const VerificationCodeSchema = z.string().regex(/^\d{6}$/);

export const TokenRequestSchema = z.strictObject({
  /** The login identifier: a user id, or an email when settings say so. */
  user_id: text({ trim: true, min: 1, max: 254 }),
  password: PasswordSchema,
  otp_token: OtpTokenSchema.optional(),
});
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

export const TokenAnswerSchema = z.union([
  z.object({ otp_token_required: z.literal(true) }),
  z.object({
    token: z.string(),
    token_type: z.literal('Bearer'),
    /** Seconds until the access token expires. */
    expires_in: z.number().int(),
  }),
]);
export type TokenAnswer = z.infer<typeof TokenAnswerSchema>;

export const RegisterMemberRequestSchema = z.strictObject({
  user_id: UserIdSchema,
  password: PasswordSchema,
  email_address: EmailSchema,
  user_name: text({ trim: true, min: 1, max: 100 }),
  /** Consent keys; must equal the required consents of the settings. */
  consents: z.array(text({ max: 64 })).max(20),
  /** The recommender (inviter) by user id. */
  recommender: text({ trim: true, min: 1, max: 64 }).optional(),
});
export type RegisterMemberRequest = z.infer<typeof RegisterMemberRequestSchema>;

/** A write's answer: the global position of its last event (read-your-writes `?after=`). */
export const WriteAnswerSchema = z.object({
  data: z.record(z.string(), z.unknown()),
  position: PositionSchema.nullable(),
});

export const EmailVerificationConfirmRequestSchema = z.strictObject({
  code: VerificationCodeSchema,
});

export const ChangePasswordRequestSchema = z.strictObject({
  current_password: PasswordSchema,
  new_password: PasswordSchema,
  otp_token: OtpTokenSchema.optional(),
});

export const ChangeEmailRequestSchema = z.strictObject({
  password: PasswordSchema,
  email_address: EmailSchema,
  otp_token: OtpTokenSchema.optional(),
});

export const WithdrawalRequestSchema = z.strictObject({
  password: PasswordSchema,
  otp_token: OtpTokenSchema.optional(),
});

export const FindAccountRequestSchema = z.strictObject({
  user_id: text({ trim: true, min: 1, max: 254 }),
});

export const ResetPasswordRequestSchema = z.strictObject({
  user_id: text({ trim: true, min: 1, max: 254 }),
  code: VerificationCodeSchema,
  new_password: PasswordSchema,
});

export const EmptyRequestSchema = z.strictObject({});

export const OtpActivateRequestSchema = z.strictObject({ otp_token: OtpTokenSchema });
export const OtpDeactivateRequestSchema = z.strictObject({ otp_token: OtpTokenSchema.optional() });

export const OtpRegistrationAnswerSchema = z.object({
  data: z.object({
    otp_id: z.string(),
    /** Base32 seed, shown once, for manual entry. */
    secret: z.string(),
    /** otpauth:// URI for the QR code. */
    otpauth_uri: z.string(),
  }),
  position: PositionSchema.nullable(),
});

export const OtpSchema = z.object({
  otp_id: z.string(),
  status: z.enum(['registered', 'active', 'deactivated']),
  regdate: z.string(),
  activated_date: z.string().nullable(),
  deactivated_date: z.string().nullable(),
});
export const OtpListAnswerSchema = z.object({ data: z.array(OtpSchema) });

export const MemberInfoSchema = z.object({
  seq: z.number().int(),
  /** The UID shown on my page. */
  uid: z.string(),
  user_id: z.string().nullable(),
  email_address: z.string().nullable(),
  user_name: z.string().nullable(),
  is_email_verified: z.boolean(),
  is_denied: z.boolean(),
  is_admin: z.boolean(),
  is_alive: z.boolean(),
  regdate: z.string(),
  last_login: z.string().nullable(),
  deleted_date: z.string().nullable(),
  security_level: z.number().int(),
  is_security_level_locked: z.boolean(),
  use_statistics_exclude: z.boolean(),
  inviter_seq: z.number().int().nullable(),
  inviter_user_id: z.string().nullable(),
  otp_count: z.number().int(),
  group_seqs: z.array(z.number().int()),
});
export type MemberInfo = z.infer<typeof MemberInfoSchema>;
/**
 * What the caller may do in the admin console (GET /member/me): the chief administrator may call
 * every admin route; anyone else exactly the admin routes its roles grant (method and path as in
 * the route table). The console uses it only to leave out what would be refused; the APIs decide.
 */
export const MemberAccessSchema = z.object({
  is_chief_administrator: z.boolean(),
  /** In the shape a role's permissions are defined in. */
  permissions: z.array(PermissionSchema),
});
export type MemberAccess = z.infer<typeof MemberAccessSchema>;
export const MemberMeAnswerSchema = z.object({
  member_info: MemberInfoSchema,
  access: MemberAccessSchema,
});

export const ConstantAnswerSchema = z.object({
  data: z.object({
    locales: z.object({ default: z.string(), supported: z.array(z.string()) }),
    assets: z.array(z.object({ code: z.string(), title: z.string(), decimal_point: z.number() })),
    /** The member-facing ledger policy (settings `ledger.*`); amounts are decimal strings. */
    ledger: z
      .object({
        accounts_per_asset_max: z.number().int(),
        member_transfer_scope: z.enum(['own_accounts', 'any_member']),
        member_transfer_fee: z.record(z.string(), z.string()),
      })
      .optional(),
    enumerations: z.record(z.string(), z.array(z.string())),
  }),
});

export const BrokerageSchema = z.object({
  seq: z.number().int(),
  title: z.string(),
  type: z.string(),
  identification_code: z.string().nullable(),
  regdate: z.string(),
});

export const OtpIdParameterSchema = z.strictObject({ otpId: z.uuid() });
export const BrokerageListQuerySchema = listQuerySchema({ sortable: ['seq', 'title', 'regdate'] });
export const BrokerageParameterSchema = z.strictObject({ seq: QuerySeqSchema });
