import type { LedgerState } from '@ledger/ledger';
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
 * not resolved: still open, or not placed yet at p (placed, approved and sent after p, while the
 * replay still counts the member's whole balance). The chain has paid it; the ledger still owes
 * it. A resolved hold is settled: captured, the member's balance no longer counts it; released
 * after the chain paid, the exchange has paid twice, and the wallet's shortfall shows.
 *
 * Read in this order (replay, then the wallet), the check never raises a false alarm: a deposit
 * confirmed after p only makes the wallet larger, and a withdrawal's send after p is in transit.
 * What it catches that chain clearing cannot: a credit for a deposit that never arrived or was
 * reorganised away (Kraken, Bitcoin Gold), a withdrawal paid twice after its capture (Mt. Gox), a
 * send the ledger knows nothing of. What it does not: a send under a withdrawal's transfer id
 * whose withdrawal never comes (counted in transit for ever), and anything moved outside the
 * wallet's own sends (a transfer keyed in by hand; docs/adr/0020).
 */

/** What a chain's wallet reported for one asset (decimal strings at the asset's scale). */
export type WalletReading = {
  asset: string;
  decimalPoint: number;
  received: string;
  sends: readonly { transferId: string; amount: string }[];
};

export type WalletHoldings = AssetHoldings & {
  /** The wallet's own balance: received − Σ sends. */
  wallet: bigint;
  /** Σ sends in transit (see above), added to the wallet's balance. */
  inTransit: bigint;
};

const withdrawalTransfer = /^withdrawal:(.+):transfer:[^:]+$/;

export function holdingsFromWallet(state: LedgerState, reading: WalletReading): WalletHoldings {
  const units = (amount: string) => minorUnitsOf(amount, reading.decimalPoint);
  let sent = 0n;
  let inTransit = 0n;
  for (const send of reading.sends) {
    const amount = units(send.amount);
    sent += amount;
    const withdrawalId = withdrawalTransfer.exec(send.transferId)?.[1];
    if (withdrawalId === undefined) continue;
    const holdId = `withdrawal:${withdrawalId}:amount`;
    if (!state.holdsResolved.has(holdId)) inTransit += amount;
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
