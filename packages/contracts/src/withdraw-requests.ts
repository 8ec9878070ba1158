import { z } from 'zod';
import { ExtraValuesSchema } from './assets.ts';
import { AmountTextSchema, LedgerAssetSchema } from './ledger-requests.ts';
import { listQuerySchema } from './list-query.ts';
import { MoneyAmountSchema } from './money-amount.ts';
import { text } from './text.ts';
import { withdrawalStatusValues } from './withdraw.ts';

/**
 * Withdrawals' requests as both APIs validate them: the member's request and cancel, the
 * administrators' reject, complete, key-in and withdraw policy, and the withdrawal lists' queries.
 * Every object is strict: an unknown field is refused.
 */

const WithdrawSeqSchema = z.number().int().min(1).max(9_999_999_999);

export const WithdrawRequestSchema = z.strictObject({
  account_seq: WithdrawSeqSchema,
  amount: MoneyAmountSchema,
  /** Required: the member's certified, approved withdraw address of the asset (KYC). */
  withdraw_address_certification_seq: WithdrawSeqSchema.optional(),
  /**
   * Refused when given (`withdraw_address_certification_required`): the address, bank code and
   * holder name are those of the certification. Named here so the refusal has its own code.
   */
  withdraw_address: text({ max: 200 }).optional(),
  holder_name: text({ max: 100 }).optional(),
  bank_code: text({ max: 20 }).optional(),
  memo: text({ trim: true, min: 1, max: 100 }).optional(),
  fee_type: z.enum(['deducted', 'separate']).optional(),
  fee_account_seq: WithdrawSeqSchema.optional(),
  /** The values of the asset's withdraw extra form (checked against it by the server). */
  extra: ExtraValuesSchema.optional(),
  otp_token: z.string().regex(/^[0-9]{6}$/),
});
export const CancelWithdrawRequestSchema = z.strictObject({});
export const WithdrawalParameterSchema = z.strictObject({ withdrawalId: z.uuid() });

export const withdrawReasonLengthMax = 500;
/** 1..500 characters, something other than spaces. */
export function isWithdrawReason(reason: string): boolean {
  return reason.trim().length > 0 && reason.length <= withdrawReasonLengthMax;
}
const WithdrawReasonSchema = text({ max: withdrawReasonLengthMax }).refine(
  isWithdrawReason,
  '1–500 characters, not only spaces',
);
const TxidSchema = z
  .string()
  .trim()
  .regex(/^[\x21-\x7e]{1,128}$/);

export const RejectWithdrawRequestSchema = z.strictObject({ reason: WithdrawReasonSchema });
export const CompleteWithdrawRequestSchema = z.strictObject({ txid: TxidSchema });
export const KeyInTransferRequestSchema = z.strictObject({ txid: TxidSchema });
export const WithdrawPolicyRequestSchema = z.strictObject({
  one_time_limit: AmountTextSchema.nullable(),
  daily_limit: AmountTextSchema.nullable(),
  fee_type: z.enum(['deducted', 'separate']),
  fee_amount: z.string().regex(/^(0|[1-9][0-9]{0,29})(\.[0-9]{1,18})?$/),
  fee_asset: LedgerAssetSchema,
});
export const WithdrawAssetParameterSchema = z.strictObject({ asset: LedgerAssetSchema });

const WithdrawalStatusSchema = z.enum(withdrawalStatusValues);
export const WithdrawListQuerySchema = listQuerySchema({
  sortable: ['regdate'],
  filters: { status: WithdrawalStatusSchema.optional(), asset: LedgerAssetSchema.optional() },
});
export const AdminWithdrawListQuerySchema = listQuerySchema({
  sortable: ['regdate'],
  filters: {
    status: WithdrawalStatusSchema.optional(),
    asset: LedgerAssetSchema.optional(),
    member_seq: z.coerce.number().int().min(1).max(9_999_999_999).optional(),
  },
});
export const WithdrawTransferListQuerySchema = listQuerySchema({
  sortable: ['regdate'],
  filters: { asset: LedgerAssetSchema.optional(), withdrawal_id: z.uuid().optional() },
});
