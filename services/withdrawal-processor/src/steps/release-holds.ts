import type { StepRecord } from '@ledger/process-kit';
import { stepCommandId } from '@ledger/process-kit';
import type { WithdrawalCommand, WithdrawalStep } from '@ledger/withdrawals';
import { submitLedgerCommand, type WithdrawalStepDependencies } from './step-dependencies.ts';

/** Gives the holds back (cancelled, rejected, failed): one ReleaseHold per hold, each keyed by it. */
export function releaseHolds(dependencies: WithdrawalStepDependencies) {
  return async (
    step: Extract<WithdrawalStep, { kind: 'releaseHolds' }>,
    { processId }: { processId: string },
  ): Promise<StepRecord<WithdrawalCommand>> => {
    for (const release of step.releases) {
      const outcome = await submitLedgerCommand(
        dependencies.ledger,
        release.ledgerCommandId,
        release.command,
        processId,
      );
      if (outcome.kind === 'rejected' && outcome.rejection.type !== 'HoldAlreadyResolved') {
        throw new Error(
          `the release of ${release.command.data.holdId} was refused: ${outcome.rejection.type}`,
        );
      }
    }
    const ledgerCommandIds = step.releases.map((release) => release.ledgerCommandId);
    return {
      commandId: stepCommandId(processId, 'release-outcome'),
      command: { type: 'RecordRelease', ledgerCommandIds, now: dependencies.now() },
    };
  };
}
