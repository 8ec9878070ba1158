import { sql } from 'kysely';
import type { AnyDb } from './asset-queries.ts';

/**
 * The values a member typed into an asset's deposit or withdraw extra form, kept out
 * of events because they may be personal data (DESIGN.md §4, docs/adr/0008): one row per request
 * in `request_extra_form_personal_data` (migration 0021), written before the request's first
 * event, joined by lists at read time, blanked when the member withdraws.
 */
export type ExtraFormRequestKind = 'deposit_request' | 'withdrawal';

/** Stores a request's values once (a retry of the same request keeps the first). */
export async function insertExtraFormValues(
  db: AnyDb,
  input: {
    kind: ExtraFormRequestKind;
    requestId: string;
    memberSeq: number;
    asset: string;
    values: Readonly<Record<string, string>>;
  },
): Promise<void> {
  if (Object.keys(input.values).length === 0) return;
  await sql`INSERT INTO request_extra_form_personal_data
      (request_kind, request_id, member_seq, asset, field_values)
    VALUES (${input.kind}, ${input.requestId}, ${input.memberSeq}, ${input.asset},
      ${JSON.stringify(input.values)}::jsonb)
    ON CONFLICT (request_kind, request_id) DO NOTHING`.execute(db);
}

/** The values of some requests by id (erased or absent ones are not in the map). */
export async function readExtraFormValues(
  db: AnyDb,
  kind: ExtraFormRequestKind,
  requestIds: readonly string[],
): Promise<Map<string, Record<string, string>>> {
  if (requestIds.length === 0) return new Map();
  const { rows } = await sql<{
    request_id: string;
    field_values: Record<string, string>;
  }>`SELECT request_id, field_values FROM request_extra_form_personal_data
    WHERE request_kind = ${kind} AND request_id = ANY(${[...requestIds]}::text[])
      AND field_values IS NOT NULL`.execute(db);
  return new Map(rows.map((row) => [row.request_id, row.field_values]));
}

/** A withdrawn member's values are blanked (idempotent; no event is rewritten). */
export async function eraseExtraFormValues(
  db: AnyDb,
  memberSeq: number,
  erasedAt: string,
): Promise<void> {
  await sql`UPDATE request_extra_form_personal_data SET field_values = NULL,
      erased_at = COALESCE(erased_at, ${erasedAt}::timestamptz)
    WHERE member_seq = ${memberSeq}`.execute(db);
}
