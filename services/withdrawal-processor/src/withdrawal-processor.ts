import type { Db } from '@ledger/db';
import type { EventStore } from '@ledger/event-store';
import type { LedgerWriterClient } from '@ledger/ledger-client';
import { type ResumableProcess, runProcess, startProcessResumer } from '@ledger/process-kit';
import type { Logger } from '@ledger/runtime';
import type { OpenWithdrawal } from '@ledger/withdrawals';
import { type WithdrawalOutcome, withdrawalRefusal } from '@ledger/withdrawals-store';
import type { WithdrawalChain } from './chain-port.ts';
import { createChainWithdrawals } from './chain-withdrawals.ts';
import { reconcileWithdrawals } from './reconcile-withdrawals.ts';
import { withdrawalProcess, withdrawalWaits } from './withdrawal-process.ts';
import { pendingWithdrawals } from './withdrawal-work-list.ts';

export type WithdrawalProcessorDependencies = {
  db: Db;
  eventStore: EventStore;
  ledger: LedgerWriterClient;
  /** Where transfers are sent and reconciled; by default the chains of @ledger/chain over `db`. */
  chain?: WithdrawalChain | undefined;
  logger: Logger;
  now?: (() => Date) | undefined;
};

export type WithdrawalProcessor = ReturnType<typeof createWithdrawalProcessor>;

/**
 * The only home that moves a withdrawal forward (docs/adr/0023): `run` takes every step a
 * withdrawal can take now on the process runner, `resume` runs the work list, `reconcile` confirms
 * sent withdrawals on their chain outputs and takes the capture; `resumable` is the withdrawal
 * process type for the resumer worker.
 */
export function createWithdrawalProcessor(dependencies: WithdrawalProcessorDependencies) {
  const { db, eventStore, logger } = dependencies;
  const chain = dependencies.chain ?? createChainWithdrawals(db);
  const now = () => (dependencies.now ?? (() => new Date()))().toISOString();
  const process = withdrawalProcess({ ledger: dependencies.ledger, chain, logger, now });

  async function run(withdrawalId: string, requestId?: string): Promise<WithdrawalOutcome> {
    const { state, position } = await runProcess(eventStore, process, withdrawalId, { requestId });
    if (state.status === 'none') throw withdrawalRefusal({ type: 'WithdrawalNotFound' });
    return { state: state as OpenWithdrawal, position };
  }

  const resumable: ResumableProcess = {
    name: process.name,
    streamPrefix: process.streamPrefix,
    actor: process.actor,
    pending: (limit) => pendingWithdrawals(db, limit),
    run: (withdrawalId) => run(withdrawalId),
    waits: withdrawalWaits,
  };

  return {
    run,
    resumable,
    /** Takes the next steps of every unfinished withdrawal on the work list. */
    async resume(): Promise<{ resumed: number }> {
      let resumed = 0;
      for (const withdrawalId of await pendingWithdrawals(db, 500)) {
        try {
          const taken = await runProcess(eventStore, process, withdrawalId);
          if (taken.steps > 0) resumed += 1;
        } catch (error) {
          // A ledger outage or a frozen asset: this one waits, the others go on.
          if (!withdrawalWaits(error)) throw error;
        }
      }
      return { resumed };
    },
    reconcile: () =>
      reconcileWithdrawals({ db, eventStore, chain, logger, now, confirmed: (id) => run(id) }),
  };
}

/**
 * The withdrawal worker: the resumer running the withdrawal process type, nudged by every append
 * to a withdrawal stream that is not its own (a request, an approval), polling its work list and
 * reconciling sent withdrawals every `intervalMs`. Returns a function that stops it.
 */
export function startWithdrawalProcessor(
  processor: WithdrawalProcessor,
  eventStore: EventStore,
  logger: Logger,
  options: { intervalMs?: number } = {},
): () => Promise<void> {
  const resumer = startProcessResumer({
    eventStore,
    processes: [processor.resumable],
    chores: [{ name: 'withdrawal reconciliation', run: processor.reconcile }],
    logger,
    intervalMs: options.intervalMs ?? 5_000,
  });
  return () => resumer.stop();
}
