import {
  type ChainDepositCommand,
  type ChainDepositRejection,
  type ChainDepositState,
  chainDepositCommandIds,
  chainDepositStream,
  type DepositRequestCommand,
  type DepositRequestRejection,
  type DepositRequestState,
  decideChainDeposit,
  decideDepositRequest,
  depositRequestCommandId,
  depositRequestStream,
  evolveChainDeposit,
  evolveDepositRequest,
  initialChainDepositState,
  initialDepositRequestState,
} from '@ledger/assets';
import type { EventStore, GlobalPosition } from '@ledger/event-store';
import { systemAccountId } from '@ledger/ledger';
import type { LedgerWriterClient, SubmitResult } from '@ledger/ledger-client';
import { type AppendContext, decideAndAppend, loadAggregate } from './aggregate-store.ts';

/**
 * The money steps of deposits, shared by the write API and the chain scanner: each is ONE ledger
 * PostTransfer whose command id derives from the deposit (chain, txid, output) or the request
 * id, submitted under a fixed system actor, followed by recording its outcome on the process
 * stream. Running a step again (a retry, a second scanner, approve-all twice, a restart) replays
 * the ledger's original answer and records nothing new.
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

const chainDepositAggregate = { initial: initialChainDepositState, evolve: evolveChainDeposit };
const requestAggregate = { initial: initialDepositRequestState, evolve: evolveDepositRequest };

export class DepositStepRejectedError extends Error {
  readonly rejection: ChainDepositRejection | DepositRequestRejection;
  constructor(rejection: ChainDepositRejection | DepositRequestRejection) {
    super(`deposit step rejected: ${rejection.type}`);
    this.name = 'DepositStepRejectedError';
    this.rejection = rejection;
  }
}

/** Runs one chain-deposit command on its stream; a rejection throws DepositStepRejectedError. */
export async function runChainDepositCommand(
  eventStore: EventStore,
  depositId: string,
  command: (state: ChainDepositState) => ChainDepositCommand,
  context: AppendContext,
): Promise<{ state: ChainDepositState; position: GlobalPosition | null }> {
  const outcome = await decideAndAppend(
    eventStore,
    chainDepositStream(depositId),
    chainDepositAggregate,
    (state) => decideChainDeposit(command(state), state),
    context,
  );
  if (outcome.kind === 'rejected') throw new DepositStepRejectedError(outcome.rejection);
  return { state: outcome.state, position: outcome.position };
}

export async function runDepositRequestCommand(
  eventStore: EventStore,
  requestId: string,
  command: (state: DepositRequestState) => DepositRequestCommand,
  context: AppendContext,
): Promise<{ state: DepositRequestState; position: GlobalPosition | null }> {
  const outcome = await decideAndAppend(
    eventStore,
    depositRequestStream(requestId),
    requestAggregate,
    (state) => decideDepositRequest(command(state), state),
    context,
  );
  if (outcome.kind === 'rejected') throw new DepositStepRejectedError(outcome.rejection);
  return { state: outcome.state, position: outcome.position };
}

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

function answeredOrThrow(commandId: string, result: SubmitResult) {
  if (result.kind === 'IdempotencyKeyReused') throw new DepositStepConflictError(commandId);
  if (result.kind !== 'answered') throw new LedgerNotAnsweredError(commandId, result);
  return result;
}

/**
 * Credits a chain deposit whose credit was started: ONE transfer from the asset's chain clearing
 * to the member's account (or the suspense account), command and transfer id
 * `deposit:<chain>:<txid>:<output>`, then records it. Anything else than `crediting`: nothing.
 */
export async function finishChainDepositCredit(
  dependencies: DepositStepDependencies,
  depositId: string,
  input: { requestId: string; confirmations: number },
): Promise<{ state: ChainDepositState; position: GlobalPosition | null }> {
  const { state } = await loadAggregate(
    dependencies.eventStore,
    chainDepositStream(depositId),
    chainDepositAggregate,
  );
  if (state.status !== 'crediting') return { state, position: null };
  const { detection } = state;
  const commandId = chainDepositCommandIds.credit(depositId);
  const credit =
    detection.destination.kind === 'account'
      ? detection.destination.account
      : systemAccountId('suspense', detection.asset);
  const result = answeredOrThrow(
    commandId,
    await dependencies.ledger.submit({
      commandId,
      actor: chainScannerActor,
      requestId: input.requestId,
      correlationId: depositId,
      command: {
        type: 'PostTransfer',
        data: {
          transferId: commandId,
          legs: [
            {
              debit: systemAccountId('chainClearing', detection.asset),
              credit,
              asset: detection.asset,
              amount: detection.amount,
            },
          ],
          cause: 'deposit',
        },
      },
    }),
  );
  if (result.answer.kind === 'rejected') {
    throw new DepositLedgerRejectedError(commandId, result.answer.rejection);
  }
  const recorded = await runChainDepositCommand(
    dependencies.eventStore,
    depositId,
    () => ({
      type: 'RecordChainDepositCredit',
      depositId,
      transferId: commandId,
      ledgerCommandId: commandId,
      confirmations: input.confirmations,
      now: dependencies.now().toISOString(),
    }),
    {
      commandId: `scanner:credited:${depositId}`,
      requestId: input.requestId,
      actor: chainScannerActor,
    },
  );
  return { state: recorded.state, position: recorded.position ?? result.position };
}

