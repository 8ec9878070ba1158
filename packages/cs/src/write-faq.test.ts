// Proves an FAQ entry is written and rewritten in one locale, unchanged content changes nothing,
// and an unknown type, an unknown locale, a blank question or answer or a bad order is refused.
import { deciderSpecification } from '@ledger/decider/testing';
import { describe, it } from 'vitest';
import type { WriteFaq } from './cs-commands.ts';
import { faqDecider } from './cs-deciders.ts';
import type { CsLocale } from './cs-events.ts';
import { faqWritten, now } from './testing-fixtures.ts';

const { given } = deciderSpecification(faqDecider);
const write = (overrides: Partial<WriteFaq> = {}): WriteFaq => ({
  type: 'WriteFaq',
  faqId: 'f1',
  faqTypeId: 'general',
  faqTypeKnown: true,
  locale: 'en-US',
  question: 'How do I log in?',
  answer: 'With your mail address.',
  listOrder: 1,
  now,
  ...overrides,
});

describe('WriteFaq', () => {
  it('writes a new entry and rewrites it; the same content changes nothing', () => {
    given([]).when(write()).then([faqWritten()]);
    given([faqWritten()])
      .when(write({ question: 'How do I sign in?' }))
      .then([faqWritten('How do I sign in?')]);
    given([faqWritten()]).when(write()).then([]);
  });

  it('refuses an unknown type or locale and blank or bad fields', () => {
    given([])
      .when(write({ faqTypeKnown: false }))
      .thenRejects('CsFaqTypeNotFound', { faqTypeId: 'general' });
    given([])
      .when(write({ locale: 'fr-FR' as CsLocale }))
      .thenRejects('CsEntryInvalid', { field: 'locale' });
    given([])
      .when(write({ question: ' ' }))
      .thenRejects('CsEntryInvalid', { field: 'question' });
    given([])
      .when(write({ answer: '' }))
      .thenRejects('CsEntryInvalid', { field: 'answer' });
    given([])
      .when(write({ listOrder: -2 }))
      .thenRejects('CsEntryInvalid', { field: 'listOrder' });
  });
});
