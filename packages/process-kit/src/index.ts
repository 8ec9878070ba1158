/**
 * @ledger/process-kit: the one command handler (and its multi-stream rule), the one process
 * runner (a process decider, its next-step function and a table of steps) and the one resumer
 * worker every process type runs on.
 */

export { derivedEventId, stepCommandId } from './derived-ids.ts';
export {
  CommandConflictError,
  type CommandMetadata,
  type CommandOutcome,
  handleCommand,
} from './handle-command.ts';
export { commandLimits, processLimits } from './limits.ts';
export {
  type ProcessResumer,
  type ResumableProcess,
  type ResumerLogger,
  startProcessResumer,
} from './process-resumer.ts';
export {
  type ProcessDecider,
  type ProcessDefinition,
  type ProcessRun,
  runProcess,
  type StepContext,
  type StepRecord,
  type StepTable,
} from './process-runner.ts';
export { readStreamState, type StreamFold } from './read-stream.ts';
export { assertStorable, UnstorableEventError } from './storable.ts';
export { waitForProcess } from './wait-for-process.ts';
