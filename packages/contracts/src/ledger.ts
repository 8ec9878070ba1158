import { z } from 'zod';

/**
 * The ledger's HTTP contracts as clients read them (docs/adr/0011 §2 and §5): the
 * wallet account, the per-asset summary, the balance-change log, forced adjustments, the books,
 * and the stable problem codes of the ledger routes. Amounts are decimal strings with the asset's
 * digits (ADR 0005); never a JS number.
 */

/**
 * Stable failure codes of the ledger routes, in addition to the common ones in problem.ts and
 * identity's. A code is a contract with clients; never rename one.
 */
export const ledgerProblemCodes = [
  /** 404: no such wallet account (or not the caller's). */
  'account_not_found',
  /** 409: the account is frozen (fraud): no new debit or hold. */
  'account_frozen',
  /** 409: the account already has the status asked for. */
  'account_status_unchanged',
  /** 409: the member holds the most accounts allowed for this asset. */
  'account_limit_reached',
  /** 422: the account is not one money may move through. */
  'account_kind_not_allowed',
  /** 422: no such asset in the ledger. */
  'asset_unknown',
  /** 422: the accounts hold different assets. */
  'asset_mismatch',
  /** 422: the asset's decimal_point is invalid, or another one than the asset has. */
  'asset_scale_invalid',
  'asset_scale_mismatch',
  /** 422: not a positive amount with at most the asset's decimals. */
  'amount_invalid',
  /** 422: source and target are the same account. */
  'same_account',
  /** 422: more than the available balance. */
  'insufficient_funds',
  /** 403: transfers to another member's account are not allowed by the policy. */
  'member_transfer_not_allowed',
  /** 422: an account title is 1–50 characters without control characters. */
  'title_invalid',
  /** 422: a reason is 1–1000 characters, not only spaces. */
  'reason_invalid',
  /** 422: a malformed field of a ledger command. */
  'invalid_field',
  /** 422: a hold's expiry is invalid. */
  'expiry_invalid',
  'leg_count_invalid',
  'hold_not_found',
  'hold_resolved',
  'hold_not_expired',
  'hold_without_expiry',
  'capture_count_invalid',
  'capture_duplicates_hold',
  'capture_leg_invalid',
  'capture_exceeds_hold',
  /** 422: a move of held funds asks for more than the hold has left. */
  'move_exceeds_hold',
  /** 422: a move of held funds joins holds of two accounts. */
  'hold_account_mismatch',
  /** 422: a hold that draws on a daily limit cannot move. */
  'hold_draws_on_limit',
  'limit_not_for_account',
  /** 422: the member's daily allowance is used up. */
  'limit_exceeded',
  /** 400: a money-moving request needs an Idempotency-Key (1–128 visible characters). */
  'idempotency_key_required',
  'idempotency_key_invalid',
  /** 409: the Idempotency-Key was used with another request. */
  'idempotency_key_reused',
  /** 503: the ledger is not available; retry with the same Idempotency-Key. */
  'ledger_unavailable',
  /** 404: no such forced adjustment. */
  'adjustment_not_found',
  /** 409: the adjustment was already approved or rejected. */
  'adjustment_decided',
  /** 403: another administrator must approve a forced adjustment. */
  'self_approval_forbidden',
  /** 404: the continuous reconciliation has not run yet (T25). */
  'reconciliation_not_run',
  /** 409: an on-demand reconciliation run asked of this process is still running. */
  'reconciliation_running',
] as const;
export type LedgerProblemCode = (typeof ledgerProblemCodes)[number];

/** An account title: 1–50 characters (write API `isTitle`). */
export const accountTitleLengthMax = 50;
/** A status-change or adjustment reason: 1–1000 characters, not only spaces. */
export const ledgerReasonLengthMax = 1_000;

/** A decimal amount as the API writes it: a string, never a JS number. */
export const DecimalTextSchema = z.string().regex(/^-?\d+(\.\d+)?$/);
export const AccountStatusSchema = z.enum(['normal', 'fraud']);
export type AccountStatus = z.infer<typeof AccountStatusSchema>;

/** A wallet account as its owner sees it (SPEC §3 Account). */
export const WalletAccountSchema = z.object({
  seq: z.number().int(),
  member_seq: z.number().int(),
  title: z.string().nullable(),
  account_number: z.string(),
  asset: z.string(),
  decimal_point: z.number().int().min(0).max(18),
  balance: DecimalTextSchema,
  holding_balance: DecimalTextSchema,
  available_balance: DecimalTextSchema,
  status: AccountStatusSchema,
  regdate: z.string(),
});
export type WalletAccount = z.infer<typeof WalletAccountSchema>;

