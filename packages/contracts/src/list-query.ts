import { z } from 'zod';
import { text } from './text.ts';

/**
 * One query-string shape for every list (DESIGN.md §5): server-side paging, sorting, a date range
 * (explicit, or a SPEC §9 shortcut resolved on the server in the service time zone), a free-text
 * search, `no_paging=1` where SPEC allows it, and `after=<position>` for read-your-writes.
 * A list adds its own sort keys and filters with `listQuerySchema`.
 * @example ?page=2&page_size=50&sort=regdate&order=asc&date_range=last_7_days&search=kim
 */
export const dateRangeShortcuts = [
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'last_7_days',
  'last_30_days',
] as const;
export type DateRangeShortcut = (typeof dateRangeShortcuts)[number];

export const listPageSizeMax = 100;
/** Rows `no_paging=1` answers at most: a longer list is a 400 no_paging_too_many, never a part. */
export const listNoPagingMax = 1_000;

/** `YYYY-MM-DD` (a whole day in the service time zone) or an ISO instant with its offset. */
export const DateBoundSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** An event-store position (`?after=`), opaque to clients. */
export const PositionSchema = z.string().regex(/^[0-9:]{1,64}$/);

/** A boolean filter in a query string: `true`/`false` or `1`/`0`. */
export const QueryBooleanSchema = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/**
 * The query of an approve-all: `?dry_run=true` answers what it would approve (how many requests
 * and how much per asset) and approves nothing, so the screen can ask to confirm first.
 */
export const ApproveAllQuerySchema = z.strictObject({ dry_run: QueryBooleanSchema.optional() });

/** A positive integer id in a query string or path. */
export const QuerySeqSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

const listQueryShape = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(listPageSizeMax).default(20),
  order: z.enum(['asc', 'desc']).default('desc'),
  date_from: DateBoundSchema.optional(),
  date_to: DateBoundSchema.optional(),
  date_range: z.enum(dateRangeShortcuts).optional(),
  search: text({ trim: true, min: 1, max: 100 }).optional(),
  no_paging: z.enum(['0', '1']).optional(),
  after: PositionSchema.optional(),
};

/** The list query of one list: its sort keys (the first is the default) and its own filters. */
export function listQuerySchema<
  const Sort extends readonly [string, ...string[]],
  Filters extends z.ZodRawShape = Record<never, never>,
>(options: { sortable: Sort; filters?: Filters }) {
  return z
    .strictObject({
      ...listQueryShape,
      sort: z.enum(options.sortable).default(options.sortable[0] as Sort[number]),
      ...((options.filters ?? {}) as Filters),
    })
    .refine(
      (query) => {
        const bounds = query as { date_range?: string; date_from?: string };
        return bounds.date_range === undefined || bounds.date_from === undefined;
      },
      {
        message: 'date_range and date_from exclude each other',
        path: ['date_range'],
      },
    );
}

export const ListPagingSchema = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
});
export type ListPaging = z.infer<typeof ListPagingSchema>;

/** Every list answers `{ data: [...], paging }`. */
export function listAnswerSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ data: z.array(item), paging: ListPagingSchema });
}

/** One asset of an approve-all's dry run: how many requests it would approve and their total. */
export const ApproveAllPreviewAssetSchema = z.strictObject({
  asset: z.string().min(1),
  requests: z.number().int().min(0),
  total: z.string().regex(/^-?[0-9]+(\.[0-9]+)?$/),
});

/** The answer of an approve-all's dry run (`?dry_run=true`): it approved nothing. */
export const ApproveAllPreviewSchema = z.strictObject({
  dry_run: z.literal(true),
  asset: z.string().nullable(),
  requests: z.number().int().min(0),
  per_asset: z.array(ApproveAllPreviewAssetSchema),
});
export type ApproveAllPreview = z.infer<typeof ApproveAllPreviewSchema>;
