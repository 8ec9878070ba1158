import {
  createWithdrawalCommands,
  type WithdrawalCommandsDependencies,
  type WithdrawalOutcome,
} from '@ledger/withdrawals-store';
import { withdrawalWaits } from '../withdrawal-process.ts';
import {
  createWithdrawalProcessor,
  type WithdrawalProcessorDependencies,
} from '../withdrawal-processor.ts';

export type WithdrawalTestRunner = ReturnType<typeof createWithdrawalTestRunner>;

/**
 * What the API and the processor do together, for tests (not shipped): each command is recorded
 * (the commands of @ledger/withdrawals-store, as the write API records them), then the processor
 * runs the withdrawal, as the resumer does on the append's nudge; a step that waits (a ledger
 * outage, a frozen asset) leaves the state as recorded, for a later round.
 */
export function createWithdrawalTestRunner(
  dependencies: WithdrawalCommandsDependencies & WithdrawalProcessorDependencies,
) {
  const commands = createWithdrawalCommands(dependencies);
  const processor = createWithdrawalProcessor(dependencies);
  const thenRun =
    <Args extends unknown[]>(command: (...args: Args) => Promise<WithdrawalOutcome>) =>
    async (...args: Args): Promise<WithdrawalOutcome> => {
      const recorded = await command(...args);
      try {
        const run = await processor.run(recorded.state.request.withdrawalId);
        return { state: run.state, position: run.position ?? recorded.position };
      } catch (error) {
        if (withdrawalWaits(error)) return recorded;
        throw error;
      }
    };
  return {
    withdrawalIdOf: commands.withdrawalIdOf,
    setPolicy: commands.setPolicy,
    readPolicy: commands.readPolicy,
    approveAll: commands.approveAll,
    request: thenRun(commands.request),
    approve: thenRun(commands.approve),
    reject: thenRun(commands.reject),
    cancel: thenRun(commands.cancel),
    resend: thenRun(commands.resend),
    keyIn: thenRun(commands.keyIn),
    complete: thenRun(commands.complete),
    fail: thenRun(commands.fail),
    /** The processor alone. */
    advance: (withdrawalId: string) => processor.run(withdrawalId),
    resume: processor.resume,
    reconcile: processor.reconcile,
  };
}
