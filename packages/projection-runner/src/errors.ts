/**
 * The checkpoint was not at the position this batch started from: another instance (or a zombie
 * leader) moved it. The batch's transaction must roll back; never swallow this (Emmett's core
 * processor does, guide §5.1).
 */
export class CheckpointConflictError extends Error {
  readonly projection: string;
  readonly version: number;
  readonly expected: string | undefined;
  constructor(projection: string, version: number, expected: string | undefined) {
    super(`checkpoint of ${projection}@${version} is no longer at ${expected ?? '(start)'}`);
    this.name = 'CheckpointConflictError';
    this.projection = projection;
    this.version = version;
    this.expected = expected;
  }
}

/** A checkpoint may only move forward; a smaller position is a bug in the caller or the source. */
export class CheckpointRegressionError extends Error {
  readonly expected: string | undefined;
  readonly next: string;
  constructor(expected: string | undefined, next: string) {
    super(`checkpoint would move backwards from ${expected ?? '(start)'} to ${next}`);
    this.name = 'CheckpointRegressionError';
    this.expected = expected;
    this.next = next;
  }
}

/** The projection's `apply` threw; wraps the cause so the runner can tell it from I/O failures. */
export class ApplyError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'ApplyError';
  }
}

/** A projection's registration is missing: the runner has not registered it yet. */
export class ProjectionNotRegisteredError extends Error {
  constructor(projection: string, version: number) {
    super(`projection ${projection}@${version} is not registered`);
    this.name = 'ProjectionNotRegisteredError';
  }
}
