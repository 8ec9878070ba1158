import { hash, randomUUID } from 'node:crypto';
import { optionalPrincipalOf } from '@ledger/auth';
import {
  type AmountRefusalCode,
  amountRefusal,
  amountRefusalMessage,
  type ServerProblemCode,
} from '@ledger/contracts';
import type { GlobalPosition } from '@ledger/event-store';
import { ProblemError, type ProblemInit } from '@ledger/http';
import type { Principal } from '@ledger/identity';
import type { LedgerRejection } from '@ledger/ledger';
import {
  type LedgerAnswer,
  type LedgerSubmission,
  type SubmitResult,
  sortedJson,
} from '@ledger/ledger-client';
import type { Context } from 'hono';
import type { LedgerWriteContext } from './ledger-write-context.ts';

/**
 * The path of a money command from HTTP to the writer and back (DESIGN.md §5): the client's
 * Idempotency-Key is the command id, scoped per actor by the writer; the body hash is taken over
 * what the client sent (route, path parameters, JSON body), so a retry with the same key and body
 * gets the original answer, rejections included, and another body gets 409. Every SubmitResult
 * becomes a response or a problem here.
 */

/** SHA-256, base64url: the writer's own body-hash form (docs/adr/0010 §3). */
export function hashBodyText(text: string): string {
  return hash('sha256', text, 'base64url');
}

const idempotencyKeyPattern = /^[\x21-\x7e]{1,128}$/;

/**
 * What a money route needs of its request, from Hono's context (`ledgerRequestOf`) or from a
 * direct route (ledger-direct-routes.ts): one core per route serves both.
 */
export type LedgerRequest = {
  method: string;
  path: string;
  requestId: string;
  principal: Principal | undefined;
  header(name: string): string | undefined;
  clientAddress(): string;
};

export function ledgerRequestOf(c: Context, context: LedgerWriteContext): LedgerRequest {
  return {
    method: c.req.method,
    path: c.req.path,
    requestId: String(c.get('requestId')),
    principal: optionalPrincipalOf(c),
    header: (name) => c.req.header(name),
    clientAddress: () => context.identity.clientAddress(c),
  };
}

/** The request's Idempotency-Key; without one (or a malformed one) the request is refused. */
export function idempotencyKeyOf(c: Context, options: { required: boolean }): string {
  return idempotencyKeyFrom(c.req.header('idempotency-key'), options);
}

/** The Idempotency-Key header's value checked (idempotencyKeyOf). */
export function idempotencyKeyFrom(
  key: string | undefined,
  options: { required: boolean },
): string {
  if (key === undefined && !options.required) return randomUUID();
  if (key === undefined || !idempotencyKeyPattern.test(key)) {
    throw new ProblemError({
      status: 400,
      code: key === undefined ? 'idempotency_key_required' : 'idempotency_key_invalid',
    });
  }
  return key;
}

/** SHA-256 of what the client sent: the method, the path (with its ids) and the JSON body. */
export function clientBodyHash(c: Context, body: unknown): string {
  return requestBodyHash(c.req.method, c.req.path, body);
}

export function requestBodyHash(method: string, path: string, body: unknown): string {
  return hashBodyText(sortedJson({ method, path, body }));
}

/** `member:<seq>` on member routes, `admin:<seq>` on administrator routes. */
export function actorOf(c: Context): string {
  const principal = optionalPrincipalOf(c);
  if (principal === undefined) throw new Error('a ledger route without a principal');
  const isAdmin = c.req.path.startsWith('/api/v1/admin/');
  return `${isAdmin ? 'admin' : 'member'}:${principal.memberSeq}`;
}

export type Accepted = {
  answer: Extract<LedgerAnswer, { kind: 'accepted' }>;
  position: GlobalPosition;
  replayed: boolean;
};

/**
 * Submits and returns an accepted answer; everything else becomes the problem the client gets
 * (a durable rejection is replayed identically, like an acceptance).
 */
export function submitToLedger(
  context: LedgerWriteContext,
  c: Context,
  submission: Omit<LedgerSubmission, 'requestId'>,
): Promise<Accepted> {
  return submitRequest(context, ledgerRequestOf(c, context), submission);
}

/** submitToLedger for a LedgerRequest. */
export async function submitRequest(
  context: LedgerWriteContext,
  request: LedgerRequest,
  submission: Omit<LedgerSubmission, 'requestId'>,
): Promise<Accepted> {
  const requestId = request.requestId;
  const result = await context.client.submit({ ...submission, requestId });
  if (result.kind === 'answered') {
    context.metadata.record({
      request_id: requestId,
      member_seq: request.principal?.memberSeq ?? null,
      ip_address: request.clientAddress(),
      user_agent: request.header('user-agent') ?? null,
    });
  }
  return acceptedOrThrow(result);
}

export function acceptedOrThrow(result: SubmitResult): Accepted {
  switch (result.kind) {
    case 'answered':
      if (result.answer.kind === 'rejected') {
        throw ledgerRejectionProblem(result.answer.rejection, result.replayed);
      }
      return { answer: result.answer, position: result.position, replayed: result.replayed };
    case 'IdempotencyKeyReused':
      throw new ProblemError({
        status: 409,
        code: 'idempotency_key_reused',
      });
    case 'Unavailable':
      throw new ProblemError({
        status: 503,
        code: 'ledger_unavailable',
        ...(result.reason === 'indeterminate'
          ? { message: 'ledger_unavailable.indeterminate' as const }
          : {}),
        headers: { 'retry-after': String(Math.max(1, Math.ceil(result.retryAfterMs / 1_000))) },
      });
    case 'InvalidSubmission':
      throw new ProblemError({ status: 400, code: 'bad_request' });
    case 'WriterFault':
      throw new ProblemError({ status: 500, code: 'internal_error' });
  }
}

