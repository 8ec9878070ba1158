import type { ProcessDefinition } from '@ledger/process-kit';
import {
  decideWithdrawal,
  nextStep,
  type WithdrawalCommand,
  type WithdrawalEvent,
  type WithdrawalRejection,
  type WithdrawalState,
  type WithdrawalStep,
  withdrawalActor,
  withdrawalStream,
  withdrawalStreamPrefix,
} from '@ledger/withdrawals';
import {
  WithdrawalProblem,
  withdrawalFault,
  withdrawalFold,
  withdrawalRefusal,
} from '@ledger/withdrawals-store';
import { broadcast } from './steps/broadcast.ts';
import { capture } from './steps/capture.ts';
import { createTransfer } from './steps/create-transfer.ts';
import { placeHold } from './steps/place-hold.ts';
import { releaseHolds } from './steps/release-holds.ts';
import type { WithdrawalStepDependencies } from './steps/step-dependencies.ts';

type TakenStep = Exclude<WithdrawalStep, { kind: 'none' }>;

export type WithdrawalProcess = ProcessDefinition<
  WithdrawalState,
  WithdrawalEvent,
  WithdrawalCommand,
  WithdrawalRejection,
  TakenStep
>;

/**
 * The withdrawal process on the process runner (docs/adr/0023): the pure process of
 * @ledger/withdrawals over its stream, its next step, and one file per step in steps/ (the hold,
 * the release, the transfer, its broadcast, the capture), each ONE side effect whose id derives
 * from the withdrawal id and the step.
 */
export function withdrawalProcess(dependencies: WithdrawalStepDependencies): WithdrawalProcess {
  return {
    name: 'withdrawal',
    streamOf: withdrawalStream,
    streamPrefix: withdrawalStreamPrefix,
    actor: withdrawalActor,
    decider: { ...withdrawalFold, decide: decideWithdrawal },
    nextStep: (state) => {
      const step = nextStep(state);
      return step.kind === 'none' ? undefined : step;
    },
    steps: {
      placeHold: placeHold(dependencies),
      releaseHolds: releaseHolds(dependencies),
      createTransfer: createTransfer(dependencies),
      broadcast: broadcast(dependencies),
      capture: capture(dependencies),
    },
    refused: withdrawalRefusal,
    afterRecord: (step) => {
      if (step.kind === 'createTransfer') withdrawalFault('after-transfer-created');
      else if (step.kind !== 'broadcast') withdrawalFault('after-outcome');
    },
  };
}

/** A step that cannot be taken now (the ledger did not answer, the asset is frozen): taken later. */
export function withdrawalWaits(error: unknown): boolean {
  return (
    error instanceof WithdrawalProblem && (error.status === 503 || error.code === 'asset_frozen')
  );
}
