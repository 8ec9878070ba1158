/** Every bound of the command handler and the process runner in one place. */
export const commandLimits = {
  /**
   * Decisions of one command, at most: the first on the stream as read, the others after a
   * concurrent append moved the stream on (re-deciding a pure decide is safe).
   */
  attemptsMax: 8,
} as const;

export const processLimits = {
  /** Steps of one run of a process, at most: more is a next-step function that never settles. */
  stepsMax: 16,
  /** Processes a resumer's poll takes from one process type's work list per round, at most. */
  pendingMax: 500,
  /** Milliseconds between two polls of the resumer's work lists, by default. */
  pollIntervalMs: 2_000,
  /** Milliseconds a caller waits, at most, for a process to reach a state it asked for. */
  waitMs: 5_000,
  /** Milliseconds between two reads of a process stream while waiting. */
  waitPollMs: 10,
} as const;
