import { z } from 'zod';

/**
 * Withdrawals over HTTP (docs/adr/0014): the withdrawal as the member's request history
 * and the admin withdraw/list show it, withdraw transfers, account transfers, the withdraw policy,
 * and the stable problem codes of the withdrawal routes. Amounts are decimal strings.
 */

/** Stable failure codes of the withdrawal routes. A code is a contract; never rename one. */
export const withdrawProblemCodes = [
  /** 404: no such withdrawal (or not the caller's). */
  'withdrawal_not_found',
  /** 409: the withdrawal's hold is still being placed; retry in a moment. */
  'withdrawal_not_ready',
  /** 409: the action does not apply in the withdrawal's state (e.g. cancel after sent). */
  'withdrawal_state_invalid',
  /** 404: no such withdraw transfer. */
  'transfer_not_found',
  /** 409: this txid is already recorded for the withdrawal. */
  'txid_already_recorded',
  /** 409: the asset takes no withdrawal now (not allowed, inactive or frozen). */
  'withdraw_not_allowed',
  /** 422: the fee is paid in another asset and the member has no account of it. */
  'fee_account_required',
  /** 422: a fee taken from the amount leaves nothing. */
  'fee_exceeds_amount',
  /** 422: the certified withdraw address is not usable for this asset. */
  'withdraw_address_not_certified',
  /** 422: neither a certified address nor an address was given (no longer answered: see below). */
  'withdraw_address_required',
  /**
   * 422: a withdrawal goes only to one of the member's certified, approved withdraw addresses of
   * the asset: the request names no certification, or types an address, bank code or holder name.
   */
  'withdraw_address_certification_required',
  /** 403: a withdrawal needs a registered OTP. */
  'otp_registration_required',
  /** 422: the withdraw policy is invalid. */
  'policy_invalid',
  /** 422: more than the one-time withdrawal limit. */
  'one_time_limit_exceeded',
] as const;
export type WithdrawProblemCode = (typeof withdrawProblemCodes)[number];

export const withdrawalStatusValues = [
  'requested',
  'refused',
  'approved',
  'sent',
  'completed',
  'cancelled',
  'rejected',
  'failed',
] as const;
export type WithdrawalStatus = (typeof withdrawalStatusValues)[number];

export const WithdrawTransferSchema = z.object({
  transfer_id: z.string(),
  withdrawal_id: z.string(),
  member_seq: z.number(),
  asset: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  txid: z.string().nullable(),
  amount: z.string(),
  fee_amount: z.string().nullable(),
  status: z.string(),
  message: z.string().nullable(),
  created_by: z.string(),
  regdate: z.string(),
});
export type WithdrawTransfer = z.infer<typeof WithdrawTransferSchema>;

export const WithdrawalSchema = z.object({
  withdrawal_id: z.string(),
  member_seq: z.number(),
  account_seq: z.number(),
  asset: z.string(),
  decimal_point: z.number(),
  request_amount: z.string(),
  fee_type: z.enum(['deducted', 'separate']),
  fee_amount: z.string(),
  fee_asset: z.string(),
  net_amount: z.string(),
  withdraw_address: z.string(),
  memo: z.string().nullable(),
  bank_code: z.string().nullable(),
  withdraw_address_certification_seq: z.number().nullable(),
  holder_name: z.string().nullable(),
  status: z.enum(withdrawalStatusValues),
  hold: z.string(),
  refusal: z.looseObject({ type: z.string() }).nullable(),
  decided_by: z.number().nullable(),
  reason: z.string().nullable(),
  txid: z.string().nullable(),
  confirmed_txid: z.string().nullable(),
  regdate: z.string(),
  updated_at: z.string(),
  /** The withdraw extra form's values (null: none, or erased with the member). */
  extra: z.record(z.string(), z.string()).nullable().optional(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

export const WithdrawalDetailSchema = WithdrawalSchema.extend({
  transfers: z.array(WithdrawTransferSchema),
});
export type WithdrawalDetail = z.infer<typeof WithdrawalDetailSchema>;

/** What a withdrawal command answers (request, cancel, approve, ...). */
export const WithdrawalAnswerSchema = z.object({
  data: z.object({
    withdrawal_id: z.string(),
    status: z.enum(withdrawalStatusValues),
    refusal: z.looseObject({ type: z.string() }).nullable(),
  }),
  position: z.string().nullable(),
});

export const AccountTransferSchema = z.object({
  entry: z.number(),
  transfer_id: z.string().nullable(),
  cause: z.string(),
  asset: z.string(),
  decimal_point: z.number(),
  amount: z.string(),
  from_account_seq: z.number().nullable(),
  to_account_seq: z.number().nullable(),
  to_system_role: z.string().nullable(),
  actor: z.string(),
  regdate: z.string(),
});
export type AccountTransfer = z.infer<typeof AccountTransferSchema>;

export const WithdrawPolicySchema = z.object({
  asset: z.string(),
  one_time_limit: z.string().nullable(),
  daily_limit: z.string().nullable(),
  fee_type: z.enum(['deducted', 'separate']),
  fee_amount: z.string(),
  fee_asset: z.string(),
  set_by: z.number(),
  set_at: z.string(),
});
export type WithdrawPolicy = z.infer<typeof WithdrawPolicySchema>;
