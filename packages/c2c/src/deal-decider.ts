import { accepted, type Decider, type Decision, rejected } from '@ledger/decider';
import { closeDeal } from './close-deal.ts';
import type {
  DealCommand,
  MoveDealAmount,
  RecordDealEscrow,
  RecordDealEscrowReleased,
} from './deal-commands.ts';
import type { DealEvent } from './deal-events.ts';
import type { DealRejection } from './deal-rejections.ts';
import {
  type DealState,
  evolveDeal,
  initialDealState,
  type ReservationStage,
} from './deal-state.ts';
import { publishDeal } from './publish-deal.ts';
import { reserveDealAmount } from './reserve-deal-amount.ts';

export type DealDecision = Decision<DealEvent, DealRejection>;

/** The escrow's outcome, once; a refused escrow closes the deal (it never takes applications). */
function recordEscrow(command: RecordDealEscrow, state: DealState): DealDecision {
  if (state.status === 'none') return rejected({ type: 'DealNotFound' });
  if (state.escrow !== 'pending') return accepted([]);
  const { dealId } = state.terms;
  const { ledgerCommandId, now } = command;
  if (command.outcome.kind === 'placed')
    return accepted([
      {
        type: 'DealEscrowPlaced',
        data: { dealId, holdId: state.terms.escrow?.holdId ?? '', ledgerCommandId, placedAt: now },
      },
    ]);
  return accepted([
    {
      type: 'DealEscrowRefused',
      data: { dealId, ledgerCommandId, rejection: command.outcome.rejection, refusedAt: now },
    },
    {
      type: 'DealClosed',
      data: { dealId, closedBy: 'escrowRefused', actorSeq: null, closedAt: now },
    },
  ]);
}

const moves = {
  HoldDealAmount: { from: ['potential'], to: 'holding', event: 'DealAmountHeld', at: 'heldAt' },
  ConfirmDealAmount: {
    from: ['potential', 'holding'],
    to: 'confirmed',
    event: 'DealAmountConfirmed',
    at: 'confirmedAt',
  },
  FreeDealAmount: {
    from: ['potential', 'holding'],
    to: 'freed',
    event: 'DealAmountFreed',
    at: 'freedAt',
  },
} as const;

/** Moves an application's part between the deal's amounts; a repeated move changes nothing. */
function moveAmount(command: MoveDealAmount, state: DealState): DealDecision {
  if (state.status === 'none') return rejected({ type: 'DealNotFound' });
  const { applicationId } = command;
  const reservation = state.reservations[applicationId];
  if (reservation === undefined) return rejected({ type: 'ReservationNotFound', applicationId });
  const move = moves[command.type];
  if (reservation.stage === move.to) return accepted([]);
  if (!(move.from as readonly ReservationStage[]).includes(reservation.stage))
    return rejected({ type: 'ReservationFinished', applicationId, stage: reservation.stage });
  const data = { dealId: state.terms.dealId, applicationId, [move.at]: command.now };
  return accepted([{ type: move.event, data } as DealEvent]);
}

function recordEscrowReleased(command: RecordDealEscrowReleased, state: DealState): DealDecision {
  if (state.status === 'none') return rejected({ type: 'DealNotFound' });
  if (state.escrow !== 'placed' || state.status !== 'closed') return accepted([]);
  const { dealId, escrow } = state.terms;
  return accepted([
    {
      type: 'DealEscrowReleased',
      data: {
        dealId,
        holdId: escrow?.holdId ?? '',
        ledgerCommandId: command.ledgerCommandId,
        releasedAt: command.now,
      },
    },
  ]);
}

/** Decides one deal command; pure. */
export function decideDeal(command: DealCommand, state: DealState): DealDecision {
  switch (command.type) {
    case 'PublishDeal':
      return publishDeal(command, state);
    case 'RecordDealEscrow':
      return recordEscrow(command, state);
    case 'ReserveDealAmount':
      return reserveDealAmount(command, state);
    case 'HoldDealAmount':
    case 'ConfirmDealAmount':
    case 'FreeDealAmount':
      return moveAmount(command, state);
    case 'CloseDeal':
      return closeDeal(command, state);
    case 'RecordDealEscrowReleased':
      return recordEscrowReleased(command, state);
  }
}

export const dealDecider: Decider<DealCommand, DealEvent, DealState, DealRejection> = {
  initialState: initialDealState,
  evolve: evolveDeal,
  decide: decideDeal,
};
