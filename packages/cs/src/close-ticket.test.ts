// Proves an open or answered ticket is closed, a repeat changes nothing, and a completed or
// unknown ticket is refused.
import { deciderSpecification } from '@ledger/decider/testing';
import { describe, it } from 'vitest';
import { ticketDecider } from './cs-deciders.ts';
import { answered, closed, completed, filed, later } from './testing-fixtures.ts';

const { given } = deciderSpecification(ticketDecider);
const close = { type: 'CloseTicket', adminSeq: 1, now: later } as const;

describe('CloseTicket', () => {
  it('closes an open or answered ticket once', () => {
    given([filed()]).when(close).then([closed()]);
    given([filed(), answered()]).when(close).then([closed()]);
    given([filed(), closed()]).when(close).then([]);
  });

  it('refuses a completed or unknown ticket', () => {
    given([filed(), answered(), completed()])
      .when(close)
      .thenRejects('CsTicketFinished', { state: 'completed' });
    given([]).when(close).thenRejects('CsTicketNotFound');
  });
});
