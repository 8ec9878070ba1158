import { textInvalidCode } from '@ledger/contracts';
import i18next from 'i18next';
import { isKyError } from 'ky';
import { ApiFailure, toApiFailure } from '../lib/api-failure.ts';

/**
 * The message to show for a failed call: the localized text for the server's stable `code` when
 * the app knows it, else the server's own (Accept-Language localized) text, else a generic one.
 * Anything that is not a failed call (a bug) gets the generic "unexpected" text.
 */
export function failureMessage(error: unknown): string {
  if (!(error instanceof ApiFailure) && !isKyError(error)) {
    return i18next.t('unexpected', { ns: 'errors' });
  }
  const failure = toApiFailure(error);
  const code = fieldCodeOf(failure) ?? failure.code;
  const retryAfter = retryAfterOf(failure);
  if (code === 'rate_limited' && retryAfter !== undefined) {
    return i18next.t('rateLimitedRetry', { ns: 'errors', wait: waitText(retryAfter) });
  }
  if (code !== undefined && i18next.exists(`codes.${code}`, { ns: 'errors' })) {
    return i18next.t(`codes.${code}` as 'codes.internal_error', { ns: 'errors' });
  }
  if (failure.serverMessage !== undefined) return failure.serverMessage;
  if (failure.httpStatusCode === 0) return i18next.t('network', { ns: 'errors' });
  return i18next.t('unknown', { ns: 'errors', status: failure.httpStatusCode });
}

/** A refusal of a field's text (`text_invalid`) is said as such, not as "check what you entered". */
function fieldCodeOf(failure: ApiFailure): string | undefined {
  if (failure.code !== 'validation_failed' || !Array.isArray(failure.body.errors)) return undefined;
  const refused = failure.body.errors.some(
    (error: unknown) => (error as { code?: unknown } | null)?.code === textInvalidCode,
  );
  return refused ? textInvalidCode : undefined;
}

/** The seconds a 429 asks to wait: the problem's `retry_after`, else its Retry-After header. */
function retryAfterOf(failure: ApiFailure): number | undefined {
  const value = failure.body.retry_after ?? failure.body.retryAfterHeader;
  const seconds = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof seconds === 'number' && Number.isInteger(seconds) && seconds > 0
    ? seconds
    : undefined;
}

/** "45 seconds" or, from a minute on, "3 minutes" (rounded up), in the active locale. */
function waitText(seconds: number): string {
  const isMinutes = seconds >= 60;
  return new Intl.NumberFormat(i18next.language, {
    style: 'unit',
    unit: isMinutes ? 'minute' : 'second',
    unitDisplay: 'long',
  }).format(isMinutes ? Math.ceil(seconds / 60) : seconds);
}
