import { isAfter, type MemberSeq, type Timestamp } from './identity-types.ts';

/**
 * A session is one refresh-token family. Its refresh token rotates on every use: generation g is
 * replaced by g + 1. A token of an older generation is a reuse (a stolen copy, or a second tab):
 * within the grace window after the last rotation, the previous generation gets the current token
 * back (two tabs refreshing at once stay logged in); otherwise the whole family is revoked.
 */
export type RefreshFamily = {
  sessionId: string;
  memberSeq: MemberSeq;
  generation: number;
  rotatedAt: Timestamp | null;
  absoluteExpiresAt: Timestamp;
  revokedAt: Timestamp | null;
};

export type RefreshDecision =
  | { kind: 'rotate'; generation: number }
  | { kind: 'grace'; generation: number }
  | { kind: 'reuse' }
  | { kind: 'revoked' }
  | { kind: 'expired' }
  | { kind: 'invalid' };

export function decideRefresh(
  family: RefreshFamily,
  presentedGeneration: number,
  now: Timestamp,
  graceSeconds: number,
): RefreshDecision {
  if (family.revokedAt !== null) return { kind: 'revoked' };
  if (isAfter(now, family.absoluteExpiresAt)) return { kind: 'expired' };
  if (presentedGeneration > family.generation || presentedGeneration < 0)
    return { kind: 'invalid' };
  if (presentedGeneration === family.generation) {
    return { kind: 'rotate', generation: family.generation + 1 };
  }
  // The window is half-open, [rotatedAt, rotatedAt + grace): a grace of 0 accepts no reuse.
  const inGrace =
    presentedGeneration === family.generation - 1 &&
    family.rotatedAt !== null &&
    Date.parse(now) < Date.parse(family.rotatedAt) + graceSeconds * 1_000;
  return inGrace ? { kind: 'grace', generation: family.generation } : { kind: 'reuse' };
}
