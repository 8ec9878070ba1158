import type { ApplicationCommand, ApplicationStep } from '@ledger/c2c';
import type { GlobalPosition } from '@ledger/event-store';
import { type StepRecord, stepCommandId } from '@ledger/process-kit';
import { type C2cStepDependencies, submitC2cLedgerCommand } from './step-dependencies.ts';

/**
 * Gives a side's hold back: an immediate deal's seller part into the deal's escrow while that hold
 * is open, else (or when the ledger answers that the escrow is resolved) released to its owner.
 */
export function releaseSide(dependencies: C2cStepDependencies) {
  return async (
    step: Extract<ApplicationStep, { kind: 'releaseSide' }>,
    { processId }: { processId: string },
  ): Promise<StepRecord<ApplicationCommand>> => {
    let done: { ledgerCommandId: string; position: GlobalPosition | undefined } | undefined;
    if (step.toDealEscrow !== null) {
      const { ledgerCommandId, command } = step.toDealEscrow;
      const back = await submitC2cLedgerCommand(
        dependencies.ledger,
        ledgerCommandId,
        command,
        processId,
      );
      if (back.kind === 'accepted') done = { ledgerCommandId, position: back.position };
      else if (back.rejection.type !== 'HoldAlreadyResolved')
        throw new Error(`the part was not moved back: ${JSON.stringify(back.rejection)}`);
    }
    if (done === undefined) {
      const released = await submitC2cLedgerCommand(
        dependencies.ledger,
        step.ledgerCommandId,
        step.command,
        processId,
      );
      if (released.kind === 'rejected' && released.rejection.type !== 'HoldAlreadyResolved')
        throw new Error(`the hold was not released: ${JSON.stringify(released.rejection)}`);
      done = { ledgerCommandId: step.ledgerCommandId, position: released.position };
    }
    return {
      commandId: stepCommandId(processId, `${step.side}:released`),
      command: {
        type: 'RecordSideReleased',
        side: step.side,
        ledgerCommandId: done.ledgerCommandId,
        now: dependencies.now(),
      },
      position: done.position,
    };
  };
}
