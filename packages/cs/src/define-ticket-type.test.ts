// Proves a ticket type is defined and changed with its six terms, a repeated definition changes
// nothing, and a blank title or a bad list order is refused with the field named.
import { deciderSpecification } from '@ledger/decider/testing';
import { describe, it } from 'vitest';
import { ticketTypeDecider } from './cs-deciders.ts';
import type { TicketTypeEvent } from './cs-events.ts';
import { accountTerms, later, now } from './testing-fixtures.ts';

const { given } = deciderSpecification(ticketTypeDecider);
const defined = (terms = accountTerms, at = now): TicketTypeEvent => ({
  type: 'CsTicketTypeDefined',
  data: { ...terms, definedAt: at },
});

describe('DefineTicketType', () => {
  it('defines a new type and changes an existing one', () => {
    given([]).when({ type: 'DefineTicketType', terms: accountTerms, now }).then([defined()]);
    const changed = { ...accountTerms, allowGuest: true, listOrder: 3 };
    given([defined()])
      .when({ type: 'DefineTicketType', terms: changed, now: later })
      .then([defined(changed, later)]);
  });

  it('changes nothing for the same terms, in any key order', () => {
    const reordered = Object.fromEntries(
      Object.entries(accountTerms).reverse(),
    ) as typeof accountTerms;
    given([defined()]).when({ type: 'DefineTicketType', terms: reordered, now: later }).then([]);
  });

  it('refuses a blank title or a list order out of range', () => {
    given([])
      .when({ type: 'DefineTicketType', terms: { ...accountTerms, title: '  ' }, now })
      .thenRejects('CsEntryInvalid', { field: 'title' });
    given([])
      .when({ type: 'DefineTicketType', terms: { ...accountTerms, listOrder: -1 }, now })
      .thenRejects('CsEntryInvalid', { field: 'listOrder' });
    given([])
      .when({ type: 'DefineTicketType', terms: { ...accountTerms, listOrder: 1.5 }, now })
      .thenRejects('CsEntryInvalid', { field: 'listOrder' });
  });
});
