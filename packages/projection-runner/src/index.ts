export { type CheckpointAwaiter, createCheckpointAwaiter, waitForPosition } from './awaiter.ts';
export {
  advanceCheckpoint,
  type CheckpointRow,
  projectionTables,
  readCheckpoint,
} from './checkpoint-store.ts';
export {
  ApplyError,
  CheckpointConflictError,
  CheckpointRegressionError,
  ProjectionNotRegisteredError,
} from './errors.ts';
export { openFailure, type ProjectionFailure, recordFailure, resolveFailure } from './failures.ts';
export { measureLag, type ProjectionLag } from './lag.ts';
export {
  clientLockSessions,
  LeaderLocks,
  type LeaderLocksOptions,
  type Leadership,
  type LockSession,
  type LockSessionFactory,
  pooledLockSessions,
} from './leader-locks.ts';
export { type BatchOutcome, type ProjectBatchInput, projectBatch } from './project-batch.ts';
export {
  keyOf,
  type Projection,
  type ProjectionContext,
  type ProjectionKey,
  projectionContext,
  versionedTable,
} from './projection.ts';
export {
  createProjectionRunner,
  type ProjectionRunner,
  type ProjectionRunnerOptions,
  type RunnerState,
  type RunnerStatus,
} from './projection-runner.ts';
export {
  dropRetiredVersion,
  type RegistrationStatus,
  registerProjection,
  swapIfCaughtUp,
} from './registry.ts';
export {
  createRunnerGroup,
  type HeadPage,
  type RunnerGroup,
  type RunnerGroupStats,
} from './runner-group.ts';
export type { ProjectionTables } from './tables.ts';
export { isTransientError } from './transient-errors.ts';
export {
  createDoorbell,
  type Doorbell,
  eventStoreWakeUps,
  manualWakeUps,
  nextWakeUp,
  postgresNotifyWakeUps,
  type WakeUps,
} from './wake-ups.ts';
