// Proves only an answered ticket is completed, a repeat changes nothing, and an open, closed or
// unknown ticket is refused.
import { deciderSpecification } from '@ledger/decider/testing';
import { describe, it } from 'vitest';
import { ticketDecider } from './cs-deciders.ts';
import { answered, closed, completed, filed, later } from './testing-fixtures.ts';

const { given } = deciderSpecification(ticketDecider);
const complete = { type: 'CompleteTicket', adminSeq: 1, now: later } as const;

describe('CompleteTicket', () => {
  it('completes an answered ticket once', () => {
    given([filed(), answered()]).when(complete).then([completed()]);
    given([filed(), answered(), completed()]).when(complete).then([]);
  });

  it('refuses an open, closed or unknown ticket', () => {
    given([filed()]).when(complete).thenRejects('CsTicketNotAnswered');
    given([filed(), closed()]).when(complete).thenRejects('CsTicketFinished', { state: 'closed' });
    given([]).when(complete).thenRejects('CsTicketNotFound');
  });
});
