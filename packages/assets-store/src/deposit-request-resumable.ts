import { randomUUID } from 'node:crypto';
import { depositRequestStream } from '@ledger/assets';
import type { ResumableProcess } from '@ledger/process-kit';
import type { Kysely } from 'kysely';
import {
  type DepositStepDependencies,
  depositsActor,
  LedgerNotAnsweredError,
} from './deposit-ledger-step.ts';
import { finishDepositRequestCredit } from './deposit-processes.ts';
import { depositRequestIdsIn } from './deposit-queries.ts';

/**
 * The deposit-request process type for the resumer: approved requests whose credit a crash or a
 * ledger outage interrupted (the approve request runs the process itself, so appends are no nudge).
 */
export function depositRequestResumable(
  // biome-ignore lint/suspicious/noExplicitAny: the read models are typed by their queries.
  dependencies: DepositStepDependencies & { db: Kysely<any> },
): ResumableProcess {
  return {
    name: 'deposit-request',
    streamPrefix: depositRequestStream(''),
    actor: depositsActor,
    nudgedByAppends: false,
    pending: (limit) => depositRequestIdsIn(dependencies.db, 'approved', { limit }),
    run: (requestId) =>
      finishDepositRequestCredit(dependencies, requestId, {
        requestId: `deposit-resumer:${randomUUID()}`,
      }),
    waits: (error) => error instanceof LedgerNotAnsweredError,
  };
}
