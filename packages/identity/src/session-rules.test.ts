// Proves the refresh-family rules: the current generation rotates, the previous one gets the
// current token back only inside the grace window, any other older generation is a reuse that
// revokes the family, and revoked, expired or impossible generations are refused.
import { describe, expect, it } from 'vitest';
import { decideRefresh, type RefreshFamily } from './session-rules.ts';

const family: RefreshFamily = {
  sessionId: 's1',
  memberSeq: 1,
  generation: 3,
  rotatedAt: '2025-01-15T03:00:00.000Z',
  absoluteExpiresAt: '2025-01-29T03:00:00.000Z',
  revokedAt: null,
};
const justAfter = '2025-01-15T03:00:04.000Z';
const later = '2025-01-15T03:00:06.000Z';

describe('decideRefresh', () => {
  it('rotates the current generation', () => {
    expect(decideRefresh(family, 3, later, 5)).toEqual({ kind: 'rotate', generation: 4 });
  });

  it('returns the current generation to the previous one within the grace window', () => {
    expect(decideRefresh(family, 2, justAfter, 5)).toEqual({ kind: 'grace', generation: 3 });
  });

  it('treats the previous generation after the window, and any older one, as reuse', () => {
    expect(decideRefresh(family, 2, later, 5)).toEqual({ kind: 'reuse' });
    expect(decideRefresh(family, 1, justAfter, 5)).toEqual({ kind: 'reuse' });
    expect(decideRefresh(family, 2, justAfter, 0)).toEqual({ kind: 'reuse' });
  });

  it('refuses revoked and expired families and generations that never existed', () => {
    expect(decideRefresh({ ...family, revokedAt: later }, 3, later, 5)).toEqual({
      kind: 'revoked',
    });
    expect(decideRefresh(family, 3, '2025-01-29T03:00:01.000Z', 5)).toEqual({ kind: 'expired' });
    expect(decideRefresh(family, 4, later, 5)).toEqual({ kind: 'invalid' });
    expect(decideRefresh(family, -1, later, 5)).toEqual({ kind: 'invalid' });
  });
});
