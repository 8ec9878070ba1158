import type { DepositCreditStep } from '@ledger/assets';
import type { EventStore } from '@ledger/event-store';
import type { LedgerWriterClient, SubmitResult } from '@ledger/ledger-client';

/**
 * What the deposits' money steps share: the ledger port, the system actors, the errors a step
 * throws, and the submission of a step's ONE PostTransfer under its derived command id (the
 * ledger answers a repeated id with its first outcome).
 */

/** The part of the ledger writer's client these steps use. */
export type LedgerPort = Pick<LedgerWriterClient, 'submit'>;

/** The ledger did not answer (unavailable, overloaded, indeterminate): retry the same step. */
export class LedgerNotAnsweredError extends Error {
  readonly commandId: string;
  readonly result: Exclude<SubmitResult, { kind: 'answered' }>;
  constructor(commandId: string, result: Exclude<SubmitResult, { kind: 'answered' }>) {
    super(`the ledger did not answer ${commandId}: ${result.kind}`);
    this.name = 'LedgerNotAnsweredError';
    this.commandId = commandId;
    this.result = result;
  }
}

export const chainScannerActor = 'system:chain-scanner';
export const depositsActor = 'system:deposits';

export type DepositStepDependencies = {
  eventStore: EventStore;
  ledger: LedgerPort;
  now: () => Date;
};

/** The ledger refused a deposit's money step; its rejection is kept. */
export class DepositLedgerRejectedError extends Error {
  readonly commandId: string;
  readonly rejection: { type: string } & Record<string, unknown>;
  constructor(commandId: string, rejection: { type: string } & Record<string, unknown>) {
    super(`the ledger refused ${commandId}: ${rejection.type}`);
    this.name = 'DepositLedgerRejectedError';
    this.commandId = commandId;
    this.rejection = rejection;
  }
}

/** The same command id with another body: another target was chosen first (409). */
export class DepositStepConflictError extends Error {
  readonly commandId: string;
  constructor(commandId: string) {
    super(`${commandId} was already submitted with another body`);
    this.name = 'DepositStepConflictError';
    this.commandId = commandId;
  }
}

export function answeredOrThrow(commandId: string, result: SubmitResult) {
  if (result.kind === 'IdempotencyKeyReused') throw new DepositStepConflictError(commandId);
  if (result.kind !== 'answered') throw new LedgerNotAnsweredError(commandId, result);
  return result;
}

/** Submits a deposit's credit; answers the ledger's answer and the position it landed at. */
export async function submitDepositCredit(
  ledger: LedgerPort,
  step: DepositCreditStep,
  context: { actor: string; requestId: string; correlationId: string },
) {
  return answeredOrThrow(
    step.ledgerCommandId,
    await ledger.submit({ commandId: step.ledgerCommandId, ...context, command: step.command }),
  );
}
