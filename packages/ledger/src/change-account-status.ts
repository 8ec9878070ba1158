import { assert } from '@ledger/decider';
import type { ChangeAccountStatus } from './ledger-commands.ts';
import type { LedgerDecision } from './ledger-decision.ts';
import type { AccountStatusChanged } from './ledger-events.ts';
import type { LedgerState } from './ledger-state.ts';

/**
 * Decides ChangeAccountStatus. Marking an account fraud stops new debits and holds on it; holds
 * placed before stay capturable and releasable, so no money is stuck by the change.
 */
export function changeAccountStatus(
  command: ChangeAccountStatus,
  state: LedgerState,
): LedgerDecision {
  const { account: accountId, status } = command.data;
  const account = state.accounts.get(accountId);
  if (account === undefined) {
    return { kind: 'rejected', rejection: { type: 'AccountNotFound', account: accountId } };
  }
  if (status !== 'normal' && status !== 'fraud') {
    return {
      kind: 'rejected',
      rejection: { type: 'InvalidField', field: 'status', value: String(status) },
    };
  }
  if (account.status === status) {
    return {
      kind: 'rejected',
      rejection: { type: 'AccountStatusUnchanged', account: accountId, status },
    };
  }
  const event: AccountStatusChanged = {
    type: 'AccountStatusChanged',
    data: {
      account: accountId,
      changedAt: command.metadata.now,
      status,
      statusPrevious: account.status,
    },
  };
  return { kind: 'accepted', events: [event] };
}

/** Evolves AccountStatusChanged. */
export function evolveAccountStatusChanged(state: LedgerState, event: AccountStatusChanged): void {
  const account = state.accounts.get(event.data.account);
  assert(account !== undefined, 'a status changes on an opened account');
  assert(
    account.status === event.data.statusPrevious,
    'a status change starts from the current status',
  );
  assert(account.status !== event.data.status, 'a status change changes the status');
  account.status = event.data.status;
}
