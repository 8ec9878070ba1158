import { z } from 'zod';
import { listQuerySchema, QuerySeqSchema } from './list-query.ts';
import { text } from './text.ts';

/**
 * KYC, real-name authentication, withdraw-address certification and the security catalog (issue
 * #10): request bodies and list queries of both APIs, shared with the web app.
 */
export const kycProblemCodes = [
  /** 409: the member already has a KYC certification request waiting for review. */
  'kyc_certification_pending',
  /** 404: no such KYC certification, real-name authentication or address certification. */
  'kyc_not_found',
  /** 409: the request was already approved or denied. */
  'kyc_already_reviewed',
  /** 409: only an approved certification has a validity to change. */
  'kyc_not_approved',
  /** 409: this real-name authentication already finished. */
  'realname_finished',
  /** 422: the authority's answer does not match the member ("You cannot authenticate yourself"). */
  'realname_mismatch',
  /** 422: the authority refused or the member cancelled in its window. */
  'realname_refused',
  /** 422: a level number outside 0..10, a bad title, or conditions where none may be. */
  'security_level_invalid',
  /** 422: a restriction amount that is not a decimal string, or an asset missing. */
  'restriction_policy_invalid',
  /** 403: the member's security level does not allow opening an account of this asset. */
  'account_creation_restricted',
] as const;
export type KycProblemCode = (typeof kycProblemCodes)[number];

export const kycTypeValues = ['individual', 'corporate'] as const;
export const kycDocumentKinds = [
  'id_card',
  'passport',
  'driver_license',
  'proof_of_address',
  'business_registration',
  'other',
] as const;

const singleLine = (lengthMax: number) =>
  text({ trim: true, min: 1, max: lengthMax }).regex(/^[^\r\n\t]*$/);

export const KycCertificationRequestSchema = z.strictObject({
  kyc_type: z.enum(kycTypeValues),
  documents: z
    .array(
      z.strictObject({
        kind: z.enum(kycDocumentKinds),
        name: singleLine(200),
        reference: singleLine(200).nullable().optional(),
      }),
    )
    .min(1)
    .max(10),
});
export type KycCertificationRequest = z.infer<typeof KycCertificationRequestSchema>;

export const RealnameStartRequestSchema = z.strictObject({});

/** What the authority's window handed back, passed through to the identity-provider port. */
export const RealnameCompleteRequestSchema = z.strictObject({
  realname_seq: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  provider_answer: z.record(
    z.string().regex(/^[a-z_]{1,40}$/),
    z.union([text({ max: 500 }), z.boolean()]),
  ),
});
export type RealnameCompleteRequest = z.infer<typeof RealnameCompleteRequestSchema>;

/** An asset code: letters and digits, first a letter (SPEC §5). */
const assetCode = z.string().regex(/^[A-Z][A-Z0-9]{0,15}$/);

export const WithdrawAddressCertificationRequestSchema = z.strictObject({
  asset: assetCode,
  bank_code: singleLine(20).nullable().optional(),
  withdraw_address: singleLine(200),
  holder_name: singleLine(100),
});
export type WithdrawAddressCertificationRequest = z.infer<
  typeof WithdrawAddressCertificationRequestSchema
>;

/** An administrator's CDD review: approve (with the valid flag) or deny. */
export const KycReviewRequestSchema = z.strictObject({
  decision: z.enum(['approved', 'denied']),
  is_valid: z.boolean(),
});
export type KycReviewRequest = z.infer<typeof KycReviewRequestSchema>;

export const KycValidityRequestSchema = z.strictObject({ is_valid: z.boolean() });

export const securityConditionValues = [
  'MAIL_VERIFICATION',
  'OTP_REGISTER',
  'KYC_CERTIFICATION',
  'KYC_REALNAME',
  'KYC_ASSET_WITHDRAW_ADDRESS_CERTIFICATION',
] as const;
export type SecurityConditionName = (typeof securityConditionValues)[number];

export const restrictionTargetValues = [
  'CREATE_ACCOUNT',
  'WITHDRAW_ONE_TIME_AMOUNT',
  'WITHDRAW_DAILY_AMOUNT',
] as const;
export type RestrictionTargetName = (typeof restrictionTargetValues)[number];

export const SecurityLevelRequestSchema = z.strictObject({
  title: singleLine(60),
  /** null: never reached automatically (administrators set it by hand). */
  conditions: z.array(z.enum(securityConditionValues)).max(5).nullable(),
});
export type SecurityLevelRequest = z.infer<typeof SecurityLevelRequestSchema>;

/** A decimal string amount (never a JSON number). */
export const RestrictionAmountSchema = z.string().regex(/^(0|[1-9]\d{0,29})(\.\d{1,18})?$/);

/** Sets (`enabled`) or removes one restriction policy of one level (and asset). */
export const RestrictionPolicyRequestSchema = z.strictObject({
  security_level: z.number().int().min(0).max(10),
  target: z.enum(restrictionTargetValues),
  asset: assetCode.nullable(),
  amount: RestrictionAmountSchema.nullable(),
  enabled: z.boolean(),
});
export type RestrictionPolicyRequest = z.infer<typeof RestrictionPolicyRequestSchema>;

const reviewStatus = z.enum(['requested', 'approved', 'denied']);

export const KycCertificationListQuerySchema = listQuerySchema({
  sortable: ['regdate'],
  filters: { member_seq: QuerySeqSchema.optional(), status: reviewStatus.optional() },
});

export const RealnameListQuerySchema = listQuerySchema({
  sortable: ['regdate'],
  filters: {
    member_seq: QuerySeqSchema.optional(),
    status: z.enum(['started', 'authenticated', 'failed', 'closed']).optional(),
  },
});

export const WithdrawAddressCertificationListQuerySchema = listQuerySchema({
  sortable: ['regdate'],
  filters: {
    member_seq: QuerySeqSchema.optional(),
    status: reviewStatus.optional(),
    asset: assetCode.optional(),
  },
});

/** The member's own lists: no other member's filter. */
export const MyKycListQuerySchema = z.strictObject({
  after: z
    .string()
    .regex(/^[0-9:]{1,64}$/)
    .optional(),
});

/** A KYC or withdraw-address certification's seq in a path. */
export const KycSeqParameterSchema = z.strictObject({ seq: QuerySeqSchema });
/** A security level (0–10) in a path. */
export const SecurityLevelParameterSchema = z.strictObject({
  seq: z.coerce.number().int().min(0).max(10),
});
