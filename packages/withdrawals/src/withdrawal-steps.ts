import {
  type CaptureHolds,
  type CommandInput,
  type HoldAlongside,
  type HoldCapture,
  type PlaceHoldInput,
  parseAmount,
  type ReleaseHold,
  systemAccountId,
} from '@ledger/ledger';
import type { WithdrawalRequest } from './withdrawal-events.ts';
import type { OpenWithdrawal, WithdrawalState } from './withdrawal-state.ts';

/**
 * The next thing an unfinished withdrawal needs done, with every id derived from the withdrawal id
 * and the step, so doing it again after a crash is harmless: the ledger answers a repeated command
 * id with its first outcome, and the chain sender is keyed by the transfer id.
 */

/** The actor of the process's own ledger commands. */
export const withdrawalActor = 'system:withdrawal';
export const withdrawalCause = 'withdrawal';

/** The ledger writer's command inputs (it stamps `now` and the limit day). */
export type PlaceHoldCommand = PlaceHoldInput;
export type ReleaseHoldCommand = CommandInput<ReleaseHold>;
export type CaptureHoldsCommand = CommandInput<CaptureHolds>;

export type WithdrawalStep =
  | { kind: 'placeHold'; ledgerCommandId: string; holdIds: string[]; command: PlaceHoldCommand }
  | { kind: 'releaseHolds'; releases: { ledgerCommandId: string; command: ReleaseHoldCommand }[] }
  | { kind: 'createTransfer'; transferId: string }
  | {
      kind: 'broadcast';
      transferId: string;
      to: string;
      amount: string;
      asset: string;
      memo: string | null;
    }
  | { kind: 'capture'; ledgerCommandId: string; command: CaptureHoldsCommand }
  | { kind: 'none' };

export const holdIdsOf = (withdrawalId: string) => ({
  amount: `withdrawal:${withdrawalId}:amount`,
  fee: `withdrawal:${withdrawalId}:fee`,
});

export const ledgerCommandIdsOf = (withdrawalId: string) => ({
  hold: `withdrawal:${withdrawalId}:hold`,
  capture: `withdrawal:${withdrawalId}:capture`,
  release: (holdId: string) => `${holdId}:release`,
});

/** The id of the n-th transfer the process itself makes (n from 1). */
export const transferIdOf = (withdrawalId: string, n: number) =>
  `withdrawal:${withdrawalId}:transfer:${n}`;

const isZero = (amount: string, decimalPoint: number) =>
  parseAmount(amount, decimalPoint, 'nonNegative') === 0n;

/** Is there a separate fee hold (a fee charged on top that is more than zero)? */
export function hasFeeHold(request: WithdrawalRequest): boolean {
  return request.feeType === 'separate' && !isZero(request.feeAmount, request.feeDecimalPoint);
}

/** The ONE command that places everything the withdrawal will take, with the member's limits. */
export function placeHoldCommand(request: WithdrawalRequest): {
  command: PlaceHoldCommand;
  holdIds: string[];
} {
  const ids = holdIdsOf(request.withdrawalId);
  const alongside: HoldAlongside[] = hasFeeHold(request)
    ? [
        {
          holdId: ids.fee,
          account: request.feeAccount,
          amount: request.feeAmount,
          reason: 'withdrawalFee',
        },
      ]
    : [];
  const command: PlaceHoldCommand = {
    type: 'PlaceHold',
    data: {
      holdId: ids.amount,
      account: request.account,
      amount: request.requestAmount,
      reason: withdrawalCause,
      ...(request.limitAccount === null ? {} : { limit: { account: request.limitAccount } }),
      ...(request.oneTimeLimit === null ? {} : { oneTimeMax: request.oneTimeLimit }),
      ...(alongside.length === 0 ? {} : { alongside }),
    },
  };
  return { command, holdIds: [ids.amount, ...alongside.map((hold) => hold.holdId)] };
}

/**
 * Completion: the net amount to chain clearing, the fee to fee revenue (of the fee's asset), in
 * one CaptureHolds.
 */
