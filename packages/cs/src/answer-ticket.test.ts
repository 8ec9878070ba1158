// Proves an administrator answers an open ticket, may answer an answered one again, and cannot
// answer one that is unknown, completed or closed.
import { deciderSpecification } from '@ledger/decider/testing';
import { describe, it } from 'vitest';
import { ticketDecider } from './cs-deciders.ts';
import { answered, closed, completed, filed, later } from './testing-fixtures.ts';

const { given } = deciderSpecification(ticketDecider);
const answer = { type: 'AnswerTicket', adminSeq: 1, now: later } as const;

describe('AnswerTicket', () => {
  it('answers an open ticket and an answered one again', () => {
    given([filed()]).when(answer).then([answered()]);
    given([filed(), answered()]).when(answer).then([answered()]);
  });

  it('refuses an unknown or finished ticket', () => {
    given([]).when(answer).thenRejects('CsTicketNotFound');
    given([filed(), answered(), completed()])
      .when(answer)
      .thenRejects('CsTicketFinished', { state: 'completed' });
    given([filed(), closed()]).when(answer).thenRejects('CsTicketFinished', { state: 'closed' });
  });
});
