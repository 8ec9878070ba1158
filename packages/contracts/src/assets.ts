import { z } from 'zod';
import { listQuerySchema, QueryBooleanSchema } from './list-query.ts';
import { MoneyAmountSchema } from './money-amount.ts';
import { text } from './text.ts';

/**
 * HTTP contracts of the asset catalog, asset plug-ins and deposits (docs/adr/0012).
 * Amounts are decimal strings with at most the asset's digits (the server scales them); never a
 * JS number.
 */

/** Stable failure codes of the asset and deposit routes; never rename one. */
export const assetProblemCodes = [
  /** 404: no such asset in the catalog. */
  'asset_not_found',
  /** 409: an asset with this code exists (with other settings). */
  'asset_exists',
  /** 422: the code is not letters and digits starting with a letter. */
  'asset_code_invalid',
  /** 422: decimal_point cannot change once the asset is registered. */
  'asset_scale_frozen',
  /** 422: a setting is invalid; `detail` names it. */
  'asset_setting_invalid',
  /** 409: deposits and withdrawals of the asset are frozen (an administrator must lift it). */
  'asset_frozen',
  /** 409: the asset does not accept deposits now. */
  'asset_deposits_not_allowed',
  /** 409: the asset is deactivated: no new account, deposit request or deposit address in it. */
  'asset_inactive',
  /** 404: no such asset plug-in. */
  'asset_plugin_not_found',
  /** 409: a plug-in with this id exists (with other settings). */
  'asset_plugin_exists',
  /** 422: a plug-in field is invalid; `detail` names it. */
  'asset_plugin_invalid',
  /** 422: chain deposits are credited by the scanner; deposit requests are for manual assets. */
  'deposit_request_not_manual',
  /** 422: less than the asset's minimum deposit. */
  'amount_below_minimum',
  /** 404: no such deposit request. */
  'deposit_request_not_found',
  /**
   * 422: a value of the asset's deposit or withdraw extra form is missing, unknown or not of its
   * field's type; `detail` names the field.
   */
  'extra_form_invalid',
  /** 409: the deposit request was already approved or rejected. */
  'deposit_request_decided',
  /** 404: no such chain deposit. */
  'deposit_not_found',
  /** 409: the deposit is not in the suspense account. */
  'deposit_not_in_suspense',
  /** 409: the suspense deposit was already attributed or returned. */
  'deposit_suspense_resolved',
  /** 422: the account holds another asset than the deposit. */
  'deposit_asset_mismatch',
] as const;
export type AssetProblemCode = (typeof assetProblemCodes)[number];

export const assetExtraFieldTypes = [
  'email',
  'number',
  'password',
  'search',
  'tel',
  'text',
  'url',
] as const;

const AmountInputSchema = z.string().regex(/^(0|[1-9][0-9]{0,29})(\.[0-9]{1,18})?$/);
const AssetCodeSchema = z.string().regex(/^[A-Z][A-Z0-9]{0,15}$/);

export const WithdrawFeeSchema = z.strictObject({
  order: z.number().int().min(0).max(1_000),
  fee: AmountInputSchema,
  /** The asset the fee is paid in; another asset means a separate fee payment account. */
  fee_asset: AssetCodeSchema,
});
export const ExtraFieldSchema = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/),
  label: text({ min: 1, max: 100 }),
  type: z.enum(assetExtraFieldTypes),
  required: z.boolean(),
});

export type ExtraFieldDefinition = z.infer<typeof ExtraFieldSchema>;
export const extraValueLengthMax = 500;

const extraValuePatterns: Record<(typeof assetExtraFieldTypes)[number], RegExp> = {
  email: /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/,
  number: /^-?[0-9]{1,30}(\.[0-9]{1,18})?$/,
  password: /^[^\p{Cc}]+$/u,
  search: /^[^\p{Cc}]+$/u,
  tel: /^\+?[0-9][0-9 ()-]{2,29}$/,
  text: /^[^\p{Cc}]+$/u,
  url: /^https?:\/\/[^\s]+$/,
};