export function captureCommand(request: WithdrawalRequest): CaptureHoldsCommand {
  const ids = holdIdsOf(request.withdrawalId);
  const { account, asset, netAmount, feeAmount, feeAsset, feeAccount, feeDecimalPoint } = request;
  const clearing = systemAccountId('chainClearing', asset);
  const captures: HoldCapture[] = [];
  if (request.feeType === 'deducted') {
    const legs = [{ debit: account, credit: clearing, asset, amount: netAmount }];
    if (!isZero(feeAmount, feeDecimalPoint)) {
      legs.push({
        debit: account,
        credit: systemAccountId('feeRevenue', asset),
        asset,
        amount: feeAmount,
      });
    }
    captures.push({ holdId: ids.amount, legs });
  } else {
    captures.push({
      holdId: ids.amount,
      legs: [{ debit: account, credit: clearing, asset, amount: netAmount }],
    });
    if (hasFeeHold(request)) {
      const feeRevenue = systemAccountId('feeRevenue', feeAsset);
      captures.push({
        holdId: ids.fee,
        legs: [{ debit: feeAccount, credit: feeRevenue, asset: feeAsset, amount: feeAmount }],
      });
    }
  }
  const ledgerCommandId = ledgerCommandIdsOf(request.withdrawalId).capture;
  return {
    type: 'CaptureHolds',
    data: { transferId: ledgerCommandId, cause: withdrawalCause, captures },
  };
}

function releaseStep(state: OpenWithdrawal): WithdrawalStep {
  const ids = ledgerCommandIdsOf(state.request.withdrawalId);
  return {
    kind: 'releaseHolds',
    releases: state.holdIds.map((holdId) => ({
      ledgerCommandId: ids.release(holdId),
      command: { type: 'ReleaseHold', data: { holdId } },
    })),
  };
}

/** What the withdrawal needs next; `none` when it waits for a person or the chain, or is done. */
export function nextStep(state: WithdrawalState): WithdrawalStep {
  if (state.status === 'none') return { kind: 'none' };
  const { request } = state;
  if (state.hold === 'pending') {
    const { command, holdIds } = placeHoldCommand(request);
    return {
      kind: 'placeHold',
      ledgerCommandId: ledgerCommandIdsOf(request.withdrawalId).hold,
      holdIds,
      command,
    };
  }
  if (state.hold !== 'placed') return { kind: 'none' };
  switch (state.status) {
    case 'cancelled':
    case 'rejected':
    case 'failed':
      return releaseStep(state);
    case 'approved': {
      const created = state.transfers.find((transfer) => transfer.status === 'created');
      if (created !== undefined) return broadcastStep(request, created.transferId);
      if (state.transfers.some((transfer) => transfer.status === 'keyed')) return { kind: 'none' };
      // A sender failure leaves the withdrawal approved; an administrator re-sends or keys in.
      if (state.transfers.length > 0) return { kind: 'none' };
      return { kind: 'createTransfer', transferId: transferIdOf(request.withdrawalId, 1) };
    }
    case 'sent': {
      if (state.confirmation !== null) {
        return {
          kind: 'capture',
          ledgerCommandId: ledgerCommandIdsOf(request.withdrawalId).capture,
          command: captureCommand(request),
        };
      }
      const created = state.transfers.find((transfer) => transfer.status === 'created');
      return created === undefined ? { kind: 'none' } : broadcastStep(request, created.transferId);
    }
    default:
      return { kind: 'none' };
  }
}

function broadcastStep(request: WithdrawalRequest, transferId: string): WithdrawalStep {
  return {
    kind: 'broadcast',
    transferId,
    to: request.toAddress,
    amount: request.netAmount,
    asset: request.asset,
    memo: request.memo,
  };
}

/** Unfinished: some step is left that no person has to take (the resumer's work list). */
export function isUnfinished(state: WithdrawalState): boolean {
  return nextStep(state).kind !== 'none';
}
