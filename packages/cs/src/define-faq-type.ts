import { accepted, type Decision, rejected } from '@ledger/decider';
import { sameTerms, titleAndOrderProblem } from './catalogue-checks.ts';
import type { DefineFaqType } from './cs-commands.ts';
import type { FaqTypeEvent } from './cs-events.ts';
import type { FaqTypeRejection } from './cs-rejections.ts';
import type { FaqTypeState } from './cs-state.ts';

/** Defines an FAQ type (its title and list order) or changes it; the same terms change nothing. */
export function defineFaqType(
  command: DefineFaqType,
  state: FaqTypeState,
): Decision<FaqTypeEvent, FaqTypeRejection> {
  const problem = titleAndOrderProblem(command.terms);
  if (problem !== undefined) return rejected(problem);
  if (state.status === 'defined' && sameTerms(state.terms, command.terms)) return accepted([]);
  return accepted([
    { type: 'CsFaqTypeDefined', data: { ...command.terms, definedAt: command.now } },
  ]);
}
