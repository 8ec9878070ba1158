import type { EventStore } from '@ledger/event-store';
import type { AmountPerAsset, IdentitySettings, MemberTransferScope } from '@ledger/identity';
import { loadSettings } from '../settings-source.ts';

/**
 * The ledger policy the write API applies before a command reaches the writer: the `ledger.*`
 * keys of the settings catalogue (docs/adr/0011 §2), changed by the chief administrator
 * with PUT /admin/setting/{key}.
 */
export type LedgerPolicy = {
  /** own_accounts: between a member's own accounts only; any_member: also to another member's account (by number). */
  memberTransferScope: MemberTransferScope;
  /** Fee per asset (decimal text) on a transfer to another member, paid to the asset's fee revenue account. */
  memberTransferFee: AmountPerAsset;
  /** Forced adjustments up to this amount (per asset) need no second administrator; unlisted assets always do. */
  adjustmentSingleApprovalMax: AmountPerAsset;
  /** Wallet accounts per member and asset. */
  accountsPerAssetMax: number;
  /** The largest deposit request per asset; unlisted assets take depositRequestMaxDefault. */
  depositRequestMax: AmountPerAsset;
};

export function ledgerPolicyOf(settings: IdentitySettings): LedgerPolicy {
  return {
    memberTransferScope: settings['ledger.memberTransferScope'],
    memberTransferFee: settings['ledger.memberTransferFee'],
    adjustmentSingleApprovalMax: settings['ledger.adjustmentSingleApprovalMax'],
    accountsPerAssetMax: settings['ledger.accountsPerAssetMax'],
    depositRequestMax: settings['ledger.depositRequestMax'],
  };
}

export type LedgerPolicySource = {
  /**
   * The policy in force. `fresh` reads the settings stream now (rare admin commands and account
   * openings); otherwise a transfer may use a copy at most `maxAgeMs` old, so the hot transfer
   * path does not read the settings stream on every request.
   */
  current(options?: { fresh?: boolean }): Promise<LedgerPolicy>;
};

/** How stale the transfer path's copy of the policy may be: a change takes effect within this. */
export const ledgerPolicyMaxAgeMs = 1_000;

/**
 * Policy from the settings stream, with `override` on top (tests that need a policy without going
 * through PUT /admin/setting). Concurrent refreshes share one read.
 */
export function createLedgerPolicySource(
  eventStore: EventStore,
  options: { override?: Partial<LedgerPolicy> | undefined; now?: () => number } = {},
): LedgerPolicySource {
  const now = options.now ?? Date.now;
  let cached: { policy: LedgerPolicy; readAt: number } | undefined;
  let shared: Promise<LedgerPolicy> | undefined;
  const read = async (): Promise<LedgerPolicy> => {
    const readAt = now();
    const policy = { ...ledgerPolicyOf(await loadSettings(eventStore)), ...options.override };
    if (cached === undefined || cached.readAt <= readAt) cached = { policy, readAt };
    return policy;
  };
  return {
    current(request = {}) {
      // A fresh read never joins one already under way: that one may predate a change.
      if (request.fresh === true) return read();
      if (cached !== undefined && now() - cached.readAt < ledgerPolicyMaxAgeMs) {
        return Promise.resolve(cached.policy);
      }
      shared ??= read().finally(() => {
        shared = undefined;
      });
      return shared;
    },
  };
}
