import { z } from 'zod';
import { ExtraFieldSchema } from './assets.ts';
import { AmountTextSchema, LedgerAssetSchema } from './ledger-requests.ts';
import { listQuerySchema, QueryBooleanSchema } from './list-query.ts';
import { text } from './text.ts';

/**
 * C2C escrow trading over HTTP (SPEC §1–§4 C2C; guides/trading.md §1): the market catalog, deals
 * and applications as the member's and the administrator's screens read them, the requests both
 * APIs validate (every object strict), the status lists, and the stable problem codes of the C2C
 * routes. Amounts and prices are decimal strings at their asset's decimal_point.
 */

/** Stable failure codes of the C2C routes. A code is a contract; never rename one. */
export const c2cProblemCodes = [
  /** 404: no such C2C market. */
  'c2c_market_not_found',
  /** 409: a market of this seq is already registered (retry). */
  'c2c_market_exists',
  /** 422: a market setting does not fit (`field`): unit, bounds, fee rate, seller form. */
  'c2c_market_invalid',
  /** 409: the market is not active: it takes no new deal or application (SPEC §8). */
  'c2c_market_inactive',
  /** 404: no such deal. */
  'c2c_deal_not_found',
  /** 422: the safety type does not apply to this side (immediate is for sales). */
  'c2c_safety_type_invalid',
  /** 422: an amount is not a positive amount at the asset's scale (`field`). */
  'c2c_amount_invalid',
  /** 422: an amount is not a multiple of the market's unit (`unit`). */
  'c2c_amount_not_in_unit',
  /** 422: an amount is outside the market's or the deal's bounds (`min`, `max`). */
  'c2c_amount_out_of_bounds',
  /** 422: a price is not a positive decimal (`field`). */
  'c2c_price_invalid',
  /** 422: the price is outside the deal's range (`min`, `max`). */
  'c2c_price_out_of_range',
  /** 422: the close date is not in the future. */
  'c2c_close_date_invalid',
  /** 409: the deal is not open (opening or closed). */
  'c2c_deal_not_open',
  /** 409: the deal's close date has passed. */
  'c2c_deal_past_close_date',
  /** 409: a member cannot apply to their own deal. */
  'c2c_own_deal',
  /** 409: more than the deal has left (`available`). */
  'c2c_amount_exceeds_available',
  /** 409: the deal's fee changed since the application was read (`feeAmount`): file again. */
  'c2c_fee_outdated',
  /** 403: only the deal's owner may do this. */
  'c2c_not_deal_owner',
  /** 404: no such application (or not one of the caller's). */
  'c2c_application_not_found',
  /** 409: the action does not apply in the application's status (`status`). */
  'c2c_application_state_invalid',
  /** 403: the action is the other party's (`role`). */
  'c2c_not_allowed_for_actor',
  /** 409: a dispute is open: an administrator resolves it. */
  'c2c_dispute_open',
  /** 409: the side's hold was not refused, so there is nothing to retry. */
  'c2c_hold_not_refused',
] as const;
export type C2cProblemCode = (typeof c2cProblemCodes)[number];

export const c2cDealSideValues = ['sell', 'buy'] as const;
export const c2cSafetyTypeValues = [
  'immediate',
  'sellerFirst',
  'requesterFirst',
  'neither',
] as const;
export const c2cDealStatusValues = ['opening', 'open', 'closed'] as const;
/** The derived status of an application (never stored in an event). */
export const c2cApplicationStatusValues = [
  'filing',
  'requested',
  'accepted',
  'funded',
  'paid',
  'confirming',
  'confirmed',
  'ending',
  'refused',
  'cancelled',
  'rejected',
  'expired',
  'returned',
] as const;
export type C2cApplicationStatus = (typeof c2cApplicationStatusValues)[number];
/** Who an application waits for, and the deadline it has then (none while disputed). */
export const c2cDeadlineReasonValues = ['accept', 'deposit', 'payment', 'release'] as const;

