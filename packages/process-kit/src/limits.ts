/** Every bound of the command handler in one place. */
export const commandLimits = {
  /**
   * Decisions of one command, at most: the first on the stream as read, the others after a
   * concurrent append moved the stream on (re-deciding a pure decide is safe).
   */
  attemptsMax: 8,
} as const;
