import { z } from 'zod';
import { DecimalTextSchema } from './ledger.ts';

/**
 * The continuous reconciliation's runs (T25, docs/adr/0020) on the wire: GET (query API) and POST
 * (write API) /admin/ledger-reconciliation answer `{ data: run }`. The services type what they
 * send with these (`satisfies ReconciliationRun`), so the domain's findings
 * (ledger-projections `ReconciliationFinding`) and this schema cannot drift apart unseen.
 */
const SideSchema = z.enum(['replayed', 'projected']);

/** One discrepancy a reconciliation run names (ledger-projections `ReconciliationFinding`). */
export const ReconciliationFindingSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('NegativeBalance'),
    source: SideSchema,
    account: z.string(),
    asset: z.string(),
    balance: DecimalTextSchema,
    available: DecimalTextSchema,
  }),
  // `projected` and `replayed` are not always amounts: a status, or `missing` / `present`.
  z.object({
    kind: z.literal('ProjectionMismatch'),
    account: z.string(),
    field: z.string(),
    projected: z.string(),
    replayed: z.string(),
  }),
  z.object({
    kind: z.literal('LiabilitiesExceedHoldings'),
    asset: z.string(),
    liabilities: DecimalTextSchema,
    holdings: DecimalTextSchema,
  }),
  z.object({
    kind: z.literal('ZeroSumBroken'),
    source: SideSchema,
    asset: z.string(),
    sum: DecimalTextSchema,
  }),
  z.object({
    kind: z.literal('ReplayBroken'),
    revision: z.string().nullable(),
    eventId: z.string().nullable(),
    error: z.string(),
  }),
  z.object({
    kind: z.literal('ProjectionStopped'),
    projection: z.string(),
    eventId: z.string().nullable(),
    eventType: z.string().nullable(),
    error: z.string(),
  }),
]);
export type ReconciliationFinding = z.infer<typeof ReconciliationFindingSchema>;

/** A continuous reconciliation run (T25, docs/adr/0020) as both endpoints answer it. */
export const ReconciliationRunSchema = z.object({
  run_id: z.string(),
  status: z.enum(['ok', 'discrepancy']),
  started_at: z.string(),
  finished_at: z.string(),
  checked_position: z.string().nullable(),
  /** The last ledger revision the replay folded; "-1" when the ledger had no event. */
  checked_revision: z.string(),
  accounts_checked: z.number().int(),
  assets_checked: z.number().int(),
  findings_total: z.number().int(),
  /** Exact per kind, while `findings` keeps only the first ones. */
  counts: z.record(z.string(), z.number().int()),
  findings: z.array(ReconciliationFindingSchema),
});
export type ReconciliationRun = z.infer<typeof ReconciliationRunSchema>;
export const ReconciliationRunAnswerSchema = z.object({ data: ReconciliationRunSchema });