/** A response with the read-your-writes position; a replayed answer says so in a header. */
export function ledgerResponse(
  c: Context,
  status: 200 | 201,
  data: unknown,
  accepted: { position: GlobalPosition | null; replayed: boolean },
): Response {
  if (accepted.replayed) c.header('idempotent-replayed', 'true');
  return c.json({ data, position: accepted.position }, status);
}

type ProblemOf = {
  [Type in LedgerRejection['type']]: (
    rejection: Extract<LedgerRejection, { type: Type }>,
  ) => ProblemInit;
};

const invalid = (code: ServerProblemCode): ProblemInit => ({ status: 422, code });

/** Every ledger rejection as a problem; the map's type makes it exhaustive. */
const rejectionProblems: ProblemOf = {
  InvalidField: (r) => ({ ...invalid('invalid_field'), params: { field: r.field } }),
  InvalidDecimalPoint: () => invalid('asset_scale_invalid'),
  DecimalPointMismatch: () => invalid('asset_scale_mismatch'),
  InvalidAmount: (r) => ({
    ...invalid('amount_invalid'),
    params: { amount: r.amount, decimalPoint: r.decimalPoint },
  }),
  InvalidExpiry: () => invalid('expiry_invalid'),
  AccountAlreadyExists: () => ({
    status: 409,
    code: 'conflict',
    message: 'conflict.account_exists',
  }),
  AccountNotFound: () => ({ status: 404, code: 'account_not_found' }),
  AccountKindNotAllowed: () => invalid('account_kind_not_allowed'),
  AccountFrozen: () => ({ status: 409, code: 'account_frozen' }),
  AccountStatusUnchanged: () => ({
    status: 409,
    code: 'account_status_unchanged',
  }),
  AssetMismatch: () => invalid('asset_mismatch'),
  LegCountInvalid: () => invalid('leg_count_invalid'),
  LegAccountsIdentical: () => invalid('same_account'),
  InsufficientFunds: (r) => ({
    ...invalid('insufficient_funds'),
    params: { available: r.available, requested: r.requested },
  }),
  HoldAlreadyExists: () => ({ status: 409, code: 'conflict', message: 'conflict.hold_exists' }),
  HoldNotFound: () => ({ status: 404, code: 'hold_not_found' }),
  HoldAlreadyResolved: () => ({ status: 409, code: 'hold_resolved' }),
  HoldNotExpired: () => ({ status: 409, code: 'hold_not_expired' }),
  HoldHasNoExpiry: () => ({ status: 409, code: 'hold_without_expiry' }),
  CaptureCountInvalid: () => invalid('capture_count_invalid'),
  CaptureDuplicatesHold: () => invalid('capture_duplicates_hold'),
  CaptureLegNotFromHoldAccount: () => invalid('capture_leg_invalid'),
  CaptureExceedsHold: () => invalid('capture_exceeds_hold'),
  MoveExceedsHold: () => invalid('move_exceeds_hold'),
  HoldAccountMismatch: () => invalid('hold_account_mismatch'),
  HoldDrawsOnLimit: () => invalid('hold_draws_on_limit'),
  LimitNotForAccount: () => invalid('limit_not_for_account'),
  LimitExceeded: () => invalid('limit_exceeded'),
  OneTimeLimitExceeded: () => invalid('one_time_limit_exceeded'),
};

export function ledgerRejectionProblem(rejection: LedgerRejection, replayed = false): ProblemError {
  const toProblem = rejectionProblems[rejection.type] as (
    rejection: LedgerRejection,
  ) => ProblemInit;
  const problem = toProblem(rejection);
  return new ProblemError(
    replayed
      ? { ...problem, headers: { ...problem.headers, 'idempotent-replayed': 'true' } }
      : problem,
  );
}

/** `1.5` → `1.50000000` for an 8-decimal asset; undefined when it has more digits or is zero. */
export function amountAtScale(text: string, decimalPoint: number): string | undefined {
  const match = /^(0|[1-9][0-9]{0,29})(?:\.([0-9]{1,18}))?$/.exec(text);
  if (match === null) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > decimalPoint) return undefined;
  const scaled =
    decimalPoint === 0 ? match[1] : `${match[1]}.${fraction.padEnd(decimalPoint, '0')}`;
  return /^[0.]+$/.test(scaled ?? '0') ? undefined : scaled;
}

/**
 * The requested amount at the asset's scale, or a 400 `validation_failed` naming the field and
 * its refusal (amount_precision_exceeded, amount_not_positive, amount_above_maximum): an amount is
 * refused, never rounded.
 */
export function checkedAmount(
  text: string,
  field: string,
  bounds: { decimalPoint: number; maximum?: string | null },
): string {
  const code = amountRefusal(text, bounds);
  const scaled = code === undefined ? amountAtScale(text, bounds.decimalPoint) : undefined;
  if (scaled !== undefined) return scaled;
  throw amountRefused(field, code ?? 'amount_invalid');
}

export function amountRefused(field: string, code: AmountRefusalCode): ProblemError {
  return new ProblemError({
    status: 400,
    code: 'validation_failed',
    errors: [{ path: field, code, message: amountRefusalMessage(code) }],
  });
}

export function accountNotFound(): ProblemError {
  return new ProblemError({ status: 404, code: 'account_not_found' });
}

/** The ids a command derives from its key, so a retry names the same transfer or proposal. */
export function derivedId(prefix: string, actor: string, key: string): string {
  return `${prefix}:${hashBodyText(`${actor}\u0000${key}`).slice(0, 32)}`;
}