/**
 * Checks a request's extra-form values against the asset's extra form (the same check on the
 * form and on the server): every required field has a value, no value names a field the form does
 * not have, and each value fits its field's input type. Blank values count as absent. Answers the
 * values to keep (trimmed, blanks dropped) or the first problem with its field's name.
 * @example extraFormCheck([{ name: 'depositor', label: 'Depositor', type: 'text', required: true }], {})
 *   // → { problem: 'required', field: 'depositor' }
 */
export function extraFormCheck(
  form: readonly ExtraFieldDefinition[],
  values: Readonly<Record<string, string>>,
):
  | { values: Record<string, string> }
  | { problem: 'unknown' | 'required' | 'invalid'; field: string } {
  const known = new Map(form.map((field) => [field.name, field]));
  for (const name of Object.keys(values)) {
    if (!known.has(name)) return { problem: 'unknown', field: name };
  }
  const kept: Record<string, string> = {};
  for (const field of form) {
    const value = (values[field.name] ?? '').trim();
    if (value === '') {
      if (field.required) return { problem: 'required', field: field.name };
      continue;
    }
    if (value.length > extraValueLengthMax || !extraValuePatterns[field.type].test(value)) {
      return { problem: 'invalid', field: field.name };
    }
    kept[field.name] = value;
  }
  return { values: kept };
}

const assetSettingsShape = {
  title: text({ min: 1, max: 100 }),
  allow_deposit: z.boolean(),
  allow_withdraw: z.boolean(),
  is_active: z.boolean(),
  output_order: z.number().int().min(-1_000_000).max(1_000_000),
  withdraw_fees: z.array(WithdrawFeeSchema).max(10),
  deposit_extra_form: z.array(ExtraFieldSchema).max(20),
  withdraw_extra_form: z.array(ExtraFieldSchema).max(20),
  minimum_deposit: AmountInputSchema,
  memo_required: z.boolean(),
  confirmations_required: z.number().int().min(1).max(100_000),
};

/** POST /admin/asset: the code and title; every other setting has its default (350 confirmations). */
export const CreateAssetRequestSchema = z.strictObject({
  code: AssetCodeSchema,
  decimal_point: z.number().int().min(0).max(18).default(8),
  ...assetSettingsShape,
  allow_deposit: assetSettingsShape.allow_deposit.optional(),
  allow_withdraw: assetSettingsShape.allow_withdraw.optional(),
  is_active: assetSettingsShape.is_active.optional(),
  output_order: assetSettingsShape.output_order.optional(),
  withdraw_fees: assetSettingsShape.withdraw_fees.optional(),
  deposit_extra_form: assetSettingsShape.deposit_extra_form.optional(),
  withdraw_extra_form: assetSettingsShape.withdraw_extra_form.optional(),
  minimum_deposit: assetSettingsShape.minimum_deposit.optional(),
  memo_required: assetSettingsShape.memo_required.optional(),
  confirmations_required: assetSettingsShape.confirmations_required.optional(),
});
export type CreateAssetRequest = z.input<typeof CreateAssetRequestSchema>;

/** PUT /admin/asset/{code}: the settings to change (the rest stay); decimal_point never changes. */
export const ChangeAssetRequestSchema = z.strictObject({
  decimal_point: z.number().int().min(0).max(18).optional(),
  title: assetSettingsShape.title.optional(),
  allow_deposit: assetSettingsShape.allow_deposit.optional(),
  allow_withdraw: assetSettingsShape.allow_withdraw.optional(),
  is_active: assetSettingsShape.is_active.optional(),
  output_order: assetSettingsShape.output_order.optional(),
  withdraw_fees: assetSettingsShape.withdraw_fees.optional(),
  deposit_extra_form: assetSettingsShape.deposit_extra_form.optional(),
  withdraw_extra_form: assetSettingsShape.withdraw_extra_form.optional(),
  minimum_deposit: assetSettingsShape.minimum_deposit.optional(),
  memo_required: assetSettingsShape.memo_required.optional(),
  confirmations_required: assetSettingsShape.confirmations_required.optional(),
});
export type ChangeAssetRequest = z.input<typeof ChangeAssetRequestSchema>;

