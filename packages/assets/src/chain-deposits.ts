import { accepted, type Decision, rejected } from '@ledger/decider';

/**
 * A chain deposit as a process (DESIGN.md §3; reliability.md T21): one stream per chain output,
 * `chain-deposit-<chain>:<txid>:<output>`. The scanner detects an output paid to a deposit address
 * (pending: visible, not in the ledger, so not spendable); once its block has the asset's
 * confirmations it is credited by ONE ledger transfer from the asset's chain-clearing account,
 * whose command id is the triple itself, so a crash or a second scanner can never credit twice.
 * A reorg that drops the block before that orphans it (never credited; re-detected if the
 * transaction reappears in another block). A reorg that drops a credited deposit is recorded and
 * the asset frozen (that is the scanner's alert). A deposit that cannot be attributed (no memo,
 * an unknown memo, below the minimum) is credited to the asset's suspense account instead, never
 * lost, until an administrator attributes it to a member account or returns it.
 */

export const suspenseReasons = [
  'memo_missing',
  'memo_unknown',
  'below_minimum',
  'deposits_not_allowed',
] as const;
export type SuspenseReason = (typeof suspenseReasons)[number];

export type DepositDestination =
  | { kind: 'account'; account: string; accountSeq: number; memberSeq: number }
  | { kind: 'suspense'; reason: SuspenseReason };

/**
 * pending → crediting (the scanner decided to credit: the block had the confirmations) → credited
 * (the ledger took it); pending → orphaned (a reorg dropped the block first; it may come back).
 */
export type ChainDepositStatus = 'pending' | 'orphaned' | 'crediting' | 'credited';

export type ChainDepositDetected = {
  type: 'ChainDepositDetected';
  data: {
    depositId: string;
    chain: string;
    asset: string;
    txid: string;
    output: number;
    address: string;
    memo: string | null;
    /** The amount the chain actually delivered to the address (never a declared amount). */
    amount: string;
    blockHeight: number;
    blockHash: string;
    destination: DepositDestination;
    detectedAt: string;
  };
};
export type ChainDepositOrphaned = {
  type: 'ChainDepositOrphaned';
  data: { depositId: string; blockHash: string; orphanedAt: string };
};
/**
 * The decision to credit, recorded before the ledger command: a crash after it is finished on
 * restart with the same command id; a reorg after it is a reorg at depth ≥ the threshold.
 */
export type ChainDepositCreditStarted = {
  type: 'ChainDepositCreditStarted';
  data: { depositId: string; confirmations: number; startedAt: string };
};
export type ChainDepositCredited = {
  type: 'ChainDepositCredited';
  data: {
    depositId: string;
    transferId: string;
    ledgerCommandId: string;
    /** The account credited: the member's, or the asset's suspense account. */
    account: string;
    confirmations: number;
    creditedAt: string;
  };
};
/** A reorg removed the block of a credited deposit: the alert that froze the asset. */
export type ChainDepositReorgedAfterCredit = {
  type: 'ChainDepositReorgedAfterCredit';
  data: { depositId: string; blockHash: string; reorgDepth: number; detectedAt: string };
};
export type ChainDepositAttributed = {
  type: 'ChainDepositAttributed';
  data: {
    depositId: string;
    account: string;
    accountSeq: number;
    memberSeq: number;
    transferId: string;
    ledgerCommandId: string;
    attributedAt: string;
  };
};
export type ChainDepositReturned = {
  type: 'ChainDepositReturned';
  data: {
    depositId: string;
    transferId: string;
    ledgerCommandId: string;
    reason: string;
    returnedAt: string;
  };
};

export type ChainDepositEvent =
  | ChainDepositDetected
  | ChainDepositOrphaned
  | ChainDepositCreditStarted
  | ChainDepositCredited
  | ChainDepositReorgedAfterCredit
  | ChainDepositAttributed
  | ChainDepositReturned;

