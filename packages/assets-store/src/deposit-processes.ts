import {
  type ChainDepositCommand,
  type ChainDepositEvent,
  type ChainDepositRejection,
  type ChainDepositState,
  chainDepositCommandIds,
  chainDepositStream,
  type DepositCreditStep,
  type DepositRequestCommand,
  type DepositRequestEvent,
  type DepositRequestRejection,
  type DepositRequestState,
  decideChainDeposit,
  decideDepositRequest,
  depositRequestStream,
  evolveChainDeposit,
  evolveDepositRequest,
  initialChainDepositState,
  initialDepositRequestState,
  nextChainDepositStep,
  nextDepositRequestStep,
} from '@ledger/assets';
import type { EventStore, GlobalPosition } from '@ledger/event-store';
import { systemAccountId } from '@ledger/ledger';
import { type ProcessDefinition, runProcess } from '@ledger/process-kit';
import { type AppendContext, decideAndAppend, loadAggregate } from './aggregate-store.ts';
import {
  answeredOrThrow,
  chainScannerActor,
  DepositLedgerRejectedError,
  type DepositStepDependencies,
  depositsActor,
} from './deposit-ledger-step.ts';
import { creditChainDeposit } from './deposit-steps/credit-chain-deposit.ts';
import { creditDepositRequest } from './deposit-steps/credit-deposit-request.ts';

export {
  chainScannerActor,
  DepositLedgerRejectedError,
  DepositStepConflictError,
  type DepositStepDependencies,
  depositsActor,
  LedgerNotAnsweredError,
  type LedgerPort,
} from './deposit-ledger-step.ts';

/**
 * The money steps of deposits, shared by the write API and the chain scanner: each is ONE ledger
 * PostTransfer whose command id derives from the deposit (chain, txid, output) or the request
 * id, submitted under a fixed system actor, followed by recording its outcome on the process
 * stream. The credits run on the process runner (docs/adr/0023; the step of each is its own file
 * in deposit-steps/). Running a step again (a retry, a second scanner, approve-all twice, a
 * restart) replays the ledger's original answer and records nothing new.
 */

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

/** The chain-deposit process: a started credit is taken (with the confirmations the scanner counted). */
export function chainDepositProcess(
  dependencies: DepositStepDependencies,
  input: { requestId: string; confirmations: number },
): ProcessDefinition<
  ChainDepositState,
  ChainDepositEvent,
  ChainDepositCommand,
  ChainDepositRejection,
  DepositCreditStep
> {
  return {
    name: 'chain-deposit',
    streamOf: chainDepositStream,
    streamPrefix: chainDepositStream(''),
    actor: chainScannerActor,
    decider: {
      initialState: initialChainDepositState,
      evolve: evolveChainDeposit,
      decide: decideChainDeposit,
    },
    nextStep: nextChainDepositStep,
    steps: { credit: creditChainDeposit(dependencies, input) },
    refused: (rejection) => new DepositStepRejectedError(rejection),
  };
}

/** The deposit-request process: an approved request is credited. */
export function depositRequestProcess(
  dependencies: DepositStepDependencies,
  context: { requestId: string },
): ProcessDefinition<
  DepositRequestState,
  DepositRequestEvent,
  DepositRequestCommand,
  DepositRequestRejection,
  DepositCreditStep
> {
  return {
    name: 'deposit-request',
    streamOf: depositRequestStream,
    streamPrefix: depositRequestStream(''),
    actor: depositsActor,
    decider: {
      initialState: initialDepositRequestState,
      evolve: evolveDepositRequest,
      decide: decideDepositRequest,
    },
    nextStep: nextDepositRequestStep,
    steps: { credit: creditDepositRequest(dependencies, context) },
    refused: (rejection) => new DepositStepRejectedError(rejection),
  };
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
  const process = chainDepositProcess(dependencies, input);
  const run = await runProcess(dependencies.eventStore, process, depositId, input);
  return { state: run.state, position: run.position };
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
  const process = depositRequestProcess(dependencies, context);
  const run = await runProcess(dependencies.eventStore, process, requestId, context);
  return { state: run.state, position: run.position };
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