/** PUT /admin/asset/{code}/freeze: freeze or lift deposits and withdrawals, with a reason. */
export const FreezeAssetRequestSchema = z.strictObject({
  frozen: z.boolean(),
  reason: text({ min: 1, max: 1_000 }),
});

export const AssetSchema = z.object({
  code: z.string(),
  title: z.string(),
  decimal_point: z.number(),
  allow_deposit: z.boolean(),
  allow_withdraw: z.boolean(),
  is_active: z.boolean(),
  output_order: z.number(),
  withdraw_fees: z.array(z.object({ order: z.number(), fee: z.string(), fee_asset: z.string() })),
  deposit_extra_form: z.array(ExtraFieldSchema),
  withdraw_extra_form: z.array(ExtraFieldSchema),
  minimum_deposit: z.string(),
  memo_required: z.boolean(),
  confirmations_required: z.number(),
  is_frozen: z.boolean(),
  frozen_reason: z.string().nullable(),
  frozen_at: z.string().nullable(),
  registered_at: z.string(),
  changed_at: z.string().nullable(),
  /** The chain plug-in of the asset; null: deposits are manually confirmed requests. */
  plugin_id: z.string().nullable(),
});
export type AssetView = z.infer<typeof AssetSchema>;

export const AssetListQuerySchema = listQuerySchema({ sortable: ['output_order'] as const });

export const chainPluginKinds = ['simulated'] as const;

export const CreateAssetPluginRequestSchema = z.strictObject({
  plugin_id: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/),
  asset: AssetCodeSchema,
  plugin: z.enum(chainPluginKinds),
  title: text({ min: 1, max: 100 }),
  start_block: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  allow_scan: z.boolean().default(true),
});
export const ChangeAssetPluginRequestSchema = z.strictObject({
  title: text({ min: 1, max: 100 }).optional(),
  start_block: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  allow_scan: z.boolean().optional(),
});
export const AssetPluginSchema = z.object({
  plugin_id: z.string(),
  asset: z.string(),
  plugin: z.string(),
  title: z.string(),
  start_block: z.number(),
  allow_scan: z.boolean(),
  registered_at: z.string(),
  changed_at: z.string().nullable(),
  /** The scanner's progress: the last block it processed, and the chain's tip. */
  scanned_height: z.number().nullable(),
  tip_height: z.number().nullable(),
});
export type AssetPluginView = z.infer<typeof AssetPluginSchema>;

// Deposits ------------------------------------------------------------------------------------

export const DepositAddressSchema = z.object({
  account_seq: z.number(),
  asset: z.string(),
  kind: z.enum(['chain', 'chain_memo', 'deposit_only']),
  chain: z.string().nullable(),
  address: z.string(),
  memo: z.string().nullable(),
  assigned_at: z.string(),
});
export type DepositAddressView = z.infer<typeof DepositAddressSchema>;

export const CreateDepositAddressRequestSchema = z.strictObject({});

export const chainDepositStatuses = ['pending', 'orphaned', 'crediting', 'credited'] as const;
export const suspenseStatuses = ['open', 'attributed', 'returned'] as const;

export const ChainDepositSchema = z.object({
  deposit_id: z.string(),
  chain: z.string(),
  asset: z.string(),
  txid: z.string(),
  output: z.number(),
  address: z.string(),
  memo: z.string().nullable(),
  amount: z.string(),
  block_height: z.number(),
  status: z.enum(chainDepositStatuses),
  destination: z.enum(['account', 'suspense']),
  suspense_reason: z.string().nullable(),
  suspense_status: z.enum(suspenseStatuses).nullable(),
  account_seq: z.number().nullable(),
  member_seq: z.number().nullable(),
  resolved_account_seq: z.number().nullable(),
  confirmations: z.number(),
  confirmations_required: z.number(),
  reorged_after_credit: z.boolean(),
  detected_at: z.string(),
  credited_at: z.string().nullable(),
});
export type ChainDepositView = z.infer<typeof ChainDepositSchema>;