/**
 * Credits an approved deposit request: ONE transfer from the asset's chain clearing to the
 * account, command and transfer id `deposit-request:<id>` (actor `system:deposits`), then its
 * outcome (credited, or failed with the ledger's rejection). Anything but `approved`: nothing.
 */
export async function finishDepositRequestCredit(
  dependencies: DepositStepDependencies,
  requestId: string,
  context: { requestId: string },
): Promise<{ state: DepositRequestState; position: GlobalPosition | null }> {
  const { state } = await loadAggregate(
    dependencies.eventStore,
    depositRequestStream(requestId),
    requestAggregate,
  );
  if (state.status !== 'approved') return { state, position: null };
  const { request } = state;
  const commandId = depositRequestCommandId(requestId);
  const result = answeredOrThrow(
    commandId,
    await dependencies.ledger.submit({
      commandId,
      actor: depositsActor,
      requestId: context.requestId,
      correlationId: requestId,
      command: {
        type: 'PostTransfer',
        data: {
          transferId: commandId,
          legs: [
            {
              debit: systemAccountId('chainClearing', request.asset),
              credit: request.account,
              asset: request.asset,
              amount: request.requestAmount,
            },
          ],
          cause: 'deposit',
        },
      },
    }),
  );
  const answer = result.answer;
  const recorded = await runDepositRequestCommand(
    dependencies.eventStore,
    requestId,
    () => ({
      type: 'RecordDepositRequestOutcome',
      requestId,
      ledgerCommandId: commandId,
      outcome:
        answer.kind === 'accepted'
          ? { kind: 'credited', transferId: commandId }
          : { kind: 'failed', rejection: answer.rejection },
      now: dependencies.now().toISOString(),
    }),
    {
      commandId: `deposit-request-outcome:${requestId}`,
      requestId: context.requestId,
      actor: depositsActor,
    },
  );
  return { state: recorded.state, position: recorded.position ?? result.position };
}

/**
 * Resolves a deposit held in the suspense account: attributes it to a member's account of the
 * same asset (suspense → account, `deposit-attribute:<id>`) or returns it to the sender
 * (suspense → chain clearing, `deposit-return:<id>`); one ledger command, then the record.
 */
export async function resolveSuspenseDeposit(
  dependencies: DepositStepDependencies,
  depositId: string,
  resolution:
    | {
        kind: 'attribute';
        target: { account: string; accountSeq: number; memberSeq: number; asset: string };
      }
    | { kind: 'return'; reason: string },
  context: AppendContext,
): Promise<{ state: ChainDepositState; position: GlobalPosition | null }> {
  const { state } = await loadAggregate(
    dependencies.eventStore,
    chainDepositStream(depositId),
    chainDepositAggregate,
  );
  if (state.status === 'none') throw new DepositStepRejectedError({ type: 'DepositNotFound' });
  if (state.suspense === null) {
    throw new DepositStepRejectedError({ type: 'DepositNotInSuspense' });
  }
  const wanted = resolution.kind === 'attribute' ? 'attributed' : 'returned';
  if (state.suspense !== 'open') {
    if (state.suspense === wanted) return { state, position: null };
    throw new DepositStepRejectedError({
      type: 'SuspenseAlreadyResolved',
      resolution: state.suspense,
    });
  }
  const { asset, amount } = state.detection;
  const commandId =
    resolution.kind === 'attribute'
      ? chainDepositCommandIds.attribute(depositId)
      : chainDepositCommandIds.return(depositId);
  const credit =
    resolution.kind === 'attribute'
      ? resolution.target.account
      : systemAccountId('chainClearing', asset);
  const result = answeredOrThrow(
    commandId,
    await dependencies.ledger.submit({
      commandId,
      actor: depositsActor,
      requestId: context.requestId,
      correlationId: depositId,
      command: {
        type: 'PostTransfer',
        data: {
          transferId: commandId,
          legs: [{ debit: systemAccountId('suspense', asset), credit, asset, amount }],
          cause: resolution.kind === 'attribute' ? 'deposit' : 'deposit_return',
        },
      },
    }),
  );
  if (result.answer.kind === 'rejected') {
    throw new DepositLedgerRejectedError(commandId, result.answer.rejection);
  }
  const now = dependencies.now().toISOString();
  const recorded = await runChainDepositCommand(
    dependencies.eventStore,
    depositId,
    (): ChainDepositCommand =>
      resolution.kind === 'attribute'
        ? {
            type: 'RecordSuspenseAttribution',
            depositId,
            target: {
              account: resolution.target.account,
              accountSeq: resolution.target.accountSeq,
              memberSeq: resolution.target.memberSeq,
            },
            transferId: commandId,
            ledgerCommandId: commandId,
            now,
          }
        : {
            type: 'RecordSuspenseReturn',
            depositId,
            reason: resolution.reason,
            transferId: commandId,
            ledgerCommandId: commandId,
            now,
          },
    context,
  );
  return { state: recorded.state, position: recorded.position ?? result.position };
}
