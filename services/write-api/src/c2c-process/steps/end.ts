import type { ApplicationCommand } from '@ledger/c2c';
import { type StepRecord, stepCommandId } from '@ledger/process-kit';
import type { C2cStepDependencies } from './step-dependencies.ts';

/** Nothing is held and the deal is freed: the application ends (final). */
export function end(dependencies: C2cStepDependencies) {
  return async (
    _step: { kind: 'end' },
    { processId }: { processId: string },
  ): Promise<StepRecord<ApplicationCommand>> => ({
    commandId: stepCommandId(processId, 'ended'),
    command: { type: 'RecordEnded', now: dependencies.now() },
  });
}
