import { createAccessTokenVerifier, importVerificationKey } from '@ledger/auth';
import type { Db } from '@ledger/db';
import { createCheckpointAwaiter } from '@ledger/projection-runner';
import type { IdentityReadDependencies } from './identity-dependencies.ts';
import { limits } from './limits.ts';

/** Identity's read-side dependencies: only the public key (the query API cannot sign tokens). */
export function createIdentityReadDependencies(input: {
  db: Db;
  tokenVerificationKey: string;
  development: boolean;
}): IdentityReadDependencies {
  const { publicKey } = importVerificationKey(input.tokenVerificationKey);
  return {
    verifier: createAccessTokenVerifier(publicKey, {
      cacheSizeMax: limits.accessTokenCacheSizeMax,
    }),
    now: () => new Date(),
    awaiter: createCheckpointAwaiter(input.db),
    development: input.development,
  };
}
