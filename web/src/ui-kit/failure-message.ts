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
