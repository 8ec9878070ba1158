/**
 * Fault-injection points between the steps of the withdrawal process (guides/reliability.md T7):
 * no-ops unless a test installs a hook, which may throw or end the process at a point.
 */
export const withdrawalFaultPoints = [
  /** WithdrawalRequested appended; no ledger command issued. */
  'after-requested',
  /** A ledger command (hold, release, capture) answered; its outcome not recorded. */
  'after-ledger-command',
  /** The outcome of a ledger command recorded on the stream. */
  'after-outcome',
  /** WithdrawalApproved appended; no transfer created. */
  'after-approved',
  /** WithdrawTransferCreated appended; not broadcast. */
  'after-transfer-created',
  /** The chain took the transfer; the broadcast not recorded. */
  'after-broadcast',
  /** WithdrawalConfirmed appended; no capture issued. */
  'after-confirmed',
] as const;

export type WithdrawalFaultPoint = (typeof withdrawalFaultPoints)[number];

let installed: ((point: WithdrawalFaultPoint) => void) | undefined;

/** Installs a hook (tests only); returns the function that removes it. */
export function installWithdrawalFaultHook(
  hook: (point: WithdrawalFaultPoint) => void,
): () => void {
  installed = hook;
  return () => {
    if (installed === hook) installed = undefined;
  };
}

export function withdrawalFault(point: WithdrawalFaultPoint): void {
  if (installed !== undefined) installed(point);
}
