import type { LedgerCommandInput } from '@ledger/ledger';

/**
 * The ledger commands the C2C processes issue, as plain JSON shaped as the ledger writer's command
 * inputs (it stamps `now`). MoveHeld moves part of an open hold into another hold on the same
 * account in one decision (a new hold, or back into an open one), so no instant exists where the
 * amount is free; beside it PlaceHold, CaptureHolds and ReleaseHold.
 */
export type C2cLeg = { debit: string; credit: string; asset: string; amount: string };

export type C2cLedgerCommand =
  | { type: 'PlaceHold'; data: { holdId: string; account: string; amount: string; reason: string } }
  | {
      type: 'MoveHeld';
      data: { fromHoldId: string; toHoldId: string; amount: string; reason: string };
    }
  | {
      type: 'CaptureHolds';
      data: { transferId: string; cause: string; captures: { holdId: string; legs: C2cLeg[] }[] };
    }
  | { type: 'ReleaseHold'; data: { holdId: string } };

export const escrowReason = 'c2cEscrow';

/** A C2C step's command as the ledger client submits it (the types agree: this only widens). */
export const ledgerCommandInputOf = (command: C2cLedgerCommand): LedgerCommandInput => command;
