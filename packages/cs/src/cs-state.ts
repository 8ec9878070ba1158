import { assert } from '@ledger/decider';
import type {
  FaqContent,
  FaqEvent,
  FaqTypeEvent,
  FaqTypeTerms,
  TicketEvent,
  TicketFiler,
  TicketTypeEvent,
  TicketTypeTerms,
} from './cs-events.ts';

/** The states folded from each stream, and their evolve functions. */

export type TicketTypeState = { status: 'none' } | { status: 'defined'; terms: TicketTypeTerms };

export const initialTicketTypeState = (): TicketTypeState => ({ status: 'none' });

export function evolveTicketType(_state: TicketTypeState, event: TicketTypeEvent): TicketTypeState {
  const { definedAt: _at, ...terms } = event.data;
  return { status: 'defined', terms };
}

/**
 * A ticket's life (SPEC §4): `open` when filed, `answered` once an administrator answers (again
 * while it is answered), then `completed` (answered and done) or `closed` (ended without it).
 */
export type TicketStatus = 'open' | 'answered' | 'completed' | 'closed';

export type TicketState =
  | { status: 'none' }
  | {
      status: TicketStatus;
      ticketId: string;
      typeId: string;
      filer: TicketFiler;
      filedAt: string;
      answeredAt: string | null;
      finishedAt: string | null;
    };

export const ticketStatuses: readonly TicketStatus[] = ['open', 'answered', 'completed', 'closed'];
export const finalTicketStatuses: ReadonlySet<TicketStatus> = new Set(['completed', 'closed']);

export const initialTicketState = (): TicketState => ({ status: 'none' });

export function evolveTicket(state: TicketState, event: TicketEvent): TicketState {
  if (event.type === 'CsTicketFiled') {
    const { ticketId, typeId, filer, filedAt } = event.data;
    return { status: 'open', ticketId, typeId, filer, filedAt, answeredAt: null, finishedAt: null };
  }
  assert(state.status !== 'none', 'a ticket event before its filing');
  switch (event.type) {
    case 'CsTicketAnswered':
      return { ...state, status: 'answered', answeredAt: event.data.answeredAt };
    case 'CsTicketCompleted':
      return { ...state, status: 'completed', finishedAt: event.data.completedAt };
    case 'CsTicketClosed':
      return { ...state, status: 'closed', finishedAt: event.data.closedAt };
  }
}

export type FaqTypeState = { status: 'none' } | { status: 'defined'; terms: FaqTypeTerms };

export const initialFaqTypeState = (): FaqTypeState => ({ status: 'none' });

export function evolveFaqType(_state: FaqTypeState, event: FaqTypeEvent): FaqTypeState {
  const { definedAt: _at, ...terms } = event.data;
  return { status: 'defined', terms };
}

export type FaqState =
  | { status: 'none' }
  | { status: 'written'; content: FaqContent; published: boolean };

export const initialFaqState = (): FaqState => ({ status: 'none' });

export function evolveFaq(state: FaqState, event: FaqEvent): FaqState {
  if (event.type === 'CsFaqWritten') {
    const { writtenAt: _at, ...content } = event.data;
    return { status: 'written', content, published: state.status === 'written' && state.published };
  }
  assert(state.status === 'written', 'an FAQ event before it was written');
  return { ...state, published: event.type === 'CsFaqPublished' };
}
