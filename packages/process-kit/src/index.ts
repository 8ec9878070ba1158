/** @ledger/process-kit: the one command handler (and its multi-stream rule) every service uses. */

export { derivedEventId, stepCommandId } from './derived-ids.ts';
export {
  CommandConflictError,
  type CommandMetadata,
  type CommandOutcome,
  handleCommand,
} from './handle-command.ts';
export { commandLimits } from './limits.ts';
export { readStreamState, type StreamFold } from './read-stream.ts';
export { assertStorable, UnstorableEventError } from './storable.ts';
