// Proves an FAQ type is defined and changed, the same terms change nothing, and a blank title or a
// bad list order is refused with the field named.
import { deciderSpecification } from '@ledger/decider/testing';
import { describe, it } from 'vitest';
import { faqTypeDecider } from './cs-deciders.ts';
import type { FaqTypeEvent } from './cs-events.ts';
import { later, now } from './testing-fixtures.ts';

const { given } = deciderSpecification(faqTypeDecider);
const terms = { faqTypeId: 'general', title: 'General', listOrder: 1 };
const defined = (value = terms, at = now): FaqTypeEvent => ({
  type: 'CsFaqTypeDefined',
  data: { ...value, definedAt: at },
});

describe('DefineFaqType', () => {
  it('defines and changes a type; the same terms change nothing', () => {
    given([]).when({ type: 'DefineFaqType', terms, now }).then([defined()]);
    const renamed = { ...terms, title: 'Getting started' };
    given([defined()])
      .when({ type: 'DefineFaqType', terms: renamed, now: later })
      .then([defined(renamed, later)]);
    given([defined()]).when({ type: 'DefineFaqType', terms, now: later }).then([]);
  });

  it('refuses a blank title or a bad list order', () => {
    given([])
      .when({ type: 'DefineFaqType', terms: { ...terms, title: '' }, now })
      .thenRejects('CsEntryInvalid', { field: 'title' });
    given([])
      .when({ type: 'DefineFaqType', terms: { ...terms, listOrder: 10_000 }, now })
      .thenRejects('CsEntryInvalid', { field: 'listOrder' });
  });
});
