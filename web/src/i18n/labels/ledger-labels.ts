import type { AccountStatus, BalanceLogEntry } from '@ledger/contracts';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * Names of the ledger's labels on screen (causes, entry types, system accounts, statuses), shared
 * by the wallet and the admin ledger screens. A cause the app has no name for yet (a label added
 * by a later feature) is shown as the server sent it rather than as a missing key.
 */
export function useLedgerLabels() {
  const { t } = useTranslation('wallet');
  const known = (key: string) => i18next.exists(key, { ns: 'wallet' });
  return {
    cause: (cause: string) =>
      known(`cause.${cause}`) ? t(`cause.${cause}` as 'cause.deposit') : cause,
    entryType: (type: string) =>
      known(`entryType.${type}`) ? t(`entryType.${type}` as 'entryType.TransferPosted') : type,
    systemRole: (role: string) =>
      known(`systemRole.${role}`) ? t(`systemRole.${role}` as 'systemRole.feeRevenue') : role,
    status: (status: AccountStatus) => t(`status.${status}`),
    /** The other side of a log row: an account number, or the system account's role. */
    counterparty: (
      entry: Pick<
        BalanceLogEntry,
        'counter_account_number' | 'counter_kind' | 'counter_system_role'
      >,
    ) => {
      if (entry.counter_account_number !== null) return entry.counter_account_number;
      if (entry.counter_system_role !== null) {
        return known(`systemRole.${entry.counter_system_role}`)
          ? t(`systemRole.${entry.counter_system_role}` as 'systemRole.feeRevenue')
          : entry.counter_system_role;
      }
      return '—';
    },
  };
}
