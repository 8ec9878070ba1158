import { assetProblemCodes } from '../assets.ts';
import { c2cProblemCodes } from '../c2c.ts';
import { csProblemCodes } from '../cs.ts';
import { identityProblemCodes } from '../identity-problems.ts';
import { kycProblemCodes } from '../kyc.ts';
import { ledgerProblemCodes } from '../ledger.ts';
import { amountRefusalCodes } from '../money-amount.ts';
import { problemCodes } from '../problem.ts';
import { textInvalidCode } from '../text.ts';
import { withdrawProblemCodes } from '../withdraw.ts';

/** The locales server messages are written in (SPEC §9); ko-KR is the product's default. */
export const messageLocales = ['ko-KR', 'en-US', 'ja-JP', 'vi-VN', 'zh-TW'] as const;
export type MessageLocale = (typeof messageLocales)[number];
export const defaultMessageLocale: MessageLocale = 'ko-KR';

/** Codes of the list queries (`no_paging=1`, `?after=`), answered by the query API. */
export const listProblemCodes = [
  /** 400: `no_paging=1` on a list longer than `listNoPagingMax`. */
  'no_paging_too_many',
  /** 400: `?after=` is not a position this service answered. */
  'position_invalid',
  /** 400: `?after=` names a position no write has reached. */
  'position_beyond_head',
] as const;

/** Every problem code a service can answer: the key of the server's message catalog. */
export const serverProblemCodes = [
  ...problemCodes,
  ...identityProblemCodes,
  ...kycProblemCodes,
  ...csProblemCodes,
  ...withdrawProblemCodes,
  ...assetProblemCodes,
  ...ledgerProblemCodes,
  ...listProblemCodes,
  ...c2cProblemCodes,
] as const;
export type ServerProblemCode = (typeof serverProblemCodes)[number];

/**
 * Messages of a code that answers more than one failure: `<code>.<case>`. The answer's `code`
 * stays the code; only its title (and detail) say which case it was.
 */
export const problemMessageCases = [
  'bad_request.malformed_json',
  'conflict.already_registered',
  'conflict.group_exists',
  'conflict.role_exists',
  'conflict.setting_unchanged',
  'conflict.client_exists',
  'conflict.account_exists',
  'conflict.hold_exists',
  'conflict.deposit_resolution_submitted',
  'not_found.brokerage',
  'password_too_weak.too_short',
  'password_too_weak.too_long',
  'password_too_weak.too_common',
  'password_too_weak.contains_identifier',
  'validation_failed.text_unstorable',
  'validation_failed.chain_too_short',
  'validation_failed.validity_out_of_range',
  'security_level_invalid.base_level_conditions',
  'security_level_invalid.unknown_condition',
  'restriction_policy_invalid.decimals',
  'restriction_policy_invalid.asset_required',
  'asset_plugin_invalid.unknown',
  'asset_plugin_invalid.setting',
  'ledger_unavailable.recorded',
  'ledger_unavailable.adjustment_approved',
  'ledger_unavailable.indeterminate',
] as const satisfies readonly `${ServerProblemCode}.${string}`[];
export type ProblemMessageCase = (typeof problemMessageCases)[number];

/** A key of the catalog: a code (its usual message) or one of its cases. */
export type ProblemMessageKey = ServerProblemCode | ProblemMessageCase;

/**
 * A problem's words in one locale. `{name}` in either is replaced by the problem's extension
 * member `name` (a limit, a count, a field's name), which the answer carries as well.
 */
export type ProblemMessage = { readonly title: string; readonly detail?: string };

/** One locale's messages: one for every code and case, checked by the type (and by a test). */
export type ProblemCatalog = { readonly [Key in ProblemMessageKey]: ProblemMessage };

/**
 * Field-level codes of a validation failure (`errors[].code`): zod's issue codes and the codes
 * the contracts' own checks name. Each has a message in every locale, for `errors[].message`.
 */
export const fieldProblemCodes = [
  'invalid_type',
  'too_big',
  'too_small',
  'invalid_format',
  'not_multiple_of',
  'unrecognized_keys',
  'invalid_union',
  'invalid_key',
  'invalid_element',
  'invalid_value',
  'custom',
  /** A field the route's own check refused (an OAuth2 client's name, redirect URI or scope). */
  'invalid',
  /** A list holds the same item twice (a setting's list of consents, groups or actions). */
  'duplicate_item',
  textInvalidCode,
  /** An amount refused as it is, never rounded (money-amount.ts). */
  ...amountRefusalCodes,
] as const;
export type FieldProblemCode = (typeof fieldProblemCodes)[number];

/** A bound's message for text (in characters) and for lists (in items); numbers keep the code's. */
export const fieldMessageCases = [
  'too_big.string',
  'too_small.string',
  'too_big.array',
  'too_small.array',
] as const satisfies readonly `${FieldProblemCode}.${string}`[];
export type FieldMessageCase = (typeof fieldMessageCases)[number];

/** One locale's field-level messages; `{maximum}`/`{minimum}` come from the issue. */
export type FieldMessageCatalog = {
  readonly [Key in FieldProblemCode | FieldMessageCase]: string;
};

/** Whether a code from outside the HTTP edge (a processor's refusal) is one the catalog says. */
export function isServerProblemCode(code: string): code is ServerProblemCode {
  return (serverProblemCodes as readonly string[]).includes(code);
}
