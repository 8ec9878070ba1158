import type { HoldId, LedgerState } from '@ledger/ledger';
import { minorUnitsOf } from '../minor-units.ts';
import type { AssetHoldings } from './reconciliation-check.ts';

/**
 * Holdings read from the exchange's wallet on a chain, not from the ledger (reliability test T25
 * (2); docs/adr/0020, addenda of the ninth and tenth passes), pure: given the replay at a log
 * position p and, read after it, what the wallet has received and sent, it returns what the
 * liabilities at p may be compared with:
 *
 *   holdings = received − Σ sends + Σ sends in transit
 *
 * A send is in transit when it is a withdrawal's transfer (`withdrawal:<id>:transfer:<n>`, the
 * broadcast's idempotency key) whose amount hold (`withdrawal:<id>:amount`) the replay at p has
 * not resolved: still open, or placed after p (placed, approved and sent after p, while the
 * replay still counts the member's whole balance). The chain has paid it; the ledger still owes
 * it. A resolved hold is settled: captured, the member's balance no longer counts it; released
 * after the chain paid, the exchange has paid twice, and the wallet's shortfall shows.
 *
 * "Placed after p" needs evidence, or any send under a withdrawal-shaped transfer id would hide
 * in transit for ever (a send the signer made with no withdrawal behind it). A withdrawal's hold
 * is placed before its transfer is created, and both are recorded on the withdrawal's own stream
 * before the broadcast; so for each send whose hold the replay has never seen
 * (`transfersToConfirm`), the caller reads that stream after the wallet, and passes the transfers
 * it finds there with their hold placed (`recordedTransfers`). A send it does not find is counted
 * as paid: a shortfall if nothing backs it.
 *
 * Read in this order (replay, then the wallet), the check never raises a false alarm: a deposit
 * confirmed after p only makes the wallet larger, and a withdrawal's send after p is in transit.
 * What it catches that chain clearing cannot: a credit for a deposit that never arrived or was
 * reorganised away (Kraken, Bitcoin Gold), a withdrawal paid twice after its capture (Mt. Gox), a
 * send the ledger knows nothing of, also under a withdrawal's transfer id. What it does not:
 * anything moved outside the wallet's own sends (a transfer keyed in by hand; docs/adr/0020).
 */

/** What a chain's wallet reported for one asset (decimal strings at the asset's scale). */
export type WalletReading = {
  asset: string;
  decimalPoint: number;
  received: string;
  sends: readonly { transferId: string; amount: string }[];
  /**
   * Of `transfersToConfirm`'s transfers, those the withdrawals' own streams, read after the
   * wallet, record with their hold placed.
   */
  recordedTransfers: ReadonlySet<string>;
};

export type WalletHoldings = AssetHoldings & {
  /** The wallet's own balance: received − Σ sends. */
  wallet: bigint;
  /** Σ sends in transit (see above), added to the wallet's balance. */
  inTransit: bigint;
};

const withdrawalTransfer = /^withdrawal:(.+):transfer:[^:]+$/;

/** The withdrawal a send's transfer id belongs to, and that withdrawal's amount hold. */
function withdrawalOf(transferId: string): { withdrawalId: string; holdId: HoldId } | undefined {
  const withdrawalId = withdrawalTransfer.exec(transferId)?.[1];
  return withdrawalId === undefined
    ? undefined
    : { withdrawalId, holdId: `withdrawal:${withdrawalId}:amount` as HoldId };
}

/**
 * The sends whose hold the replay at p has never seen (neither open nor resolved): in transit only
 * if the withdrawal's own stream records them (see above), each with the withdrawal to read.
 */
export function transfersToConfirm(
  state: LedgerState,
  sends: WalletReading['sends'],
): { withdrawalId: string; transferId: string }[] {
  const wanted: { withdrawalId: string; transferId: string }[] = [];
  for (const send of sends) {
    const withdrawal = withdrawalOf(send.transferId);
    if (withdrawal === undefined) continue;
    if (state.holdsOpen.has(withdrawal.holdId) || state.holdsResolved.has(withdrawal.holdId))
      continue;
    wanted.push({ withdrawalId: withdrawal.withdrawalId, transferId: send.transferId });
  }
  return wanted;
}

export function holdingsFromWallet(state: LedgerState, reading: WalletReading): WalletHoldings {
  const units = (amount: string) => minorUnitsOf(amount, reading.decimalPoint);
  let sent = 0n;
  let inTransit = 0n;
  for (const send of reading.sends) {
    const amount = units(send.amount);
    sent += amount;
    const withdrawal = withdrawalOf(send.transferId);
    if (withdrawal === undefined) continue;
    const isInTransit = state.holdsOpen.has(withdrawal.holdId)
      ? true
      : state.holdsResolved.has(withdrawal.holdId)
        ? false
        : reading.recordedTransfers.has(send.transferId);
    if (isInTransit) inTransit += amount;
  }
  const wallet = units(reading.received) - sent;
  return {
    asset: reading.asset,
    decimalPoint: reading.decimalPoint,
    holdings: wallet + inTransit,
    wallet,
    inTransit,
  };
}
