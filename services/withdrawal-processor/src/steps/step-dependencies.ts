import type { LedgerCommandInput, LedgerWriterClient } from '@ledger/ledger-client';
import type { Logger } from '@ledger/runtime';
import type { LedgerOutcome } from '@ledger/withdrawals';
import { withdrawalActor } from '@ledger/withdrawals';
import { WithdrawalProblem, withdrawalFault } from '@ledger/withdrawals-store';
import type { WithdrawalChain } from '../chain-port.ts';

/** What the withdrawal's steps act on: the ledger, the chain, the clock. */
export type WithdrawalStepDependencies = {
  ledger: LedgerWriterClient;
  chain: WithdrawalChain;
  logger: Logger;
  /** ISO time for the records. */
  now: () => string;
};

/**
 * Submits ONE ledger command of a money step under its derived id; the ledger answers a repeated
 * id with its first outcome. Unavailable or indeterminate: the step stays to be taken (503).
 */
export async function submitLedgerCommand(
  ledger: LedgerWriterClient,
  commandId: string,
  command: LedgerCommandInput,
  withdrawalId: string,
): Promise<LedgerOutcome> {
  const result = await ledger.submit({
    commandId,
    actor: withdrawalActor,
    command,
    correlationId: withdrawalId,
  });
  if (result.kind !== 'answered') {
    throw new WithdrawalProblem(
      503,
      'ledger_unavailable',
      'The ledger did not answer; the withdrawal will be resumed',
    );
  }
  withdrawalFault('after-ledger-command');
  return result.answer.kind === 'accepted'
    ? { kind: 'accepted', revision: result.answer.revision }
    : { kind: 'rejected', rejection: result.answer.rejection };
}
