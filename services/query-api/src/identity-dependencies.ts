import type { AccessTokenVerifier } from '@ledger/auth';
import type { CheckpointAwaiter } from '@ledger/projection-runner';

/** What identity needs in the query API, built by main.ts (or a test) and passed to createApp. */
export type IdentityReadDependencies = {
  verifier: AccessTokenVerifier;
  now: () => Date;
  /** Read-your-writes: waits for the projections to reach `?after=<position>`. */
  awaiter: CheckpointAwaiter;
  /** Mounts development-only routes (the open mail outbox). Never in production. */
  development: boolean;
};