/** An open hold on an account (the administrator's account view). */
export const AccountHoldSchema = z.object({
  hold_id: z.string(),
  amount: DecimalTextSchema,
  reason: z.string(),
  placed_at: z.string(),
  expires_at: z.string().nullable(),
});
export type AccountHold = z.infer<typeof AccountHoldSchema>;

/** The administrator's account: the ledger id, the last status reason, and its open holds. */
export const AdminWalletAccountSchema = WalletAccountSchema.extend({
  account: z.string(),
  status_reason: z.string().nullable(),
  status_noted_at: z.string().nullable(),
  status_noted_by: z.string().nullable(),
  holds: z.array(AccountHoldSchema).optional(),
});
export type AdminWalletAccount = z.infer<typeof AdminWalletAccountSchema>;

/** A member's wallet per asset (every asset the ledger knows, with the member's totals). */
export const WalletAssetSchema = z.object({
  asset: z.string(),
  decimal_point: z.number().int().min(0).max(18),
  accounts: z.number().int(),
  balance: DecimalTextSchema,
  holding_balance: DecimalTextSchema,
  available_balance: DecimalTextSchema,
});
export type WalletAsset = z.infer<typeof WalletAssetSchema>;

/** One row of an account's balance-change log, seen from that account. */
export const BalanceLogEntrySchema = z.object({
  entry: z.string(),
  occurred_at: z.string(),
  type: z.string(),
  cause: z.string(),
  transfer_id: z.string().nullable(),
  hold_id: z.string().nullable(),
  asset: z.string(),
  amount: DecimalTextSchema,
  side: z.enum(['debit', 'credit', 'hold']),
  balance_change: DecimalTextSchema,
  balance_after: DecimalTextSchema,
  holding_balance_after: DecimalTextSchema,
  available_after: DecimalTextSchema,
  counter_account_number: z.string().nullable(),
  counter_kind: z.string().nullable(),
  counter_system_role: z.string().nullable(),
});
export type BalanceLogEntry = z.infer<typeof BalanceLogEntrySchema>;

/** The administrator's log rows add who acted and the command. */
export const AdminBalanceLogEntrySchema = BalanceLogEntrySchema.extend({
  counter_account: z.string().nullable(),
  actor: z.string(),
  command_id: z.string(),
});
export type AdminBalanceLogEntry = z.infer<typeof AdminBalanceLogEntrySchema>;

export const AdjustmentStatusSchema = z.enum([
  'proposed',
  'approved',
  'rejected',
  'executed',
  'failed',
]);
export type AdjustmentStatus = z.infer<typeof AdjustmentStatusSchema>;

/** A forced balance adjustment (maker-checker, SPEC §6). */
export const AdjustmentSchema = z.object({
  adjustment_id: z.string(),
  status: AdjustmentStatusSchema,
  approval_required: z.boolean(),
  account_seq: z.number().int(),
  member_seq: z.number().int(),
  asset: z.string(),
  direction: z.enum(['credit', 'debit']),
  amount: DecimalTextSchema,
  reason: z.string(),
  proposed_by: z.number().int(),
  proposed_at: z.string(),
  decided_by: z.number().int().nullable(),
  decided_at: z.string().nullable().optional(),
  decision_reason: z.string().nullable(),
  transfer_id: z.string().nullable(),
  executed_at: z.string().nullable().optional(),
  failure: z.record(z.string(), z.unknown()).nullable(),
});
export type Adjustment = z.infer<typeof AdjustmentSchema>;

/** The per-asset books: every system account, the members' total, and their sum (zero). */
export const AssetBookSchema = z.object({
  asset: z.string(),
  decimal_point: z.number().int(),
  system_accounts: z.array(
    z.object({
      account: z.string(),
      system_role: z.string(),
      balance: DecimalTextSchema,
      holding_balance: DecimalTextSchema,
      status: z.string(),
    }),
  ),
  member_accounts: z.number().int(),
  member_balance_total: DecimalTextSchema,
  member_holding_total: DecimalTextSchema,
  system_balance_total: DecimalTextSchema,
  sum: DecimalTextSchema,
});
export type AssetBook = z.infer<typeof AssetBookSchema>;

/** A ledger write's answer: its data and the read-your-writes position. */
export function ledgerWriteAnswerSchema<Data extends z.ZodType>(data: Data) {
  return z.object({ data, position: z.string().nullable() });
}

/** POST /account-transfer's answer. */
export const AccountTransferAnswerSchema = ledgerWriteAnswerSchema(
  z.object({
    transfer_id: z.string(),
    source_account_seq: z.number().int(),
    target_account_number: z.string(),
    asset: z.string(),
    amount: DecimalTextSchema,
    fee: DecimalTextSchema,
    posted_at: z.string(),
  }),
);
