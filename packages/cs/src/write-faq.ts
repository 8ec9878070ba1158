import { accepted, type Decision, rejected } from '@ledger/decider';
import { isBlank, isListOrder, sameTerms } from './catalogue-checks.ts';
import type { WriteFaq } from './cs-commands.ts';
import { csLocales, type FaqContent, type FaqEvent } from './cs-events.ts';
import type { FaqRejection } from './cs-rejections.ts';
import type { FaqState } from './cs-state.ts';

function contentProblem(command: WriteFaq): FaqRejection | undefined {
  if (!command.faqTypeKnown) return { type: 'CsFaqTypeNotFound', faqTypeId: command.faqTypeId };
  if (!(csLocales as readonly string[]).includes(command.locale))
    return { type: 'CsEntryInvalid', field: 'locale' };
  if (isBlank(command.question)) return { type: 'CsEntryInvalid', field: 'question' };
  if (isBlank(command.answer)) return { type: 'CsEntryInvalid', field: 'answer' };
  if (!isListOrder(command.listOrder)) return { type: 'CsEntryInvalid', field: 'listOrder' };
  return undefined;
}

/**
 * Writes an FAQ entry in one locale (its type, question, answer and list order), or rewrites it.
 * A new entry is unpublished; a rewrite keeps whether it is published. The same content again
 * changes nothing.
 */
export function writeFaq(command: WriteFaq, state: FaqState): Decision<FaqEvent, FaqRejection> {
  const problem = contentProblem(command);
  if (problem !== undefined) return rejected(problem);
  const content: FaqContent = {
    faqId: command.faqId,
    faqTypeId: command.faqTypeId,
    locale: command.locale,
    question: command.question,
    answer: command.answer,
    listOrder: command.listOrder,
  };
  if (state.status === 'written' && sameTerms(state.content, content)) return accepted([]);
  return accepted([{ type: 'CsFaqWritten', data: { ...content, writtenAt: command.now } }]);
}