const SeqSchema = z.number().int().min(1).max(9_999_999_999);
const QuerySeq = z.coerce.number().int().min(1).max(9_999_999_999);
/** A price or fee rate: a plain non-negative decimal (never a number). */
export const C2cPriceSchema = z.string().regex(/^(0|[1-9][0-9]{0,29})(\.[0-9]{1,18})?$/);
const TitleSchema = text({ trim: true, min: 1, max: 100 });
export const c2cReasonLengthMax = 1000;
const ReasonSchema = text({ max: c2cReasonLengthMax }).refine(
  (reason) => reason.trim().length > 0,
  '1–1000 characters, not only spaces',
);
const IdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

const marketSettingsShape = {
  title: TitleSchema,
  amount_unit: AmountTextSchema,
  /** null: unlimited. */
  amount_min: AmountTextSchema.nullable(),
  amount_max: AmountTextSchema.nullable(),
  fee_rate: C2cPriceSchema,
  is_active: z.boolean(),
  seller_form: z.array(ExtraFieldSchema).max(20),
};
export const RegisterC2cMarketRequestSchema = z.strictObject({
  source_asset: LedgerAssetSchema,
  target_asset: LedgerAssetSchema,
  ...marketSettingsShape,
});
export const ChangeC2cMarketRequestSchema = z.strictObject(marketSettingsShape);
export const C2cMarketParameterSchema = z.strictObject({
  marketSeq: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const PublishDealRequestSchema = z.strictObject({
  market_seq: SeqSchema,
  side: z.enum(c2cDealSideValues),
  safety_type: z.enum(c2cSafetyTypeValues),
  total_amount: AmountTextSchema,
  application_min: AmountTextSchema.nullable(),
  application_max: AmountTextSchema.nullable(),
  /** A fixed price: price_min = price_max. */
  price_min: C2cPriceSchema,
  price_max: C2cPriceSchema,
  /** null: unterminated. */
  close_at: z.iso.datetime({ offset: true }).nullable(),
  source_account_seq: SeqSchema,
  target_account_seq: SeqSchema,
});
export const DealParameterSchema = z.strictObject({ dealId: IdSchema });
export const CloseDealRequestSchema = z.strictObject({});

export const FileApplicationRequestSchema = z.strictObject({
  amount: AmountTextSchema,
  price: C2cPriceSchema,
  source_account_seq: SeqSchema,
  target_account_seq: SeqSchema,
});
export const ApplicationParameterSchema = z.strictObject({ applicationId: IdSchema });
export const ApplicationActionRequestSchema = z.strictObject({});
export const ApplicationReasonRequestSchema = z.strictObject({ reason: ReasonSchema });
/** The administrator's status change (with the typed verification phrase on screen). */
export const ResolveApplicationRequestSchema = z.strictObject({
  verdict: z.enum(['confirm', 'return']),
  reason: ReasonSchema,
});

export const C2cDealListQuerySchema = listQuerySchema({
  sortable: ['published_at'],
  filters: {
    market_seq: QuerySeq.optional(),
    side: z.enum(c2cDealSideValues).optional(),
    safety_type: z.enum(c2cSafetyTypeValues).optional(),
    status: z.enum(c2cDealStatusValues).optional(),
    asset: LedgerAssetSchema.optional(),
    /** Deals whose price range takes this price. */
    price: C2cPriceSchema.optional(),
    /** Deals that can take an application of this amount. */
    amount: AmountTextSchema.optional(),
  },
});
export const AdminC2cDealListQuerySchema = listQuerySchema({
  sortable: ['published_at'],
  filters: {
    market_seq: QuerySeq.optional(),
    side: z.enum(c2cDealSideValues).optional(),
    safety_type: z.enum(c2cSafetyTypeValues).optional(),
    status: z.enum(c2cDealStatusValues).optional(),
    asset: LedgerAssetSchema.optional(),
    member_seq: QuerySeq.optional(),
  },
});
export const MyC2cDealListQuerySchema = listQuerySchema({
  sortable: ['published_at'],
  filters: {
    market_seq: QuerySeq.optional(),
    side: z.enum(c2cDealSideValues).optional(),
    status: z.enum(c2cDealStatusValues).optional(),
  },
});
export const MyC2cApplicationListQuerySchema = listQuerySchema({
  sortable: ['filed_at'],
  filters: { status: z.enum(c2cApplicationStatusValues).optional() },
});
export const AdminC2cApplicationListQuerySchema = listQuerySchema({
  sortable: ['filed_at'],
  filters: {
    status: z.enum(c2cApplicationStatusValues).optional(),
    safety_type: z.enum(c2cSafetyTypeValues).optional(),
    market_seq: QuerySeq.optional(),
    member_seq: QuerySeq.optional(),
    deal_id: IdSchema.optional(),
    asset: LedgerAssetSchema.optional(),
    disputed: QueryBooleanSchema.optional(),
    deadline_passed: QueryBooleanSchema.optional(),
  },
});

export const C2cMarketSchema = z.object({
  market_seq: z.number(),
  title: z.string(),
  source_asset: z.string(),
  source_decimal_point: z.number(),
  target_asset: z.string(),
  target_decimal_point: z.number(),
  amount_unit: z.string(),
  amount_min: z.string().nullable(),
  amount_max: z.string().nullable(),
  fee_rate: z.string(),
  is_active: z.boolean(),
  seller_form: z.array(ExtraFieldSchema),
  registered_at: z.string(),
  updated_at: z.string(),
});
export type C2cMarket = z.infer<typeof C2cMarketSchema>;

export const C2cDealSchema = z.object({
  deal_id: z.string(),
  market_seq: z.number(),
  owner_member_seq: z.number(),
  side: z.enum(c2cDealSideValues),
  safety_type: z.enum(c2cSafetyTypeValues),
  status: z.enum(c2cDealStatusValues),
  source_asset: z.string(),
  target_asset: z.string(),
  total_amount: z.string(),
  available_amount: z.string(),
  potential_amount: z.string(),
  holding_amount: z.string(),
  confirmed_amount: z.string(),
  application_min: z.string().nullable(),
  application_max: z.string().nullable(),
  price_min: z.string(),
  price_max: z.string(),
  fee_rate: z.string(),
  fee_amount: z.string(),
  escrow: z.string(),
  live_applications: z.number(),
  close_at: z.string().nullable(),
  closed_by: z.string().nullable(),
  closed_at: z.string().nullable(),
  published_at: z.string(),
  updated_at: z.string(),
});
export type C2cDeal = z.infer<typeof C2cDealSchema>;

export const C2cApplicationSchema = z.object({
  application_id: z.string(),
  deal_id: z.string(),
  market_seq: z.number(),
  safety_type: z.enum(c2cSafetyTypeValues),
  deal_side: z.enum(c2cDealSideValues),
  owner_member_seq: z.number(),
  applicant_member_seq: z.number(),
  seller_member_seq: z.number(),
  buyer_member_seq: z.number(),
  source_asset: z.string(),
  target_asset: z.string(),
  source_amount: z.string(),
  price: z.string(),
  target_amount: z.string(),
  fee_amount: z.string(),
  status: z.enum(c2cApplicationStatusValues),
  seller_hold: z.string(),
  buyer_hold: z.string(),
  dispute: z.enum(['none', 'open']),
  deadline_at: z.string().nullable(),
  deadline_reason: z.string().nullable(),
  ending_by: z.string().nullable(),
  ending_reason: z.string().nullable(),
  refusal: z.looseObject({ type: z.string() }).nullable(),
  filed_at: z.string(),
  updated_at: z.string(),
});
export type C2cApplication = z.infer<typeof C2cApplicationSchema>;

/** What a C2C command answers: the object's id and the position to read it at (`?after=`). */
export const C2cCommandAnswerSchema = z.object({
  data: z.object({ id: z.string() }),
  position: z.string().nullable(),
});