export const depositRequestStatuses = [
  'requested',
  'approved',
  'rejected',
  'credited',
  'failed',
] as const;

export const DepositRequestSchema = z.object({
  request_id: z.string(),
  seq: z.number(),
  account_seq: z.number(),
  member_seq: z.number(),
  asset: z.string(),
  request_amount: z.string(),
  status: z.enum(depositRequestStatuses),
  regdate: z.string(),
  decided_by: z.number().nullable(),
  decided_at: z.string().nullable(),
  reason: z.string().nullable(),
  credited_at: z.string().nullable(),
  /** The deposit extra form's values (null: none, or erased with the member). */
  extra: z.record(z.string(), z.string()).nullable().optional(),
});
export type DepositRequestView = z.infer<typeof DepositRequestSchema>;

/** A request's extra-form values by field name (personal data: kept out of events). */
export const ExtraValuesSchema = z
  .record(z.string().regex(/^[a-z][a-z0-9_]{0,39}$/), text({ max: extraValueLengthMax }))
  .refine((values) => Object.keys(values).length <= 20, { message: 'at most 20 fields' });
export type ExtraValues = z.infer<typeof ExtraValuesSchema>;

/** POST /deposit-request (Idempotency-Key required): a manually confirmed deposit. */

export const CreateDepositRequestSchema = z.strictObject({
  account_seq: z.number().int().min(1).max(9_999_999_999),
  request_amount: MoneyAmountSchema,
  /** The values of the asset's deposit extra form (checked against it by the server). */
  extra: ExtraValuesSchema.optional(),
});
export const RejectDepositRequestSchema = z.strictObject({ reason: text({ min: 1, max: 1_000 }) });
export const ApproveDepositRequestSchema = z.strictObject({});
/** POST /admin/deposit-request/approve-all: every request still waiting (optionally of one asset). */
export const ApproveAllDepositRequestsSchema = z.strictObject({
  asset: AssetCodeSchema.optional(),
});
export const AttributeDepositRequestSchema = z.strictObject({
  account_seq: z.number().int().min(1).max(9_999_999_999),
});
export const ReturnDepositRequestSchema = z.strictObject({ reason: text({ min: 1, max: 1_000 }) });

export const DepositListQuerySchema = listQuerySchema({
  sortable: ['regdate'] as const,
  filters: {
    asset: AssetCodeSchema.optional(),
    status: text({ max: 20 }).optional(),
    member_seq: z.coerce.number().int().min(1).optional(),
    account_seq: z.coerce.number().int().min(1).optional(),
    suspense: QueryBooleanSchema.optional(),
  },
});

// Development: the simulated chain's control ---------------------------------------------------

export const SimulatedMineRequestSchema = z.strictObject({
  chain: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/),
  blocks: z.number().int().min(1).max(10_000),
});
export const SimulatedSendRequestSchema = z.strictObject({
  chain: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/),
  address: text({ min: 1, max: 200 }),
  memo: text({ max: 100 }).nullable().default(null),
  amount: AmountInputSchema,
  /** What the transaction claims; defaults to the amount (differs for a partial payment). */
  declared_amount: AmountInputSchema.optional(),
  /** A failed transaction (e.g. a token whose transfer returned false): never credited. */
  failed: z.boolean().default(false),
});
export const SimulatedReorgRequestSchema = z.strictObject({
  chain: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/),
  depth: z.number().int().min(1).max(10_000),
  /** Transactions of the dropped blocks that come back in the new branch (default: none). */
  keep_transactions: z.boolean().default(false),
});

// Path parameters of the asset and deposit routes ---------------------------------------------

export const AssetCodeParameterSchema = z.strictObject({ code: AssetCodeSchema });
export const AssetPluginParameterSchema = z.strictObject({
  pluginId: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/),
});
export const DepositRequestParameterSchema = z.strictObject({ requestId: z.uuid() });
export const DepositParameterSchema = z.strictObject({
  depositId: z.string().regex(/^[a-z][a-z0-9-]{0,39}:[0-9A-Za-z]{1,66}:[0-9]{1,5}$/),
});
