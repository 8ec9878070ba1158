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
  const code = failure.code;
  if (code !== undefined && i18next.exists(`codes.${code}`, { ns: 'errors' })) {
    return i18next.t(`codes.${code}` as 'codes.internal_error', { ns: 'errors' });
  }
  if (failure.serverMessage !== undefined) return failure.serverMessage;
  if (failure.httpStatusCode === 0) return i18next.t('network', { ns: 'errors' });
  return i18next.t('unknown', { ns: 'errors', status: failure.httpStatusCode });
}
