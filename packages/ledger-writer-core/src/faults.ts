/**
 * Deterministic fault-injection points (guides/reliability.md §2.1, T7): named places in the
 * writer where a test may kill the process or throw. No-ops unless a test installs a hook; the
 * check is one comparison on the hot path.
 */
export const faultPoints = [
  /** A submission entered the queue. */
  'command-queued',
  /** A batch was decided and evolved, not yet appended. */
  'batch-decided',
  /** Right before the batch's append is issued. */
  'before-append',
  /** The append was issued and has not answered (a turn of the event loop later). */
  'during-append',
  /** The append committed; no command of the batch has been answered. */
  'after-commit-before-answer',
  /** Every command of the batch has been answered. */
  'after-answer',
] as const;

export type FaultPoint = (typeof faultPoints)[number];

export type FaultHook = (point: FaultPoint) => void;

let installed: FaultHook | undefined;

/** Installs `hook` for every fault point (tests only); returns a function that removes it. */
export function installFaultHook(hook: FaultHook): () => void {
  installed = hook;
  return () => {
    if (installed === hook) installed = undefined;
  };
}

export function hasFaultHook(): boolean {
  return installed !== undefined;
}

/** Reaches a fault point: the installed hook may throw, or end the process. */
export function fault(point: FaultPoint): void {
  if (installed !== undefined) installed(point);
}