export type ChainDepositState =
  | { status: 'none' }
  | {
      status: ChainDepositStatus;
      detection: ChainDepositDetected['data'];
      credit: ChainDepositCredited['data'] | null;
      reorgedAfterCredit: boolean;
      suspense: 'open' | 'attributed' | 'returned' | null;
    };

export type ChainDepositRejection =
  | { type: 'DepositNotFound' }
  | { type: 'DepositNotInSuspense' }
  | { type: 'SuspenseAlreadyResolved'; resolution: 'attributed' | 'returned' };

export type ChainDepositCommand =
  | { type: 'DetectChainDeposit'; detection: ChainDepositDetected['data'] }
  | { type: 'OrphanChainDeposit'; depositId: string; blockHash: string; now: string }
  | { type: 'StartChainDepositCredit'; depositId: string; confirmations: number; now: string }
  | {
      type: 'RecordChainDepositCredit';
      depositId: string;
      transferId: string;
      ledgerCommandId: string;
      confirmations: number;
      now: string;
    }
  | {
      type: 'RecordReorgAfterCredit';
      depositId: string;
      blockHash: string;
      reorgDepth: number;
      now: string;
    }
  | {
      type: 'RecordSuspenseAttribution';
      depositId: string;
      target: { account: string; accountSeq: number; memberSeq: number };
      transferId: string;
      ledgerCommandId: string;
      now: string;
    }
  | {
      type: 'RecordSuspenseReturn';
      depositId: string;
      reason: string;
      transferId: string;
      ledgerCommandId: string;
      now: string;
    };

/** The deposit's id is the (chain, txid, output) triple; it is also its ledger command id. */
export function chainDepositId(chain: string, txid: string, output: number): string {
  return `${chain}:${txid}:${output}`;
}

export function chainDepositStream(depositId: string): string {
  return `chain-deposit-${depositId}`;
}

/** The ledger command (and transfer) id of each money step of a deposit. */
export const chainDepositCommandIds = {
  credit: (depositId: string) => `deposit:${depositId}`,
  attribute: (depositId: string) => `deposit-attribute:${depositId}`,
  return: (depositId: string) => `deposit-return:${depositId}`,
};

/** A txid as chains write them (hex, base58, with or without 0x): at most 66 characters. */
export const txidPattern = /^[0-9A-Za-z]{1,66}$/;

export const initialChainDepositState = (): ChainDepositState => ({ status: 'none' });

export function evolveChainDeposit(
  state: ChainDepositState,
  event: ChainDepositEvent,
): ChainDepositState {
  if (event.type === 'ChainDepositDetected') {
    return {
      status: 'pending',
      detection: event.data,
      credit: null,
      reorgedAfterCredit: false,
      suspense: null,
    };
  }
  if (state.status === 'none') throw new Error(`${event.type} before ChainDepositDetected`);
  switch (event.type) {
    case 'ChainDepositOrphaned':
      return { ...state, status: 'orphaned' };
    case 'ChainDepositCreditStarted':
      return { ...state, status: 'crediting' };
    case 'ChainDepositCredited':
      return {
        ...state,
        status: 'credited',
        credit: event.data,
        suspense: state.detection.destination.kind === 'suspense' ? 'open' : null,
      };
    case 'ChainDepositReorgedAfterCredit':
      return { ...state, reorgedAfterCredit: true };
    case 'ChainDepositAttributed':
      return { ...state, suspense: 'attributed' };
    case 'ChainDepositReturned':
      return { ...state, suspense: 'returned' };
  }
}

const none = accepted<ChainDepositEvent>([]);

