import type { Withdrawal, WithdrawalStatus } from '@ledger/contracts';
import { useTranslation } from 'react-i18next';
import { decimalsOf, formatAmount } from '../../ui-kit/amount/amount-format.ts';

/** The localized word of a withdrawal status and a fee type (shared by member and admin screens). */
/** A t() for keys built at run time from server values (statuses, rejection types). */
export type DynamicT = (key: string, options?: Record<string, unknown>) => string;

export function useWithdrawLabels() {
  const { t: typed } = useTranslation('withdraw');
  const t = typed as unknown as DynamicT;
  return {
    status: (status: WithdrawalStatus | string) => t(`status.${status}`),
    feeType: (feeType: string) => t(`feeType.${feeType}`),
  };
}

const statusColors: Record<WithdrawalStatus, string> = {
  requested: 'blue',
  refused: 'red',
  approved: 'indigo',
  sent: 'cyan',
  completed: 'green',
  cancelled: 'gray',
  rejected: 'orange',
  failed: 'red',
};

export function statusColor(status: WithdrawalStatus): string {
  return statusColors[status];
}

const refusalsNamed = [
  'InsufficientFunds',
  'LimitExceeded',
  'OneTimeLimitExceeded',
  'AccountFrozen',
];

/** Why the ledger refused a withdrawal's hold, in words (the rejection type otherwise). */
export function useRefusalText(): (type: string) => string {
  const { t: typed } = useTranslation('withdraw');
  const t = typed as unknown as DynamicT;
  return (type) =>
    refusalsNamed.includes(type) ? t(`refusal.${type}`) : t('refusal.other', { type });
}

/**
 * A withdrawal's fee in the locale with its asset: every digit the API sent (the fee may be in
 * another asset than the withdrawal, whose decimal_point the row does not carry).
 */
export function feeText(row: Pick<Withdrawal, 'fee_amount' | 'fee_asset'>, locale: string): string {
  const amount = formatAmount(row.fee_amount, locale, { decimalPoint: decimalsOf(row.fee_amount) });
  return `${amount} ${row.fee_asset}`;
}
