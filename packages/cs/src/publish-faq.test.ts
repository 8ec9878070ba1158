// Proves an FAQ entry is published and taken back, a repeat changes nothing, a rewrite keeps it
// published, and an unknown entry is refused.

import { stateFrom } from '@ledger/decider';
import { deciderSpecification } from '@ledger/decider/testing';
import { describe, expect, it } from 'vitest';
import { faqDecider } from './cs-deciders.ts';
import type { FaqEvent } from './cs-events.ts';
import { faqWritten, later } from './testing-fixtures.ts';

const { given } = deciderSpecification(faqDecider);
const published: FaqEvent = { type: 'CsFaqPublished', data: { faqId: 'f1', publishedAt: later } };
const unpublished: FaqEvent = {
  type: 'CsFaqUnpublished',
  data: { faqId: 'f1', unpublishedAt: later },
};
const publish = (value: boolean) => ({ type: 'PublishFaq', published: value, now: later }) as const;

describe('PublishFaq', () => {
  it('publishes and takes back once each', () => {
    given([faqWritten()]).when(publish(true)).then([published]);
    given([faqWritten(), published]).when(publish(true)).then([]);
    given([faqWritten(), published]).when(publish(false)).then([unpublished]);
    given([faqWritten()]).when(publish(false)).then([]);
  });

  it('keeps a rewritten entry published and refuses an unknown one', () => {
    const state = stateFrom(faqDecider, [faqWritten(), published, faqWritten('Again?')]);
    expect(state).toMatchObject({ status: 'written', published: true });
    given([]).when(publish(true)).thenRejects('CsFaqNotFound');
  });
});
