import type { IdentityDb } from './tables.ts';

/**
 * Client IP and user agent of a request that appended events (DESIGN.md §2): personal data, so
 * never in an event; events carry the request id and the logs join this table at query time.
 */
export async function recordRequestMetadata(
  db: IdentityDb,
  metadata: {
    requestId: string;
    memberSeq: number | null;
    ipAddress: string | null;
    userAgent: string | null;
  },
): Promise<void> {
  await db
    .insertInto('identity_request_metadata')
    .values({
      request_id: metadata.requestId,
      member_seq: metadata.memberSeq,
      ip_address: metadata.ipAddress,
      user_agent: metadata.userAgent?.slice(0, 512) ?? null,
    })
    .onConflict((conflict) => conflict.column('request_id').doNothing())
    .execute();
}

/** Retention: drops metadata older than `olderThan` (run by a periodic job). */
export async function purgeRequestMetadata(db: IdentityDb, olderThan: Date): Promise<number> {
  const result = await db
    .deleteFrom('identity_request_metadata')
    .where('recorded_at', '<', olderThan)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
