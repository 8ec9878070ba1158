import { z } from 'zod';
import { accountTitleLengthMax, ledgerReasonLengthMax } from './ledger.ts';
import { listQuerySchema, PositionSchema, QuerySeqSchema } from './list-query.ts';
import { MoneyAmountSchema } from './money-amount.ts';
import { text } from './text.ts';

/**
 * The ledger's requests as both APIs validate them and the wallet forms check them: the member's
 * wallet commands (open an account, change its title, move money), the administrator's status
 * change, forced adjustments and reconciliation run, and the list queries of the ledger's reads.
 * Every object is strict: an unknown field is refused.
 */

const LedgerSeqSchema = z.number().int().min(1).max(9_999_999_999);
/** An asset code as the ledger names it in a request or a query. */
export const LedgerAssetSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/);

/** A positive decimal string with at most 30 integer and 18 fraction digits (never a number). */
export const AmountTextSchema = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,29})(\.[0-9]{1,18})?$/, 'a decimal string such as "1.5"');

/** Control characters are refused; the rest is the member's own text (SPEC: account modification). */
export function isAccountTitle(title: string): boolean {
  return title.length >= 1 && title.length <= accountTitleLengthMax && !/\p{Cc}/u.test(title);
}

/** An account title: trimmed, 1–50 characters, no control characters, storable. */
export const AccountTitleSchema = text({ trim: true, max: accountTitleLengthMax }).refine(
  isAccountTitle,
  '1–50 characters, no control characters',
);

/** 1..1000 characters, something other than spaces. */
export function isLedgerReason(reason: string): boolean {
  return reason.trim().length > 0 && reason.length <= ledgerReasonLengthMax;
}

const LedgerReasonSchema = text({ max: ledgerReasonLengthMax }).refine(
  isLedgerReason,
  '1–1000 characters, not only spaces',
);

export const OpenAccountRequestSchema = z.strictObject({
  asset: LedgerAssetSchema,
  title: AccountTitleSchema,
});
export const ChangeAccountTitleRequestSchema = z.strictObject({ title: AccountTitleSchema });
export const AccountTransferRequestSchema = z
  .strictObject({
    source_account_seq: LedgerSeqSchema,
    /** One of the caller's own accounts … */
    target_account_seq: LedgerSeqSchema.optional(),
    /** … or any member's account by number (1000-0000-0016), when the policy allows. */
    target_account_number: z
      .string()
      .regex(/^1[0-9]{3}-?[0-9]{4}-?[0-9]{4}$/)
      .optional(),
    amount: MoneyAmountSchema,
  })
  .refine(
    (body) =>
      (body.target_account_seq === undefined) !== (body.target_account_number === undefined),
    {
      message: 'exactly one of target_account_seq and target_account_number',
      path: ['target_account_seq'],
    },
  );
/** A wallet account's seq in a read's path. */
export const AccountParameterSchema = z.strictObject({ seq: QuerySeqSchema });
/** A wallet account's seq in a command's path (the ledger's seq bound). */
export const AccountSeqParameterSchema = z.strictObject({
  seq: z.coerce.number().int().min(1).max(9_999_999_999),
});
export const accountStatusValues = ['normal', 'fraud'] as const;
export const ChangeAccountStatusRequestSchema = z.strictObject({
  status: z.enum(accountStatusValues),
  reason: LedgerReasonSchema,
});

export const ProposeAdjustmentRequestSchema = z.strictObject({
  account_seq: LedgerSeqSchema,
  direction: z.enum(['credit', 'debit']),
  amount: MoneyAmountSchema,
  reason: LedgerReasonSchema,
});
export const ApproveAdjustmentRequestSchema = z.strictObject({});
export const RejectAdjustmentRequestSchema = z.strictObject({ reason: LedgerReasonSchema });
export const AdjustmentParameterSchema = z.strictObject({ adjustmentId: z.uuid() });
export const adjustmentStatusValues = [
  'proposed',
  'approved',
  'rejected',
  'executed',
  'failed',
] as const;

export const ReconciliationRunRequestSchema = z.strictObject({});

// The ledger's list queries -------------------------------------------------------------------

/** The sort keys of the account lists, the first the default. */
export const accountListSortKeys = ['regdate', 'seq', 'balance', 'asset'] as const;

export const AccountListQuerySchema = listQuerySchema({
  sortable: accountListSortKeys,
  filters: { asset: LedgerAssetSchema.optional() },
});
export const BalanceLogQuerySchema = listQuerySchema({ sortable: ['occurred_at'] });
export const BalanceAtQuerySchema = z.strictObject({
  /** An ISO instant with its offset; absent: now. */
  at: z.iso.datetime({ offset: true }).optional(),
  after: PositionSchema.optional(),
});
/** A read that takes nothing but `?after=` (read your writes). */
export const AfterQuerySchema = z.strictObject({ after: PositionSchema.optional() });
export const AdminAccountListQuerySchema = listQuerySchema({
  sortable: accountListSortKeys,
  filters: {
    member_seq: QuerySeqSchema.optional(),
    asset: LedgerAssetSchema.optional(),
    status: z.enum(accountStatusValues).optional(),
  },
});
/** The member view's account tab (SPEC §2 member/{seq}/account): that member's accounts. */
export const MemberAccountListQuerySchema = listQuerySchema({
  sortable: accountListSortKeys,
  filters: {
    asset: LedgerAssetSchema.optional(),
    status: z.enum(accountStatusValues).optional(),
  },
});
export const AccountTransferListQuerySchema = listQuerySchema({
  sortable: ['regdate'],
  filters: { asset: LedgerAssetSchema.optional() },
});
export const AdjustmentListQuerySchema = listQuerySchema({
  sortable: ['proposed_at'],
  filters: {
    status: z.enum(adjustmentStatusValues).optional(),
    account_seq: QuerySeqSchema.optional(),
  },
});
export const LedgerActivityQuerySchema = listQuerySchema({
  sortable: ['occurred_at'],
  filters: { account_seq: QuerySeqSchema.optional() },
});
/** `status=discrepancy`: the newest run that found one (when was the books' last problem?). */
export const ReconciliationQuerySchema = z.strictObject({
  status: z.enum(['ok', 'discrepancy']).optional(),
});
