/**
 * Events of the non-money streams around the ledger (docs/events.md, "Wallet accounts and forced
 * adjustments"): a wallet account's profile (`wallet-account-<seq>`: its title, and the reason an
 * administrator gave for a status change) and the forced-adjustment process
 * (`adjustment-<id>`: proposed by one administrator, approved by another, executed as one ledger
 * command). Amounts are decimal strings with the asset's decimal_point digits; actors are member
 * seqs of administrators. The adjustment events are @ledger/adjustments', named here as before.
 */

export type WalletAccountTitled = {
  type: 'WalletAccountTitled';
  data: { accountSeq: number; account: string; memberSeq: number; title: string; titledAt: string };
};

export type WalletAccountStatusNoted = {
  type: 'WalletAccountStatusNoted';
  data: {
    accountSeq: number;
    account: string;
    status: 'normal' | 'fraud';
    statusPrevious: 'normal' | 'fraud';
    reason: string;
    /** The ledger command that changed the status (its AccountStatusChanged carries the same id). */
    ledgerCommandId: string;
    notedAt: string;
  };
};

export type WalletAccountEvent = WalletAccountTitled | WalletAccountStatusNoted;

export type {
  AdjustmentApproved,
  AdjustmentDirection,
  AdjustmentEvent,
  AdjustmentExecuted,
  AdjustmentFailed,
  AdjustmentProposed,
  AdjustmentRejected,
  AdjustmentStatus,
} from '@ledger/adjustments';