export function decideChainDeposit(
  command: ChainDepositCommand,
  state: ChainDepositState,
): Decision<ChainDepositEvent, ChainDepositRejection> {
  switch (command.type) {
    case 'DetectChainDeposit':
      // New, or back in another block after a reorg orphaned it; seen already: nothing to do.
      if (
        state.status === 'none' ||
        state.status === 'orphaned' ||
        (state.status === 'pending' && state.detection.blockHash !== command.detection.blockHash)
      ) {
        return accepted([{ type: 'ChainDepositDetected', data: command.detection }]);
      }
      return none;
    case 'OrphanChainDeposit':
      if (state.status !== 'pending' || state.detection.blockHash !== command.blockHash) {
        return none;
      }
      return accepted([
        {
          type: 'ChainDepositOrphaned',
          data: {
            depositId: command.depositId,
            blockHash: command.blockHash,
            orphanedAt: command.now,
          },
        },
      ]);
    case 'StartChainDepositCredit':
      if (state.status === 'none') return rejected({ type: 'DepositNotFound' });
      if (state.status !== 'pending') return none;
      return accepted([
        {
          type: 'ChainDepositCreditStarted',
          data: {
            depositId: command.depositId,
            confirmations: command.confirmations,
            startedAt: command.now,
          },
        },
      ]);
    case 'RecordChainDepositCredit':
      if (state.status === 'none') return rejected({ type: 'DepositNotFound' });
      if (state.status === 'credited') return none;
      if (state.status !== 'crediting') {
        throw new Error(`a ledger credit recorded for a deposit that is ${state.status}`);
      }
      return accepted([
        {
          type: 'ChainDepositCredited',
          data: {
            depositId: command.depositId,
            transferId: command.transferId,
            ledgerCommandId: command.ledgerCommandId,
            account:
              state.detection.destination.kind === 'account'
                ? state.detection.destination.account
                : `system:suspense:${state.detection.asset}`,
            confirmations: command.confirmations,
            creditedAt: command.now,
          },
        },
      ]);
    case 'RecordReorgAfterCredit':
      if (
        (state.status !== 'credited' && state.status !== 'crediting') ||
        state.reorgedAfterCredit
      ) {
        return none;
      }
      return accepted([
        {
          type: 'ChainDepositReorgedAfterCredit',
          data: {
            depositId: command.depositId,
            blockHash: command.blockHash,
            reorgDepth: command.reorgDepth,
            detectedAt: command.now,
          },
        },
      ]);
    case 'RecordSuspenseAttribution':
    case 'RecordSuspenseReturn': {
      if (state.status === 'none') return rejected({ type: 'DepositNotFound' });
      if (state.suspense === null) return rejected({ type: 'DepositNotInSuspense' });
      const wanted = command.type === 'RecordSuspenseAttribution' ? 'attributed' : 'returned';
      if (state.suspense === wanted) return none;
      if (state.suspense !== 'open') {
        return rejected({ type: 'SuspenseAlreadyResolved', resolution: state.suspense });
      }
      return accepted([
        command.type === 'RecordSuspenseAttribution'
          ? {
              type: 'ChainDepositAttributed',
              data: {
                depositId: command.depositId,
                ...command.target,
                transferId: command.transferId,
                ledgerCommandId: command.ledgerCommandId,
                attributedAt: command.now,
              },
            }
          : {
              type: 'ChainDepositReturned',
              data: {
                depositId: command.depositId,
                transferId: command.transferId,
                ledgerCommandId: command.ledgerCommandId,
                reason: command.reason,
                returnedAt: command.now,
              },
            },
      ]);
    }
  }
}

/** Where a deposit to `address` with `memo` goes (the scanner's attribution rule, pure). */
export function depositDestination(input: {
  /** The account the address (and memo, for a memo asset) belongs to, when one does. */
  owner: { account: string; accountSeq: number; memberSeq: number } | undefined;
  memoRequired: boolean;
  memo: string | null;
  amountMinor: bigint;
  minimumMinor: bigint;
  allowDeposit: boolean;
}): DepositDestination {
  if (input.memoRequired && (input.memo === null || input.memo === '')) {
    return { kind: 'suspense', reason: 'memo_missing' };
  }
  if (input.owner === undefined) return { kind: 'suspense', reason: 'memo_unknown' };
  if (!input.allowDeposit) return { kind: 'suspense', reason: 'deposits_not_allowed' };
  if (input.amountMinor < input.minimumMinor) return { kind: 'suspense', reason: 'below_minimum' };
  return { kind: 'account', ...input.owner };
}
