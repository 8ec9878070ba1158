import type { ApproveAllPreview } from '@ledger/contracts';
import i18next from 'i18next';
import { formatAmount } from '../amount/amount-format.ts';
import { confirmAction } from '../dialogs/confirm-dialog.tsx';
import { showSuccessToast } from '../toasts.ts';

export type ApproveAllConfirmOptions = {
  title: string;
  /** What approving does (credited, sent), said before the count and the totals. */
  message: string;
  preview: ApproveAllPreview;
  locale: string;
  /** The asset's decimal_point, when the catalog knows it. */
  scaleOf: (asset: string) => number | undefined;
};

/**
 * The sentence an approve-all's dry run gives: how many requests in all and, per asset, its total
 * (at the asset's scale, in the locale) and how many, e.g. "3 requests: 12,000 KRW (2) and 0.5 BTC (1)".
 */
export function approveAllSummary(
  preview: ApproveAllPreview,
  locale: string,
  scaleOf: (asset: string) => number | undefined,
): string {
  if (preview.requests === 0) return i18next.t('approveAll.nothing', { ns: 'kit' });
  const totals = preview.per_asset.map((row) =>
    i18next.t('approveAll.assetTotal', {
      ns: 'kit',
      amount: formatAmount(row.total, locale, { decimalPoint: scaleOf(row.asset) }),
      asset: row.asset,
      requests: row.requests,
    }),
  );
  return i18next.t('approveAll.summary', {
    ns: 'kit',
    requests: preview.requests,
    totals: new Intl.ListFormat(locale, { type: 'conjunction' }).format(totals),
  });
}

/**
 * Asks to confirm an approve-all with what its dry run found; with nothing waiting it only says
 * so in a toast and resolves false, so nothing is posted.
 */
export async function confirmApproveAll(options: ApproveAllConfirmOptions): Promise<boolean> {
  const summary = approveAllSummary(options.preview, options.locale, options.scaleOf);
  if (options.preview.requests === 0) {
    showSuccessToast(summary);
    return false;
  }
  return confirmAction({ title: options.title, message: `${options.message} ${summary}` });
}
