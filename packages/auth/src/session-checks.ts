import type { IdentityDb } from '@ledger/identity-store';
import { sql } from 'kysely';

/** What an authenticated request needs of its live session. */
export type LiveSession = { usedOtp: boolean };

/**
 * The revocation check of every authenticated request (logout, password or OTP change, deny,
 * withdrawal end a session at once, whatever the access token's expiry).
 */
export type SessionChecker = {
  /**
   * The session when it exists for this member, is not revoked and has not reached its absolute
   * expiry at `now`. The database is read after the call: a revocation committed before it is
   * always seen (no cache, so the staleness bound is zero).
   */
  check(sessionId: string, memberSeq: number, now: Date): Promise<LiveSession | undefined>;
};

type Waiter = {
  memberSeq: number;
  nowMs: number;
  resolve(session: LiveSession | undefined): void;
  reject(error: unknown): void;
};

type SessionRow = {
  session_id: string;
  member_seq: string;
  used_otp: boolean;
  revoked: boolean;
  /** absolute_expires_at as microseconds since the epoch (exact: below 2^53 until year 2255). */
  expires_us: string;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks that arrive in the same turn of the event loop share one query (`session_id = ANY`), so
 * under load the write API reads the sessions table once per turn instead of once per request.
 * While `readsInFlightMax` reads are under way, new checks wait and share the next read (group
 * commit's idea: the busier Postgres is, the more checks one read answers), but never longer than
 * `deferMaxMs`, so a slow or stuck read cannot hold every other request back. Every check is still
 * answered from a read that started after it was asked: coalescing changes the number of round
 * trips, never what a request sees. A failed read fails only the checks it carried (the caller's
 * error handling applies, as for the single read before).
 */
export function createSessionChecker(
  db: IdentityDb,
  options: { batchMax?: number; readsInFlightMax?: number; deferMaxMs?: number } = {},
): SessionChecker {
  const batchMax = options.batchMax ?? 1_000;
  const readsInFlightMax = options.readsInFlightMax ?? 1;
  const deferMaxMs = options.deferMaxMs ?? 20;
  let pending = new Map<string, Waiter[]>();
  let scheduled = false;
  let inFlight = 0;
  let deferred: NodeJS.Timeout | undefined;

  const schedule = () => {
    if (scheduled || pending.size === 0) return;
    scheduled = true;
    setImmediate(() => flush(false));
  };

  const flush = (force: boolean) => {
    scheduled = false;
    if (pending.size === 0) return;
    if (!force && inFlight >= readsInFlightMax) {
      // The read under way will flush when it ends; the timer bounds the wait if it does not.
      deferred ??= setTimeout(() => {
        deferred = undefined;
        flush(true);
      }, deferMaxMs);
      return;
    }
    if (deferred !== undefined) {
      clearTimeout(deferred);
      deferred = undefined;
    }
    const taken = pending;
    pending = new Map();
    const ids = [...taken.keys()];
    for (let start = 0; start < ids.length; start += batchMax) {
      inFlight += 1;
      void readBatch(db, ids.slice(start, start + batchMax), taken).finally(() => {
        inFlight -= 1;
        schedule();
      });
    }
  };

  return {
    check(sessionId, memberSeq, now) {
      // Our own tokens always carry a UUID; anything else names no session (and must not reach
      // a uuid[] cast that would fail the other requests of the turn).
      if (!uuidPattern.test(sessionId)) return Promise.resolve(undefined);
      const id = sessionId.toLowerCase();
      return new Promise((resolve, reject) => {
        const waiter: Waiter = { memberSeq, nowMs: now.getTime(), resolve, reject };
        const waiting = pending.get(id);
        if (waiting === undefined) pending.set(id, [waiter]);
        else waiting.push(waiter);
        schedule();
      });
    },
  };
}

async function readBatch(
  db: IdentityDb,
  ids: string[],
  waiters: Map<string, Waiter[]>,
): Promise<void> {
  let rows: SessionRow[];
  try {
    // Not marked `prepared`: a generic plan of `= ANY(array parameter)` made while the table was
    // small can scan every row (the projector's lesson, ADR 0007); planning it costs ~1 µs here.
    const result = await sql<SessionRow>`
      SELECT session_id::text AS session_id, member_seq::text AS member_seq, used_otp,
             revoked_at IS NOT NULL AS revoked,
             (extract(epoch FROM absolute_expires_at) * 1000000)::int8::text AS expires_us
        FROM identity_sessions WHERE session_id = ANY(${ids}::uuid[])`.execute(db);
    rows = result.rows;
  } catch (error) {
    for (const id of ids) for (const waiter of waiters.get(id) ?? []) waiter.reject(error);
    return;
  }
  const byId = new Map<string, SessionRow>();
  for (const row of rows) byId.set(row.session_id, row);
  for (const id of ids) {
    const row = byId.get(id);
    for (const waiter of waiters.get(id) ?? []) {
      const live =
        row !== undefined &&
        !row.revoked &&
        Number(row.member_seq) === waiter.memberSeq &&
        Number(row.expires_us) > waiter.nowMs * 1_000;
      waiter.resolve(live ? { usedOtp: row.used_otp } : undefined);
    }
  }
}
