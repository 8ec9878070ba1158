import { type CommandInput, type PostTransfer, systemAccountId } from '@ledger/ledger';
import { type ChainDepositState, chainDepositCommandIds } from './chain-deposits.ts';
import { type DepositRequestState, depositRequestCommandId } from './deposit-requests.ts';

/**
 * The next thing a deposit needs done: ONE ledger PostTransfer whose command id derives from the
 * deposit (chain, txid, output) or the request id, so taking it again after a crash credits once.
 * A chain deposit whose credit was started is credited from the asset's chain clearing to the
 * member's account (or the suspense account); an approved deposit request, to its account.
 */

export type DepositCreditStep = {
  kind: 'credit';
  ledgerCommandId: string;
  command: CommandInput<PostTransfer>;
};

function creditOf(
  ledgerCommandId: string,
  asset: string,
  credit: string,
  amount: string,
): DepositCreditStep {
  return {
    kind: 'credit',
    ledgerCommandId,
    command: {
      type: 'PostTransfer',
      data: {
        transferId: ledgerCommandId,
        legs: [{ debit: systemAccountId('chainClearing', asset), credit, asset, amount }],
        cause: 'deposit',
      },
    },
  };
}

export function nextChainDepositStep(state: ChainDepositState): DepositCreditStep | undefined {
  if (state.status !== 'crediting') return undefined;
  const { detection } = state;
  const credit =
    detection.destination.kind === 'account'
      ? detection.destination.account
      : systemAccountId('suspense', detection.asset);
  return creditOf(
    chainDepositCommandIds.credit(detection.depositId),
    detection.asset,
    credit,
    detection.amount,
  );
}

export function nextDepositRequestStep(state: DepositRequestState): DepositCreditStep | undefined {
  if (state.status !== 'approved') return undefined;
  const { request } = state;
  return creditOf(
    depositRequestCommandId(request.requestId),
    request.asset,
    request.account,
    request.requestAmount,
  );
}
