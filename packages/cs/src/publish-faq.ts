import { accepted, type Decision, rejected } from '@ledger/decider';
import type { PublishFaq } from './cs-commands.ts';
import type { FaqEvent } from './cs-events.ts';
import type { FaqRejection } from './cs-rejections.ts';
import type { FaqState } from './cs-state.ts';

/** Publishes an FAQ entry (members and guests see it) or takes it back; no change, no event. */
export function publishFaq(command: PublishFaq, state: FaqState): Decision<FaqEvent, FaqRejection> {
  if (state.status === 'none') return rejected({ type: 'CsFaqNotFound' });
  if (state.published === command.published) return accepted([]);
  const faqId = state.content.faqId;
  return accepted([
    command.published
      ? { type: 'CsFaqPublished', data: { faqId, publishedAt: command.now } }
      : { type: 'CsFaqUnpublished', data: { faqId, unpublishedAt: command.now } },
  ]);
}
